package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the command line checks about the engine before any server starts: stacks and services that do not speak it,
 * a URL of another engine, a workload that needs PostgreSQL, and which engines {@code list} names for each stack.
 */
class EngineChecksTest {
  private static final List<String> MARIADB_STACKS = List.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx");

  @Test
  void refusesStacksThatDoNotSpeakTheEngine() {
    assertOneLineError(Cli.run("run", "--engine", "firebird", "--stacks", "jdbc-platform"),
        "stack jdbc-platform does not speak Firebird");
    // only the default list is replaced by the engine's stacks; an explicit one is checked as given
    assertOneLineError(Cli.run("run", "--engine", "firebird", "--stacks", "jdbc-virtual,jdbc-platform,r2dbc,vertx"),
        "stack jdbc-virtual does not speak Firebird");
    assertOneLineError(Cli.run("run", "--stacks", "jdbc-firebird"), "stack jdbc-firebird does not speak PostgreSQL");
    assertOneLineError(Cli.run("run", "--engine", "postgresql", "--url", "firebird://u@h//x.fdb"),
        "--engine postgresql contradicts the --url");
    assertOneLineError(Cli.run("run", "--engine", "oracle"), "unknown engine 'oracle' (known: postgresql, firebird, mariadb)");
    assertOneLineError(Cli.run("run", "--engine", "firebird", "--stacks", "jdbc-firebird", "--workload", "film-title"),
        "workload film-title needs PostgreSQL");
    assertOneLineError(Cli.run("curve", "--level", "service", "--engine", "firebird", "--services", "vertx-web", "--concurrencies", "1"),
        "service vertx-web does not run on Firebird");
  }

  @Test
  void listNamesTheEnginesOfEachStack() {
    Cli.Result r = Cli.run("list");
    assertEquals(0, r.exit(), r.err());
    for (String stack : MARIADB_STACKS) {
      assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  " + stack + " ") && l.contains(" postgresql,mariadb ")), r.out());
    }
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  jdbc-firebird ") && l.contains(" firebird ")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  vertx-pipelined ") && l.contains(" postgresql ")), r.out());
  }

  @Test
  void refusesWhatMariaDbCannotRunInOneLine() {
    assertOneLineError(Cli.run("run", "--engine", "mariadb", "--stacks", "hibernate-orm"),
        "stack hibernate-orm does not speak MariaDB");
    assertOneLineError(Cli.run("run", "--engine", "mariadb", "--stacks", "vertx-pipelined"),
        "stack vertx-pipelined does not speak MariaDB");
    assertOneLineError(Cli.run("run", "--engine", "postgresql", "--url", "mariadb://u@h/db"),
        "--engine postgresql contradicts the --url, which is a MariaDB URL");
    assertOneLineError(Cli.run("run", "--engine", "mariadb", "--workload", "film-title"), "workload film-title needs PostgreSQL");
    assertOneLineError(Cli.run("run", "--engine", "mariadb", "--stacks", "http"), "unknown stack 'http'");
    assertOneLineError(Cli.run("run", "--url", "mysql://u:Secr3tPw@h/db", "--faults", "kill-connections@1s", "--load", "open",
        "--rate", "10", "--duration", "2s"), "--faults runs on PostgreSQL only", "Secr3tPw");
  }
}
