package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.WarmupRule;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Durations;
import dev.dbrace.runner.Warmups;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * capacity and curve race a scenario file: its workload, stacks, pool, sla: and load (warm-up,
 * probe concurrency) apply unless the command line says otherwise. The operation sleeps 20 ms in
 * PostgreSQL on a pool of 2, so no stack serves more than 100 operations per second.
 */
class ScenarioCapacityIT {
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
      sla: {p50: 100ms}
      """;

  /** The same file without a warm-up of its own: capacity's default applies. */
  private static final String NO_WARMUP = FILE.replace(", warmup: 300ms", "");

  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  /** What a capacity search printed, and its race.json. */
  private record Searched(Cli.Result cli, JsonNode race) {}

  /** Writes {@code yaml} to {@code file} and searches it on the test database with {@code options}; it must succeed. */
  private static Searched capacity(Path file, String yaml, String... options) throws Exception {
    Files.writeString(file, yaml);
    Path out = file.resolveSibling("capacity");
    List<String> args = new ArrayList<>(List.of("capacity", file.toString(), "--url", url(), "--out", out.toString()));
    args.addAll(List.of(options));
    Cli.Result r = Cli.run(args.toArray(String[]::new));
    assertEquals(0, r.exit(), r.err());
    return new Searched(r, Json.MAPPER.readTree(out.resolve("race.json").toFile()));
  }

  @Test
  void capacitySearchesAScenarioFileWithItsSla(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("slow.yaml");
    JsonNode race = capacity(file, FILE, "--step-duration", "1s", "--precision", "25").race();
    Cli.Result v = Cli.run("validate", file.toString());
    assertEquals(0, v.exit(), v.err());
    assertTrue(v.out().contains("capacity: per stack, the highest open-loop rate with SLA p50 <= 100 ms")
        && v.out().contains("probe at 6 in flight"), v.out());

    assertEquals("capacity", race.path("kind").asText());
    assertEquals("slow scenario", race.path("workload").path("name").asText());
    // p50 needs 20 operations a step: the 1 s steps need no lengthening, and the test stays short
    assertEquals("p50", race.path("sla").path("percentile").asText());
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

  /**
   * By default a capacity search warms each run up until steady, as run does, within capacity's own
   * cap: a fixed warm-up would rank how fast the stacks warm up and could never say a run was not settled.
   * The default is read from validate (no run); the search runs auto under a 5 s cap, which keeps this
   * short, and p99.9 at 1 s steps leaves the probe as the only run (see below).
   */
  @Test
  void capacityWarmsUpUntilSteadyWithinItsOwnCap(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("slow.yaml");
    Files.writeString(file, NO_WARMUP);
    String rule = Warmups.describe(WarmupRule.AUTO, Defaults.CAPACITY_WARMUP_MAX.toMillis());
    Cli.Result v = Cli.run("validate", file.toString());
    assertEquals(0, v.exit(), v.err());
    assertTrue(v.out().contains("(warm-up " + rule + ")"), "capacity's default is auto with its own cap: " + v.out());
    JsonNode race = capacity(file, NO_WARMUP, "--sla", "p99.9=100ms", "--step-duration", "1s", "--warmup-max", "5s").race();
    assertEquals(WarmupRule.AUTO, race.path("settings").path("warmup_ms").asLong(), race.path("settings").toString());
    JsonNode warmup = race.path("runs").get(0).path("warmup");
    String ended = warmup.path("ended").asText();
    assertTrue(ended.equals(WarmupRule.SETTLED) || ended.equals(WarmupRule.CAP), warmup.toString());
    // steady takes three 1 s windows after the first reading; the cap is the one given
    assertTrue(warmup.path("duration_s").asDouble() >= 3 && warmup.path("duration_s").asDouble() < 6, warmup.toString());
    assertEquals(ended.equals(WarmupRule.CAP) ? 1 : 0, race.path("capacity").get(0).path("not_settled").asInt());
  }

  /**
   * A run whose warm-up hits the cap is measured anyway and said to be not settled: in the stack's
   * answer (race.json and the capacity table), its count and the verdict. A cap of 1 s is below the
   * 3 s auto needs to see a run steady, so every run of this search hits it.
   */
  @Test
  void runsWhoseWarmUpHitTheCapAreShownNotSettled(@TempDir Path dir) throws Exception {
    Searched s = capacity(dir.resolve("slow.yaml"), NO_WARMUP, "--step-duration", "1s", "--precision", "50", "--warmup-max", "1s");
    JsonNode race = s.race();
    JsonNode runs = race.path("runs");
    assertTrue(runs.size() > 1, "the probe and the search's steps: " + runs);
    runs.forEach(run -> assertEquals(WarmupRule.CAP, run.path("warmup").path("ended").asText(), run.path("warmup").toString()));
    JsonNode c = race.path("capacity").get(0);
    assertEquals(runs.size(), c.path("steps").asInt());
    assertEquals(runs.size(), c.path("not_settled").asInt(), c.toString());
    String said = "warm-up not settled (hit its cap) in " + runs.size() + " of " + runs.size() + " runs (the probe, ";
    assertTrue(c.path("verdict").asText().contains(said), c.toString());
    assertTrue(s.cli().out().contains("  vertx: " + c.path("verdict").asText()), "the capacity table: " + s.cli().out());
    assertTrue(race.at("/verdict/text").asText().contains("warm-up not settled in " + runs.size() + " of " + runs.size() + " runs"),
        race.at("/verdict/text").asText());
  }

  /**
   * p99.9 needs 10,000 operations a step; with 1 s steps lengthened at most tenfold, rates under
   * 1,100/s cannot get them, and this stack serves 100/s: no open-loop step is run, and the answer
   * says "too few operations" instead of a capacity drawn from a handful of samples.
   */
  @Test
  void aRateWithTooFewOperationsForThePercentileIsNotJudged(@TempDir Path dir) throws Exception {
    Searched s = capacity(dir.resolve("slow.yaml"), FILE, "--sla", "p99.9=100ms", "--step-duration", "1s");
    JsonNode race = s.race();
    assertEquals(1, race.path("runs").size(), "the probe only: " + race.path("runs"));
    JsonNode verdict = race.path("capacity").get(0);
    assertTrue(verdict.path("capacity_ops_s").isNull() && verdict.path("failing_ops_s").isNull(), verdict.toString());
    assertTrue(verdict.path("verdict").asText().contains("too few operations")
        && verdict.path("verdict").asText().contains("10,000 operations p99.9 needs"), verdict.toString());
    assertTrue(s.cli().out().contains("verdict: Capacity within p99.9 <= 100 ms"), s.cli().out());
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
    Files.writeString(file, FILE.replace("sla: {p50: 100ms}\n", ""));
    Cli.Result noSla = Cli.run("capacity", file.toString(), "--url", url());
    assertEquals(2, noSla.exit());
    assertTrue(noSla.err().contains("capacity needs an SLA"), noSla.err());
  }
}
