package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.db.DbTarget;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A password given the ways a user gives one (PGPASSWORD, a pgpass file) to a real race on the
 * test PostgreSQL, as a role of its own with a distinctive password, must appear nowhere dbrace
 * writes: not in any file of the results folder (text or binary), not on stdout or stderr, not on
 * the command line of any process it starts (sampled from /proc while they run). A wrong one is
 * refused in one line that does not print it.
 */
class PasswordNowhereIT {
  private static final String ROLE = "dbrace_secrets_test";
  private static final String PASSWORD = "Zq7-SecretsTest-" + HexFormat.of().formatHex(
      SecureRandom.getSeed(6)) + "-pw";
  private static DbTarget admin;

  @BeforeAll
  static void createRole() throws Exception {
    admin = TestDb.get().target();
    try (Connection c = admin.connect(); Statement st = c.createStatement()) {
      st.execute("DROP ROLE IF EXISTS " + ROLE);
      // superuser: the runner reads pg_stat_statements of every backend
      st.execute("CREATE ROLE " + ROLE + " LOGIN SUPERUSER PASSWORD '" + PASSWORD + "'");
    }
  }

  @AfterAll
  static void dropRole() throws Exception {
    try (Connection c = admin.connect(); Statement st = c.createStatement()) {
      st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + ROLE + "'");
      st.execute("DROP ROLE IF EXISTS " + ROLE);
    }
  }

  private static String url() {
    return "postgresql://" + ROLE + "@" + admin.host() + ":" + admin.port() + "/" + admin.database();
  }

  @Test
  void passwordFromPgpasswordIsNowhereInARace(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    race(dir, out, Map.of("PGPASSWORD", PASSWORD), "run", "--url", url(), "--stacks", "jdbc-platform,vertx",
        "--executions", "400", "--warmup", "0s", "--rounds", "1", "--concurrency", "4", "--pool", "2", "--out", out.toString());
  }

  @Test
  void passwordFromAPgpassFileIsNowhereInARace(@TempDir Path dir) throws Exception {
    Path pgpass = dir.resolve("pgpass");
    Files.writeString(pgpass, admin.host() + ":" + admin.port() + ":*:" + ROLE + ":" + PASSWORD + "\n");
    Path out = dir.resolve("out");
    race(dir, out, Map.of("PGPASSFILE", pgpass.toString()), "run", "--url", url(), "--stacks", "r2dbc",
        "--executions", "300", "--warmup", "0s", "--rounds", "1", "--concurrency", "4", "--pool", "2", "--out", out.toString());
  }

  @Test
  void passwordIsNowhereInAServiceRace(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    race(dir, out, Map.of("PGPASSWORD", PASSWORD), "serve-race", "--rounds", "1", "--url", url(), "--services", "vertx-web",
        "--endpoint", "/db", "--executions", "300", "--warmup", "0s", "--concurrency", "4", "--pool", "2",
        "--out", out.toString());
  }

  @Test
  void wrongPasswordIsRejectedAndNotPrinted() throws Exception {
    var t = TestDb.get().target();
    String wrong = "Wr0ng-S3cret-xyz";
    Cli.Result r = Cli.run("run", "--url", "postgresql://postgres:" + wrong + "@127.0.0.1:" + t.port() + "/postgres");
    assertOneLineError(r, "password authentication failed");
    assertFalse(r.err().contains(wrong) || r.out().contains(wrong), "password printed: " + r.err());
  }

  @Test
  void scenarioFileWithAPasswordInItsUrlIsRefusedWithoutEchoingIt(@TempDir Path dir) throws Exception {
    String inline = "Inline-Pw-" + HexFormat.of().formatHex(SecureRandom.getSeed(4));
    for (String url : List.of("postgresql://app:" + inline + "@db.example:5432/shop",
        "jdbc:postgresql://db.example:5432/shop?user=app&password=" + inline,
        "postgresql://app:" + inline + "@db.example:notaport/shop")) {
      Path file = dir.resolve("s.yaml");
      Files.writeString(file, """
          name: inline password
          database: {url: "%s"}
          operations: [{name: one, sql: "select 1"}]
          """.formatted(url));
      for (String command : List.of("validate", "run")) {
        Cli.Result r = Cli.run(command, file.toString());
        assertOneLineError(r, ":2: database: url holds a password", inline);
      }
    }
    // the same URLs on validate's command line: told, the password left out
    Path file = dir.resolve("ok.yaml");
    Files.writeString(file, "name: fine\noperations: [{name: one, sql: \"select 1\"}]\n");
    for (String url : List.of("postgresql://app:" + inline + "@db.example:5432/shop",
        "jdbc:postgresql://db.example:5432/shop?user=app&password=" + inline)) {
      Cli.Result r = Cli.run("validate", file.toString(), "--url", url);
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.out().contains("postgresql://app@db.example:5432/shop"), r.out());
      assertFalse((r.out() + r.err()).contains(inline), () -> "the password was echoed: " + r.out());
    }
  }

  private static String both(String seen, String now) {
    return seen.contains(now) ? seen : seen + "\n" + now;
  }

  /** Runs the command in its own JVM, sampling its processes' command lines, then greps all it produced. */
  private static void race(Path dir, Path out, Map<String, String> env, String... args) throws Exception {
    Process dbrace = ForkedCli.start(dir, env, args);
    Map<Long, String> cmdlines = new ConcurrentHashMap<>();
    AtomicInteger samples = new AtomicInteger();
    try {
      // every command line a pid showed is kept: a child caught between fork and exec shows its parent's (longer)
      // command line, and keeping only the longest then lost the worker's own
      while (!dbrace.waitFor(50, TimeUnit.MILLISECONDS)) {
        samples.incrementAndGet();
        dbrace.descendants().forEach(p -> cmdlines.merge(p.pid(), cmdline(p.pid()), PasswordNowhereIT::both));
        cmdlines.merge(dbrace.pid(), cmdline(dbrace.pid()), PasswordNowhereIT::both);
      }
    } finally {
      dbrace.descendants().forEach(ProcessHandle::destroyForcibly);
      dbrace.destroyForcibly();
    }
    String stdout = Files.readString(dir.resolve("stdout"));
    String stderr = Files.readString(dir.resolve("stderr"));
    assertEquals(0, dbrace.exitValue(), () -> "the race ran on the password it was given:\n" + stderr);
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    race.path("runs").forEach(r -> assertEquals("ok", r.path("status").asText(), r.toString()));
    assertTrue(cmdlines.values().stream().anyMatch(c -> c.contains("WorkerMain")),
        () -> "a worker's command line was sampled (" + samples + " samples): " + cmdlines.values());

    List<String> leaks = new ArrayList<>();
    cmdlines.forEach((pid, c) -> {
      if (c.contains(PASSWORD)) {
        leaks.add("command line of " + pid + ": " + c);
      }
    });
    if (stdout.contains(PASSWORD)) {
      leaks.add("stdout");
    }
    if (stderr.contains(PASSWORD)) {
      leaks.add("stderr");
    }
    byte[] needle = PASSWORD.getBytes(StandardCharsets.UTF_8);
    List<Path> files;
    try (Stream<Path> all = Files.walk(out)) {
      files = all.filter(Files::isRegularFile).toList();
    }
    for (Path f : files) {
      if (contains(Files.readAllBytes(f), needle)) {
        leaks.add(out.relativize(f).toString());
      }
    }
    assertTrue(leaks.isEmpty(), "the password leaked into: " + leaks);
    Set<String> names = Set.copyOf(files.stream().map(f -> f.getFileName().toString()).toList());
    for (String expected : List.of("race.json", "summary.csv", "report.html", "worker.command", "latency.hlog")) {
      assertTrue(names.contains(expected), "the results hold " + expected + ": " + names);
    }
    System.err.println("[secrets-test] " + args[0] + ": " + files.size() + " files, " + cmdlines.size()
        + " command lines over " + samples + " samples, stdout and stderr: no password");
  }

  private static String cmdline(long pid) {
    try {
      return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
          .replace('\0', ' ');
    } catch (IOException gone) {
      return "";
    }
  }

  private static boolean contains(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i <= hay.length - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }
}
