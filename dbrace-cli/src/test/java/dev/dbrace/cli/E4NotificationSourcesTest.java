package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.db.DbException;
import dev.dbrace.db.mongo.FerretDbBinary;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * E4's /notifications sources through serve-race: the slow_world scan and the embedded FerretDB
 * with a small collection, timed at the start and recorded in race.json, every answer of a
 * MongoDB variant and of a fortune one verified; bad or unused settings refused in one line.
 */
public class E4NotificationSourcesTest {

  @Test
  void aMongoVariantAndAFortuneVariantAnswerFromTheirOwnSources(@TempDir Path out) throws Exception {
    String noGo = null;
    try {
      FerretDbBinary.findGo();
    } catch (DbException e) {
      noGo = e.getMessage();
    }
    assumeTrue(noGo == null, noGo);
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("serve-race", "--services", "mvc-jdbc,vertx-web", "--endpoint", "/notifications", "--url", url,
        "--mongo-docs", "3000", "--concurrency", "4", "--executions", "24", "--warmup", "0s", "--remote-delay", "20-50", "--out",
        out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("vertx-web has no MongoDB client here"), r.err());
    assertTrue(r.err().contains("slow source: SELECT id, randomnumber FROM slow_world WHERE lookup = $1 over 1,000,000 rows: median"),
        r.err());
    assertTrue(r.err().contains("MongoDB: FerretDB v1.24.2 (SQLite), embedded at mongodb://127.0.0.1:"), r.err());
    JsonNode race = dev.dbrace.core.run.Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode sources = race.path("environment").path("data_sources");
    assertEquals("query", sources.path("slow_source").asText(), sources.toString());
    assertTrue(sources.path("slow_latency_ms").path("median").asDouble() > 0, sources.toString());
    assertEquals(3000, sources.path("mongo_documents").asLong(), sources.toString());
    assertTrue(sources.path("mongo_latency_ms").path("median").asDouble() > 0, sources.toString());
    assertEquals("vertx-web", sources.path("fortune_variants").get(0).asText(), sources.toString());
    for (JsonNode run : race.path("runs")) {
      assertEquals(24, run.path("ops").asLong(), run.toString());
      assertEquals(0, run.path("errors").asLong(), run.toString());
      // the server ran the slow query once per request (and vertx-web its fortune query too)
      assertTrue(run.path("server").path("statement_calls").asLong() >= (run.path("stack").asText().equals("vertx-web") ? 48 : 24),
          run.toString());
    }
    assertFalse(r.out().contains(t.password()) || r.err().contains(t.password()));
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
    assertOneLineError(Cli.run("serve-race", "--services", "vertx-web", "--endpoint", "/notifications", "--mongo-url",
        "mongodb://127.0.0.1:1/"), "--mongo-url is for variants that read MongoDB");
    assertOneLineError(Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications", "--mongo-docs", "2500"),
        "--mongo-docs: the notifications collection's size must be a multiple of 1000");
    assertOneLineError(Cli.run("serve-race", "--services", "mvc-jdbc", "--endpoint", "/notifications", "--slow-source", "nap"),
        "--slow-source must be query or sleep, got 'nap'");
    assertOneLineError(Cli.run("curve", "--rates", "100,200", "--slow-source", "sleep"), "they need --level service");
  }
}
