package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.runner.Home;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's own service in the race, from its service file: started by the file's command with dbrace's settings in its
 * environment, its endpoints the race's requests, every answer checked as the file says, side by side with dbrace's own
 * variant. The "user's" application here is a real one outside the race's catalog: dbrace's vertx-web service, started
 * through a file as any Java service would be, with the environment the file maps.
 */
class ServiceFileRaceIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  /** A service file starting the built vertx-web service as a user's application named {@code name}. */
  private Path file(String name, String idType, String extraStart) throws Exception {
    Path module = Home.dir().resolve("services/vertx-web/target");
    String classpath = module.resolve("classes") + ":" + Files.readString(module.resolve("runtime.classpath")).trim();
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String text = """
        name: %s
        start:
          command: ["%s", -cp, "%s", dev.dbrace.services.vertxweb.VertxWebService]
        %s  env:
            DBRACE_HTTP_HOST: "${http.host}"
            DBRACE_HTTP_PORT: "${http.port}"
            DBRACE_DB_HOST: "${db.host}"
            DBRACE_DB_PORT: "${db.port}"
            DBRACE_DB_NAME: "${db.name}"
            DBRACE_DB_USER: "${db.user}"
            DBRACE_DB_PASSWORD: "${db.password}"
            DBRACE_POOL: "${pool}"
            DBRACE_DB_ENGINE: postgresql
            DBRACE_REMOTE_URL: "http://127.0.0.1:9"
            DBRACE_APPLICATION_NAME: "${db.application-name}"
        endpoints:
          - name: db
            path: /db
            expect:
              content-type: application/json
              json:
                - {path: "$.id", type: %s, min: 1, max: 10000}
                - {path: "$.randomNumber", type: integer, min: 1, max: 10000}
          - name: queries
            path: /queries?queries=$1
            params: [{uniform: {min: 1, max: 5}}]
            expect:
              json:
                - {path: "$", type: array, length: {min: 1, max: 5}}
                - {path: "$[*].id", type: integer, min: 1, max: 10000}
          - name: film
            path: /film/$1
            params: [{uniform: {min: 1, max: 989}}]
            expect:
              rows: {sql: "%s"}
        """.formatted(name, java, classpath, extraStart, idType, idType.equals("integer")
        ? "select fid, title from nicer_but_slower_film_list where fid = $1"
        : "select fid, title || '!' as title from nicer_but_slower_film_list where fid = $1");
    Path f = dir.resolve(name + ".yaml");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void aUsersServiceRacesBesideDbracesOwnEveryAnswerCheckedAsItsFileSays() throws Exception {
    Path mine = file("mine", "integer", "  build: {command: [sh, -c, \"touch built.flag\"], creates: built.flag}\n");
    Path out = dir.resolve("race");
    Cli.Result r = Cli.run("serve-race", "--service", mine.toString(), "--services", "vertx-web", "--rounds", "1",
        "--executions", "300", "--concurrency", "4", "--warmup", "1s", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(Files.exists(dir.resolve("built.flag")), "the file's build ran once, before the race");
    JsonNode race = JSON.readTree(out.resolve("race.json").toFile());
    assertEquals("mine-endpoints", race.path("workload").path("name").asText(), "the file's endpoints are the race's");
    for (JsonNode run : race.path("runs")) {
      assertEquals("ok", run.path("status").asText(), run.toString());
      assertEquals(300, run.path("ops").asLong(), "every request verified: " + run.path("error_samples"));
      assertEquals(0, run.path("errors").asLong());
      assertTrue(run.path("process").path("cpu_user_s").asDouble() > 0, "the service's own process: " + run.path("process"));
    }
    JsonNode users = race.path("runs").get(0).path("stack").asText().equals("mine") ? race.path("runs").get(0)
        : race.path("runs").get(1);
    assertTrue(users.path("tls").isBoolean(), "its connections were found by ${db.application-name}: " + users);
    assertTrue(Files.readString(out.resolve("runs/mine/service.command")).contains("VertxWebService"),
        "the file's command, as started");
  }

  @Test
  void anAnswerTheFileCallsWrongIsAnErrorNamingTheCheck() throws Exception {
    Path strict = file("strict", "string", "");
    Path out = dir.resolve("strict-race");
    Cli.Result r = Cli.run("serve-race", "--service", strict.toString(), "--rounds", "1", "--executions", "100",
        "--concurrency", "2", "--warmup", "0s", "--out", out.toString());
    assertTrue(Files.exists(out.resolve("race.json")), r.err());
    JsonNode run = JSON.readTree(out.resolve("race.json").toFile()).path("runs").get(0);
    assertTrue(run.path("errors").asLong() > 0, run.toString());
    String kinds = run.path("errors_by_kind").toString();
    assertTrue(kinds.contains("$.id: integer, expected string"), kinds);
    assertTrue(kinds.contains("$: a row the query does not have"), "the rows check, on /film: " + kinds);
    assertTrue(run.path("ops").asLong() < 100, "a wrong answer is never throughput: " + run);
    assertTrue(r.exit() != 2, r.err());
  }

  @Test
  void aServiceThatExitsAtStartFailsItsRunInOneLine() throws Exception {
    Path f = dir.resolve("quits.yaml");
    Files.writeString(f, """
        name: quits
        start:
          command: [sh, -c, "echo cannot reach the database; exit 3"]
        endpoints:
          - {name: db, path: /db}
        """);
    Path out = dir.resolve("quits-race");
    Cli.Result r = Cli.run("serve-race", "--service", f.toString(), "--rounds", "1", "--executions", "10", "--out",
        out.toString());
    JsonNode run = JSON.readTree(out.resolve("race.json").toFile()).path("runs").get(0);
    assertEquals("failed", run.path("status").asText(), run.toString());
    assertTrue(run.path("message").asText().contains("quits exited with code 3 before it was ready"), run.toString());
    assertTrue(run.path("stderr_tail").toString().contains("cannot reach the database"), run.toString());
    assertEquals(1, r.exit(), r.err());
  }

  @Test
  void aServiceThatPrintsThePasswordFailsItsRunAndItsLogKeepsNone() throws Exception {
    Path f = file("talks", "integer", "");
    // the same service behind a shell that prints its whole environment first, as a careless start script would, and
    // leaves a child of its own running (a sidecar): both the service and its child must be gone after the run
    String marker = "sleep " + (100_000 + System.nanoTime() % 100_000);
    String text = Files.readString(f).replaceFirst("command: \\[\"", "command: [sh, -c, 'env; " + marker
        + " & exec \"\\$0\" \"\\$@\"', \"");
    Files.writeString(f, text);
    Path out = dir.resolve("talks-race");
    Cli.Result r = Cli.run("serve-race", "--service", f.toString(), "--rounds", "1", "--executions", "50", "--warmup", "0s",
        "--out", out.toString());
    JsonNode run = JSON.readTree(out.resolve("race.json").toFile()).path("runs").get(0);
    assertEquals("failed", run.path("status").asText(), r.err() + run);
    assertTrue(run.path("message").asText().contains("wrote the database password into its output"), run.toString());
    String log = Files.readString(out.resolve("runs/talks/service.log"));
    assertTrue(log.contains("DBRACE_DB_PASSWORD=***"), "the printed variable is still there, its value redacted");
    assertTrue(run.path("ops").asLong() > 0, "its figures are kept: " + run);
    assertTrue(ProcessHandle.allProcesses().noneMatch(p -> p.info().commandLine().orElse("").contains(marker)),
        "the service's own child was stopped with it");
  }

  @Test
  void aServiceListeningElsewhereThanToldFailsItsRunSayingWhere() throws Exception {
    Path f = file("astray", "integer", "");
    int other = freePort();
    Files.writeString(f, Files.readString(f).replace("DBRACE_HTTP_PORT: \"${http.port}\"", "DBRACE_HTTP_PORT: \"" + other + "\""));
    Path out = dir.resolve("astray-race");
    long t0 = System.nanoTime();
    Cli.run("serve-race", "--service", f.toString(), "--rounds", "1", "--executions", "10", "--out", out.toString());
    JsonNode run = JSON.readTree(out.resolve("race.json").toFile()).path("runs").get(0);
    assertEquals("failed", run.path("status").asText(), run.toString());
    assertTrue(run.path("message").asText().contains("astray listens on 127.0.0.1:" + other + ", not on 127.0.0.1:"),
        run.toString());
    assertTrue(System.nanoTime() - t0 < 45_000_000_000L, "told within seconds, not after the 60 s health limit");
  }

  /**
   * A service already running (started here, as a user's would be) raced at its url: from outside only, its process
   * figures missing and said so; with --pid its process measured.
   */
  @Test
  void aServiceAlreadyRunningIsRacedAtItsUrlItsProcessReadOnlyWithPid() throws Exception {
    Path module = Home.dir().resolve("services/vertx-web/target");
    String classpath = module.resolve("classes") + ":" + Files.readString(module.resolve("runtime.classpath")).trim();
    int port = freePort();
    var db = TestDb.get().target();
    ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        classpath, "dev.dbrace.services.vertxweb.VertxWebService").redirectErrorStream(true)
        .redirectOutput(dir.resolve("running.log").toFile());
    pb.environment().putAll(Map.of("DBRACE_HTTP_HOST", "127.0.0.1", "DBRACE_HTTP_PORT", Integer.toString(port),
        "DBRACE_DB_HOST", db.host(), "DBRACE_DB_PORT", Integer.toString(db.port()), "DBRACE_DB_NAME", db.database(),
        "DBRACE_DB_USER", db.user(), "DBRACE_DB_PASSWORD", db.password(), "DBRACE_POOL", "4",
        "DBRACE_REMOTE_URL", "http://127.0.0.1:9", "DBRACE_APPLICATION_NAME", "running"));
    Process running = pb.start();
    try {
      awaitHealth(port, running); // a user's service is up before they race it at its url:
      Path f = dir.resolve("running.yaml");
      Files.writeString(f, """
          name: running
          url: http://127.0.0.1:%d
          endpoints:
            - name: db
              path: /db
              expect:
                json: [{path: "$.randomNumber", type: integer, min: 1, max: 10000}]
          """.formatted(port));
      Path outside = dir.resolve("outside");
      Cli.Result r = Cli.run("serve-race", "--service", f.toString(), "--rounds", "1", "--executions", "200",
          "--concurrency", "4", "--warmup", "0s", "--out", outside.toString());
      assertEquals(0, r.exit(), r.err());
      assertTrue(r.err().contains("its CPU, memory and threads are not measured"), r.err());
      JsonNode run = JSON.readTree(outside.resolve("race.json").toFile()).path("runs").get(0);
      assertEquals(200, run.path("ops").asLong(), run.toString());
      assertTrue(run.path("process").isNull() || run.path("process").isMissingNode(), "no process read: " + run);
      assertTrue(run.path("generator").path("cpu_user_s").asDouble() > 0, "the generator's own: " + run);
      assertTrue(running.isAlive(), "dbrace does not stop a service it did not start");

      Path measured = dir.resolve("measured");
      Cli.Result withPid = Cli.run("serve-race", "--service", f.toString(), "--pid", Long.toString(running.pid()),
          "--rounds", "1", "--executions", "200", "--concurrency", "4", "--warmup", "0s", "--out", measured.toString());
      assertEquals(0, withPid.exit(), withPid.err());
      JsonNode runPid = JSON.readTree(measured.resolve("race.json").toFile()).path("runs").get(0);
      assertTrue(runPid.path("process").path("cpu_user_s").asDouble() > 0, "its process, by --pid: " + runPid);
      assertOneLineError(Cli.run("serve-race", "--service", f.toString(), "--pid", "999999999"), "no such process");
    } finally {
      running.destroy();
      running.waitFor();
    }
  }

  @Test
  void validateSaysWhatWouldRunAndRefusesABadFileInOneLine() throws Exception {
    Path mine = file("checked", "integer", "");
    Cli.Result ok = Cli.run("validate", mine.toString());
    assertEquals(0, ok.exit(), ok.err());
    assertTrue(ok.out().contains("service checked:") && ok.out().contains("queries: GET /queries?queries=$1"), ok.out());
    Path unbounded = dir.resolve("unbounded.yaml");
    Files.writeString(unbounded, Files.readString(mine).replace("params: [{uniform: {min: 1, max: 989}}]",
        "params: [{sequence: {start: 1}}]"));
    assertOneLineError(Cli.run("validate", unbounded.toString()), "expect.rows: the params it takes must have at most");
    Path bad = dir.resolve("bad.yaml");
    Files.writeString(bad, Files.readString(mine).replace("${db.password}", "secret"));
    assertOneLineError(Cli.run("validate", bad.toString()), "start.env.DBRACE_DB_PASSWORD holds a value where a secret goes");
    assertOneLineError(Cli.run("serve-race", "--service", bad.toString()), "holds a value where a secret goes");
    Path failing = dir.resolve("failing.yaml");
    Files.writeString(failing, Files.readString(mine).replace("name: checked", "name: failing")
        .replace("  env:", "  build: {command: [sh, -c, \"exit 4\"], creates: never.jar}\n  env:"));
    Cli.Result build = Cli.run("serve-race", "--service", failing.toString());
    assertEquals(2, build.exit(), build.err());
    assertTrue(build.err().strip().lines().reduce((x, y) -> y).orElse("").contains("failing: its build failed with code 4"),
        build.err());
    assertOneLineError(Cli.run("serve-race", "--service", mine.toString(), "--endpoint", "/db"),
        "the service files name the endpoints they race");
    try (Stream<Path> s = Files.list(dir)) {
      assertTrue(s.map(Path::getFileName).map(Path::toString).collect(Collectors.toSet()).stream()
          .noneMatch(n -> n.startsWith("results")), "nothing raced");
    }
  }

  /** Waits for a service this test started to answer its /health, as a user does before racing it at its url:. */
  private void awaitHealth(int port, Process p) throws Exception {
    URI health = URI.create("http://127.0.0.1:" + port + "/health");
    long deadline = System.nanoTime() + 60_000_000_000L;
    try (HttpClient client = HttpClient.newHttpClient()) {
      while (System.nanoTime() < deadline && p.isAlive()) {
        try {
          if (client.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            return;
          }
        } catch (IOException notYet) {
          // still starting
        }
        Thread.sleep(100);
      }
    }
    throw new AssertionError("the service did not come up: " + Files.readString(dir.resolve("running.log")));
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
