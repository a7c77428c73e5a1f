package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command a user types, end to end: results on disk, the table, and no password anywhere. */
class EndToEndTest {

  @Test
  void runWritesResultsAndNeverThePassword(@TempDir Path out) throws Exception {
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("run", "--url", url, "--stacks", "jdbc-platform,vertx", "--executions", "2000",
        "--concurrency", "8", "--pool", "4", "--warmup", "300ms", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("jdbc-platform") && r.out().contains("vs best"), r.out());

    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(2, race.path("runs").size());
    for (JsonNode run : race.path("runs")) {
      for (String key : List.of("stack", "workload", "load", "ops", "errors", "throughput_ops_s")) {
        assertTrue(run.has(key), "run has " + key);
      }
      for (String key : List.of("p50", "p90", "p99", "p999", "max")) {
        assertTrue(run.path("latency_ms").has(key), "latency_ms has " + key);
      }
      for (String key : List.of("cpu_user_s", "cpu_sys_s", "peak_rss_mb", "ctx_voluntary", "ctx_involuntary", "peak_threads")) {
        assertTrue(run.path("process").has(key), "process has " + key);
      }
      assertTrue(run.path("server").path("xact_commit").asLong() >= 2000);
      assertEquals(2000, run.path("ops").asLong());
    }
    assertTrue(race.path("environment").path("database").asText().startsWith("postgresql://postgres@127.0.0.1"));
    assertTrue(race.path("command").asText().contains("***"), "password in the recorded command is redacted");

    assertTrue(Files.readString(out.resolve("report.html")).contains("jdbc-platform"), "the race wrote its report");

    String secret = t.password();
    assertFalse(r.out().contains(secret) || r.err().contains(secret), "password on the console");
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f).contains(secret), "password in " + f);
      }
    }
  }
}
