package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * capacity and curve race a scenario file: its workload, stacks, pool, sla: and load (warm-up,
 * probe concurrency) apply unless the command line says otherwise. The operation sleeps 20 ms in
 * PostgreSQL on a pool of 2, so no stack serves more than 100 operations per second.
 */
class ScenarioCapacityTest {
  private static final String FILE = """
      name: slow scenario
      operations:
        - name: nap
          sql: "select pg_sleep(0.02), $1::int as n"
          params: [{uniform: {min: 1, max: 100}}]
          expect: {rows: 1}
      stacks: [vertx]
      pool: 2
      load: {model: closed, concurrency: 6, duration: 60s, warmup: 300ms}
      sla: {p99: 100ms}
      """;

  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  @Test
  void capacitySearchesAScenarioFileWithItsSla(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("slow.yaml");
    Files.writeString(file, FILE);
    Cli.Result v = Cli.run("validate", file.toString());
    assertEquals(0, v.exit(), v.err());
    assertTrue(v.out().contains("capacity: per stack, the highest open-loop rate with SLA p99 <= 100 ms")
        && v.out().contains("probe at 6 in flight"), v.out());

    Path out = dir.resolve("capacity");
    Cli.Result r = Cli.run("capacity", file.toString(), "--url", url(), "--step-duration", "1s", "--precision", "25",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals("capacity", race.path("kind").asText());
    assertEquals("slow scenario", race.path("workload").path("name").asText());
    assertEquals("p99", race.path("sla").path("percentile").asText());
    assertEquals(100.0, race.path("sla").path("ms").asDouble());
    assertEquals(300, race.path("settings").path("warmup_ms").asLong(), "the file's warm-up");
    assertEquals(2, race.path("settings").path("pool").asInt(), "the file's pool");
    JsonNode probe = race.path("runs").get(0);
    assertEquals("probe", probe.path("purpose").asText());
    assertEquals("vertx", probe.path("stack").asText());
    assertEquals(6, probe.path("load_model").path("concurrency").asInt(), "the file's concurrency probes: " + probe.path("load_model"));
    JsonNode verdict = race.path("capacity").get(0);
    double capacity = verdict.path("capacity_ops_s").asDouble();
    assertTrue(capacity >= 30 && capacity <= 105, "2 connections x 20 ms: at most 100/s: " + verdict);
  }

  @Test
  void curveTakesTheFilesSlaAndTheCommandLinesWarmup(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("slow.yaml");
    Files.writeString(file, FILE);
    Path out = dir.resolve("curve");
    Cli.Result r = Cli.run("curve", file.toString(), "--url", url(), "--rates", "20", "--step-duration", "1s",
        "--warmup", "0s", "--pool", "3", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals("curve", race.path("kind").asText());
    assertEquals(100.0, race.path("sla").path("ms").asDouble(), "the file's SLA is drawn");
    assertEquals(0, race.path("settings").path("warmup_ms").asLong(), "--warmup overrides the file's");
    assertEquals(3, race.path("settings").path("pool").asInt(), "--pool overrides the file's");
    JsonNode run = race.path("runs").get(0);
    assertEquals("ok", run.path("status").asText(), run.toString());
    assertTrue(run.path("ops").asLong() > 10, run.toString());

    Cli.Result service = Cli.run("curve", file.toString(), "--level", "service", "--rates", "20");
    assertEquals(2, service.exit());
    assertTrue(service.err().contains("a scenario file races stacks"), service.err());
    Files.writeString(file, FILE.replace("sla: {p99: 100ms}\n", ""));
    Cli.Result noSla = Cli.run("capacity", file.toString(), "--url", url());
    assertEquals(2, noSla.exit());
    assertTrue(noSla.err().contains("capacity needs an SLA"), noSla.err());
  }
}
