package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.Home;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gets one clear line on stderr and exit code 2, never a stack trace. */
class BadInputTest {

  @Test
  void unknownStack() {
    assertOneLineError(Cli.run("run", "--stacks", "jdbc-platform,nosuch"), "unknown stack 'nosuch'");
  }

  @Test
  void unknownWorkload() {
    assertOneLineError(Cli.run("run", "--workload", "nosuch"), "unknown workload 'nosuch'");
    assertOneLineError(Cli.run("run", "--scenario", "nosuch"), "unknown scenario 'nosuch'");
    assertOneLineError(Cli.run("capacity", "--scenario", "hibernate", "--sla", "p99=10ms", "--workload", "nosuch"),
        "unknown workload 'nosuch'");
  }

  @Test
  void badWorkloadOption() {
    assertOneLineError(Cli.run("run", "--workload", "slow-mix", "--workload-opt", "fraction=2"), "fraction=2");
  }

  @Test
  void badNumbers() {
    assertOneLineError(Cli.run("run", "--executions", "0"), "--executions must be > 0");
    assertOneLineError(Cli.run("run", "--pool", "0"), "--pool must be 1..1000");
    assertOneLineError(Cli.run("run", "--duration", "soon"), "not a duration");
    assertOneLineError(Cli.run("run", "--executions", "10", "--duration", "5s"), "not both");
    assertOneLineError(Cli.run("run", "--rounds", "0"), "--rounds must be 1..20, got 0");
    assertOneLineError(Cli.run("curve", "--rounds", "21", "--rates", "100"), "--rounds must be 1..20, got 21");
  }

  /** --spike: the form, then against the load; refused (not dropped) where no open loop takes it. */
  /** --agents: what it needs, and what agents cannot do yet, refused in one line before any cluster is joined. */
  @Test
  void badAgents() {
    assertOneLineError(Cli.run("run", "--bind", "127.0.0.1"), "--bind, --join and --cluster-key are for --agents");
    assertOneLineError(Cli.run("run", "--agents", "0", "--bind", "127.0.0.1"), "--agents must be 1..1000, got 0");
    assertOneLineError(Cli.run("run", "--agents", "2"), "--agents needs --bind ADDR");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "0.0.0.0"), "the wildcard address binds no member");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "192.0.2.77"), "is not an address of this host");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "127.0.0.1", "--jfr"), "--jfr is not for --agents yet");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "127.0.0.1", "--aot"), "--aot is not for --agents yet");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "127.0.0.1", "--load", "open", "--rate", "100",
        "--spike", "500@1s+1s"), "--spike is not for --agents yet");
    assertOneLineError(Cli.run("run", "--agents", "2", "--bind", "127.0.0.1", "--load", "open", "--rate", "100",
        "--faults", "kill-connections@1s"), "--faults is not for --agents yet");
  }

  @Test
  void badSpikes() {
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--spike", "soon"), "is not RATE@AT+FOR");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--spike", "0@2s+1s"), "the rate must be > 0");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--spike", "-5@2s+1s"), "the rate must be > 0");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--spike", "50@2s+1s"), "above the base rate 100/s");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--duration", "5s", "--spike", "500@4s+2s"),
        "ends after the measured phase's 5s");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--duration", "10s", "--spike", "500@2s+3s",
        "--spike", "800@4s+1s"), "overlap: one spike at a time");
    assertOneLineError(Cli.run("run", "--load", "open", "--rate", "100", "--spike", "500@0s+1s"), "start it at 1s or later");
    assertOneLineError(Cli.run("run", "--spike", "500@2s+1s"), "--spike is for an open loop");
    assertOneLineError(Cli.run("curve", "--concurrencies", "1,2", "--spike", "500@2s+1s"), "--spike is for an open loop");
    assertOneLineError(Cli.run("curve", "--rates", "100,600", "--step-duration", "5s", "--spike", "500@2s+1s"),
        "above the base rate 600/s");
    assertOneLineError(Cli.run("capacity", "--sla", "p99=10ms", "--spike", "500@2s+1s"), "--spike is for an open loop");
    Cli.Result ok = Cli.run("validate", Home.dir().resolve("examples/world.yaml").toString(), "--load", "open", "--rate", "100",
        "--duration", "10s", "--spike", "500@2s+1s");
    assertEquals(0, ok.exit(), ok.err());
    assertTrue(ok.out().contains("spike 500@2s+1s"), ok.out());
  }

  /** A scenario file's load.rounds is checked like --rounds, and what validate says run would do. */
  @Test
  void scenarioFileRounds(@TempDir Path dir) throws Exception {
    String file = """
        name: rounds
        operations:
          - {name: read, sql: "select id from world where id = $1", params: [{uniform: {min: 1, max: 10000}}]}
        load: {model: closed, concurrency: 4, duration: 1s, rounds: %d}
        """;
    Path bad = Files.writeString(dir.resolve("bad.yaml"), file.formatted(0));
    assertOneLineError(Cli.run("validate", bad.toString()), "rounds must be 1..20, got 0");
    Path good = Files.writeString(dir.resolve("good.yaml"), file.formatted(3));
    Cli.Result r = Cli.run("validate", good.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("3 rounds interleaved"), r.out());
    Cli.Result overridden = Cli.run("validate", good.toString(), "--rounds", "1");
    assertTrue(overridden.out().contains("1 round,"), overridden.out());
  }

  @Test
  void capacityRefusesRounds() {
    assertOneLineError(Cli.run("capacity", "--rounds", "2", "--sla", "p99=10ms"),
        "capacity runs one round: its search picks each next rate from the last result");
  }

  @Test
  void unknownOption() {
    assertOneLineError(Cli.run("run", "--nosuch"), "Unknown option");
  }

  @Test
  void badStackOption() {
    assertOneLineError(Cli.run("run", "--stacks", "vertx", "--stack-opt", "r2dbc.x=1"), "not in this race");
  }

  @Test
  void badUrl() {
    assertOneLineError(Cli.run("run", "--url", "mysql://x/y"), "");
  }

  @Test
  void badTlsSettingsInTheUrl() {
    assertOneLineError(Cli.run("run", "--url", "postgresql://u@127.0.0.1:1/d?sslmode=bogus"), "unknown sslmode 'bogus'");
    assertOneLineError(Cli.run("run", "--url", "postgresql://u@127.0.0.1:1/d?sslcert=/c.pem"), "parameter sslcert is not supported");
    assertOneLineError(Cli.run("run", "--url", "mariadb://u@127.0.0.1:1/d?sslmode=require"), "no TLS setting for MariaDB");
  }

  @Test
  void unreachableDatabase() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    assertOneLineError(Cli.run("run", "--url", "postgresql://postgres@127.0.0.1:" + port + "/postgres"), "cannot reach");
  }

  /** --wide (every column of the table) is a racing option: each racing command lists it and takes it. */
  @Test
  void everyRacingCommandTakesWide() {
    for (String command : List.of("run", "curve", "capacity", "serve-race")) {
      Cli.Result help = Cli.run(command, "--help");
      assertEquals(0, help.exit(), help.err());
      assertTrue(help.out().contains("--wide"), command + ": " + help.out());
    }
    // taken, so the race's own checks come next
    assertOneLineError(Cli.run("serve-race", "--wide", "--services", "nosuch"), "unknown service 'nosuch'");
    assertOneLineError(Cli.run("curve", "--wide", "--rates", "100", "--stacks", "nosuch"), "unknown stack 'nosuch'");
  }

  /** serve takes serve-race's E4 source options, checked alike before anything starts; --no-notifications refuses them. */
  @Test
  void serveChecksE4sSourceOptionsAsServeRaceDoes() {
    assertOneLineError(Cli.run("serve", "vertx-web", "--slow-source", "nap"), "--slow-source must be query or sleep, got 'nap'");
    assertOneLineError(Cli.run("serve", "vertx-web", "--mongo-docs", "2500"),
        "--mongo-docs: the notifications collection's size must be a multiple of 1000");
    assertOneLineError(Cli.run("serve", "vertx-web", "--mongo-url", "mongodb://dbrace:s3cretPw@"),
        "--mongo-url mongodb://dbrace@ is not a MongoDB URL", "s3cretPw");
    assertOneLineError(Cli.run("serve", "vertx-web", "--no-notifications", "--mongo-docs", "3000"),
        "--mongo-docs sets E4's /notifications sources, which --no-notifications leaves out");
    assertOneLineError(Cli.run("serve", "vertx-web", "--remote-delay", "50-20"), "--remote-delay");
  }
}
