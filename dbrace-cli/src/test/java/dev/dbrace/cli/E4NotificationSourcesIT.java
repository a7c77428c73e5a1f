package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.testkit.SharedTestFerretDb;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * E4's /notifications sources through serve-race: the slow_world scan and the embedded FerretDB
 * with a small collection, timed at the start and recorded in race.json, every answer of the
 * MongoDB variants (Java and Node) verified; bad or unused settings refused in one line (for a
 * variant whose second source is the fortune: NotificationSourcesTest).
 */
public class E4NotificationSourcesIT {

  /**
   * The variants with a MongoDB client of their stack's own (Vert.x's client; Quarkus on the sync and the
   * Reactive Streams drivers; the Spring ones: services/spring's MongoNotificationsIT) against FerretDB
   * with 3,000 documents: the generator checks every answer's MongoDB user and texts (Answers.notifications).
   */
  @Test
  void everyVariantWithAMongoClientAnswersFromMongoDb(@TempDir Path out) throws Exception {
    assumeGo();
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--services", "vertx-web,quarkus-orm,quarkus-reactive", "--endpoint",
        "/notifications",
        "--url", url, "--mongo-docs", "3000", "--concurrency", "4", "--executions", "12", "--warmup", "0s", "--remote-delay", "20-50",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertFalse(r.err().contains("no MongoDB client"), r.err());
    assertTrue(r.err().contains("slow source: SELECT id, randomnumber FROM slow_world WHERE lookup = $1 over 1,000,000 rows: median"),
        r.err());
    assertTrue(r.err().contains("MongoDB: FerretDB v1.24.2 (SQLite), embedded at mongodb://127.0.0.1:"), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode sources = race.path("environment").path("data_sources");
    assertEquals("query", sources.path("slow_source").asText(), sources.toString());
    assertTrue(sources.path("slow_latency_ms").path("median").asDouble() > 0, sources.toString());
    assertEquals(3000, sources.path("mongo_documents").asLong(), sources.toString());
    assertTrue(sources.path("mongo_latency_ms").path("median").asDouble() > 0, sources.toString());
    assertEquals(0, sources.path("fortune_variants").size(), sources.toString());
    assertEquals(3, race.path("runs").size(), race.path("runs").toString());
    for (JsonNode run : race.path("runs")) {
      // every answer verified: the slow_world row, the MongoDB user's 3 first notifications, the remote's user
      assertEquals(12, run.path("ops").asLong(), run.toString());
      assertEquals(0, run.path("errors").asLong(), run.toString());
      // the server ran the slow query once per request, and no fortune query
      assertTrue(run.path("server").path("statement_calls").asLong() >= 12, run.toString());
    }
    assertFalse(r.out().contains(t.password()) || r.err().contains(t.password()));
  }

  /**
   * The Node variants read MongoDB too (the official mongodb driver), in the two connection styles that differ most: a
   * blocking libpq connection per request and the async pool. The generator is told each reads mongo
   * (secondSource), so every one of their answers was checked for the MongoDB user's 3 first texts.
   */
  @Test
  void theNodeVariantsAnswerFromMongoDb(@TempDir Path out) throws Exception {
    assumeGo();
    assumeTrue(NodeModules.find("node").isPresent()
        && NodeModules.find("npm").isPresent(), "Node.js tests skipped: node and npm are not both on the PATH");
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--services", "node-sync-per-request,node-async-pool", "--endpoint",
        "/notifications", "--url", url, "--mongo-docs", "3000", "--concurrency", "4", "--executions", "8", "--warmup", "0s",
        "--remote-delay", "20-50", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertFalse(r.err().contains("no MongoDB client"), r.err());
    assertTrue(r.err().contains("MongoDB: FerretDB"), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode sources = race.path("environment").path("data_sources");
    assertEquals(0, sources.path("fortune_variants").size(), sources.toString());
    assertEquals(2, race.path("runs").size(), race.path("runs").toString());
    for (JsonNode run : race.path("runs")) {
      assertEquals(8, run.path("ops").asLong(), run.toString());
      assertEquals(0, run.path("errors").asLong(), run.toString());
      // every answer checked for its MongoDB user's texts (a fortune would be an error), and the slow query ran for each
      assertTrue(run.path("server").path("statement_calls").asLong() >= 8, run.toString());
    }
    assertFalse(r.out().contains(t.password()) || r.err().contains(t.password()));
  }

  private static void assumeGo() {
    String noGo = SharedTestFerretDb.whyNot();
    assumeTrue(noGo == null, noGo);
  }

  @Test
  void aMalformedMongoUrlIsOneLineAndExit2WithoutItsPassword() {
    Cli.Result r = Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications",
        "--mongo-url", "mongodb://dbrace:s3cretPw@");
    assertOneLineError(r, "--mongo-url mongodb://dbrace@ is not a MongoDB URL", "s3cretPw");
    Cli.Result scheme = Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications",
        "--mongo-url", "postgresql://x:s3cretPw@h/db");
    assertOneLineError(scheme, "--mongo-url must be mongodb://", "s3cretPw");
  }

  @Test
  void sourceSettingsARaceWouldNotUseAreRefused() {
    assertOneLineError(Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/db", "--mongo-docs", "3000"),
        "--mongo-docs sets E4's /notifications sources, but endpoint /db does not read them");
    assertOneLineError(Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications", "--mongo-docs", "2500"),
        "--mongo-docs: the notifications collection's size must be a multiple of 1000");
    assertOneLineError(Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications", "--slow-source", "nap"),
        "--slow-source must be query or sleep, got 'nap'");
    assertOneLineError(Cli.run("curve", "--rates", "100,200", "--slow-source", "sleep"), "they need --level service");
  }
}
