package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.CacheDir;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.TlsDiffers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every stack connects the way --url's sslmode says, on a server with TLS on (a self-signed
 * certificate made here), and race.json records what the server saw of each run's connections.
 * Left to their drivers' defaults, pgjdbc would use TLS there and R2DBC and Vert.x would not.
 */
public class SslModeHonouredIT {
  private static final String STACKS = String.join(",", Defaults.STACKS);

  @TempDir
  static Path dir;
  private static EmbeddedPostgres server;
  private static Path cert;

  @BeforeAll
  static void startServerWithTls() throws Exception {
    cert = dir.resolve("server.crt");
    Path key = dir.resolve("server.key");
    // the certificate names 127.0.0.1, where the server listens, so verify-full can check it
    List<String> openssl = List.of("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key.toString(),
        "-out", cert.toString());
    Process p;
    try {
      p = new ProcessBuilder(openssl).redirectErrorStream(true).redirectOutput(dir.resolve("openssl.log").toFile())
          .start();
    } catch (IOException e) {
      Assumptions.abort("openssl is not installed, so no certificate for the TLS server: apt-get install -y openssl");
      return;
    }
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0,
        () -> "openssl failed: " + readQuietly(dir.resolve("openssl.log")));
    server = EmbeddedPostgres.startWithTls(CacheDir.resolve(), m -> System.err.println("[tls-pg] " + m), cert, key);
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void defaultPreferGivesEveryStackTls() throws Exception {
    JsonNode race = race("", STACKS, "prefer");
    assertTls(race, true, 4);
  }

  @Test
  void requireGivesEveryStackTls() throws Exception {
    assertTls(race("?sslmode=require", STACKS, "require"), true, 4);
  }

  @Test
  void disableInTheUrlIsHonouredByEveryStack() throws Exception {
    // the defect this catches: pgjdbc negotiating TLS whatever the URL says
    assertTls(race("?sslmode=disable", STACKS, "disable"), false, 4);
  }

  @Test
  void verifyFullChecksTheCertificateOnEveryDriver() throws Exception {
    // one stack per driver (Hibernate Reactive's Vert.x 4.5 client is set up apart); the certificate is its own root
    assertTls(race("?sslmode=verify-full&sslrootcert=" + cert, "jdbc-platform,r2dbc,vertx,hibernate-reactive",
        "verify-full"), true, 4);
  }

  @Test
  void everyServiceKindConnectsAsTheUrlSays() throws Exception {
    // one variant per way of setting it of its own: pgjdbc through Quarkus's computed properties, Vert.x 5's
    // options in vertx-web, Vert.x 4.5 through Quarkus, and pg, whose prefer the service finds out itself
    // (mvc-jdbc and webflux-r2dbc set the same driver settings as the jdbc and r2dbc stacks; pg-native's libpq
    // takes sslmode as it is)
    String services = "vertx-web,quarkus-orm,quarkus-reactive,node-async-pool";
    Path out = dir.resolve("serve-race");
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--url", url(""), "--services", services, "--endpoint", "/db",
        "--duration", "500ms", "--warmup", "300ms", "--pool", "2", "--concurrency", "4", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals("prefer", race.path("settings").path("sslmode").asText());
    assertTls(race, true, services.split(",").length);
  }

  @Test
  void aStackThatCannotVerifyWithoutARootCertificateIsRefused() {
    Cli.Result r = Cli.run("run", "--url", url("?sslmode=verify-ca"), "--stacks", "jdbc-platform,vertx",
        "--duration", "1s", "--out", dir.resolve("refused").toString());
    assertOneLineError(r, "stack vertx cannot do sslmode=verify-ca");
    assertFalse(Files.exists(dir.resolve("refused").resolve("race.json")), "refused before the race started");
  }

  @Test
  void aServiceThatCannotDoTheModeIsRefused() {
    Path out = dir.resolve("refused-service");
    Cli.Result allow = Cli.run("serve-race", "--url", url("?sslmode=allow"), "--services", "mvc-jdbc,node-async-pool",
        "--endpoint", "/db", "--duration", "1s", "--out", out.toString());
    assertOneLineError(allow, "service node-async-pool cannot do sslmode=allow");
    Cli.Result verify = Cli.run("serve-race", "--url", url("?sslmode=verify-ca"), "--services", "vertx-web",
        "--endpoint", "/db", "--duration", "1s", "--out", out.toString());
    assertEquals(2, verify.exit(), verify.err());
    assertTrue(verify.err().contains("service vertx-web cannot do sslmode=verify-ca without a root certificate"), verify.err());
    assertFalse(Files.exists(out.resolve("race.json")), "refused before the race started");
  }

  @Test
  void theEmbeddedServerRunsWithoutTls(@TempDir Path out) throws Exception {
    DbTarget t = TestDb.get().target();
    try (Connection c = t.connect(); ResultSet rs = c.createStatement().executeQuery("SHOW ssl")) {
      rs.next();
      assertEquals("off", rs.getString(1));
    }
    List<RunRecord> runs = Races.run(Races.settings(List.of("vertx"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Closed(200, 0, 4), 2, 0), out, new RunListener() {});
    assertEquals("ok", runs.get(0).status().label(), runs.get(0)::message);
    assertEquals(Tls.OFF, runs.get(0).probes().tls(), "asked to prefer TLS, the stack found the server without it");
  }

  @Test
  void runsThatDifferInTlsAreToldInOneLine() {
    LoadModel load = new LoadModel.Closed(1, 0, 1);
    RunRecord a = RunRecord.withoutFigures("jdbc-platform", "point-select", load, "race", 0, 0, RunStatus.OK, null, List.of(),
        null, 0);
    RunRecord b = RunRecord.withoutFigures("r2dbc", "point-select", load, "race", 0, 0, RunStatus.OK, null, List.of(),
        null, 0);
    assertTrue(TlsDiffers.line(List.of(a.withProbes(p -> p.withTls(Tls.ON)), b.withProbes(p -> p.withTls(Tls.ON)))).isEmpty());
    assertTrue(TlsDiffers.line(List.of(a.withProbes(p -> p.withTls(Tls.ON)), b)).isEmpty(), "a run without a reading is no difference");
    String line = TlsDiffers.line(List.of(a.withProbes(p -> p.withTls(Tls.ON)), b.withProbes(p -> p.withTls(Tls.OFF)))).orElseThrow();
    assertTrue(line.contains("TLS yes: jdbc-platform") && line.contains("TLS no: r2dbc"), line);
    assertTrue(TlsDiffers.line(List.of(a.withProbes(p -> p.withTls(Tls.MIXED)))).isPresent(), "one run half with TLS is worth a line");
  }

  /** A race of {@code stacks} on the TLS server with {@code query} after its URL; race.json read back. */
  private static JsonNode race(String query, String stacks, String expectedMode) throws Exception {
    Path out = dir.resolve("race-" + expectedMode);
    Cli.Result r = Cli.run("run", "--url", url(query), "--stacks", stacks, "--rounds", "1", "--duration", "500ms", "--warmup", "300ms",
        "--pool", "4", "--concurrency", "8", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertFalse(r.out().contains("TLS DIFFERS"), r.out());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(expectedMode, race.path("settings").path("sslmode").asText());
    return race;
  }

  private static void assertTls(JsonNode race, boolean expected, int runs) {
    List<String> seen = new ArrayList<>();
    for (JsonNode run : race.path("runs")) {
      seen.add(run.path("stack").asText() + "=" + run.path("tls"));
      assertEquals("ok", run.path("status").asText(), run.path("message").asText());
    }
    assertEquals(runs, seen.size(), seen::toString);
    for (JsonNode run : race.path("runs")) {
      assertTrue(run.path("tls").isBoolean() && run.path("tls").asBoolean() == expected, () -> "tls " + seen);
    }
  }

  private static String url(String query) {
    DbTarget t = server.target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres" + query;
  }

  private static String readQuietly(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      return "";
    }
  }
}
