package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.CapacitySearch;
import dev.dbrace.runner.CurvePlan;
import dev.dbrace.runner.RunListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capacity search and the curve on a stack made slow on purpose: every operation sleeps 20 ms
 * in PostgreSQL and the pool has 2 connections, so no stack can serve more than 100 operations per
 * second, and below that the latency is about the sleep.
 */
public class CapacityAndCurveIT {
  static final Map<String, String> SLEEP_20MS = Map.of("sleep", "0.02", "fraction", "1");

  @Test
  void capacitySearchFindsTheKnownCeiling(@TempDir Path out) throws Exception {
    // p90: 100 operations per step suffice (p99 would need 1,000, a 40 s step at 25/s)
    Race.Sla sla = new Race.Sla("p90", 100, 0.001);
    // every rate takes two or three runs: short steps and a coarse precision keep the test within a minute or two
    var settings = Races.settings(List.of("vertx"), Workloads.byName("slow-mix", SLEEP_20MS),
        new LoadModel.Closed(0, 2000, 8), 2, 500);
    var search = new CapacitySearch(sla, 2000, 8, 0.3, (rate, ms) -> new LoadModel.Open(rate, ms, 1000, "constant"));
    List<RunRecord> runs = Races.run(settings, search, out, new RunListener() {});

    Race.Capacity c = search.verdicts().get(0);
    assertNotNull(c.capacityOpsS(), c.verdict());
    assertNotNull(c.failingOpsS(), c.verdict());
    // at most 100/s can be served; with 20 ms operations, p90 <= 100 ms holds well below that
    assertTrue(c.capacityOpsS() >= 50 && c.capacityOpsS() <= 105, c.verdict());
    assertTrue(c.failingOpsS() > c.capacityOpsS() && c.failingOpsS() <= 160, c.verdict());
    assertTrue(c.probeOpsS() > 60 && c.probeOpsS() < 105, "closed-loop probe ~ 2 connections / 20 ms: " + c.probeOpsS());

    // the verdict is backed by the runs, best two of three both ways: two runs at the held rate met
    // the SLA, two at the failing rate did not, and a rate got a third run only after a split
    List<RunRecord> held = runs.stream().filter(r -> c.capacityOpsS().equals(r.offeredRate())).toList();
    List<RunRecord> missed = runs.stream().filter(r -> c.failingOpsS().equals(r.offeredRate())).toList();
    assertEquals(2, held.stream().filter(sla::metBy).count(),
        "held: " + held.stream().map((RunRecord r) -> r.result().latencyMs()).toList());
    assertEquals(2, missed.stream().filter(m -> !sla.metBy(m)).count(),
        "missed: " + missed.stream().map((RunRecord r) -> r.result().latencyMs()).toList());
    runs.stream().filter(r -> "capacity".equals(r.purpose())).forEach(r ->
        assertTrue(r.result().ops() >= CapacitySearch.minOps(sla),
            r.load() + ": " + r.result().ops() + " operations, fewer than p90 needs"));
    assertEquals(c.steps(), runs.size(), "one probe plus the open-loop steps, all recorded");
    assertEquals("probe", runs.get(0).purpose());

    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(c.capacityOpsS(), race.path("capacity").get(0).path("capacity_ops_s").asDouble());
  }

  @Test
  void curveStopsAStackPastSaturation(@TempDir Path out) throws Exception {
    Race.Sla sla = new Race.Sla("p99", 50, 0.001);
    List<LoadModel> steps = List.of(
        new LoadModel.Open(25, 2000, 1000, "constant"),
        new LoadModel.Open(300, 2000, 1000, "constant"),
        new LoadModel.Open(600, 2000, 1000, "constant"));
    var settings = Races.settings(List.of("jdbc-virtual"), Workloads.byName("slow-mix", SLEEP_20MS), steps.get(0), 2, 300);
    List<RunRecord> runs = Races.run(settings, new CurvePlan(steps, sla), out, new RunListener() {});
    assertEquals(2, runs.size(), "300/s against a 100/s stack is past saturation; 600/s is skipped");
    // 25/s is easy (tens of ms on a busy machine, a 300 ms warm-up leaves the JIT cold); 300/s queues for seconds
    assertTrue(runs.get(1).result().latencyMs().p99() > 500, "300/s queues: " + runs.get(1).result().latencyMs());
    assertTrue(runs.get(0).result().latencyMs().p99() * 3 < runs.get(1).result().latencyMs().p99(),
        () -> "25/s is easy: " + runs.get(0).result().latencyMs() + " vs 300/s: " + runs.get(1).result().latencyMs());
    runs.forEach(r -> assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished()));
  }

  /** With rounds, each step runs every stack once per round, interleaved, before the next step; then a verdict. */
  @Test
  void curveRoundsInterleaveWithinEachStep(@TempDir Path out) throws Exception {
    List<LoadModel> steps = List.of(new LoadModel.Closed(0, 500, 1), new LoadModel.Closed(0, 500, 2));
    var settings = Races.settings(List.of("jdbc-platform", "vertx"), Workloads.byName("slow-mix", SLEEP_20MS), steps.get(0), 2, 300);
    CurvePlan plan = new CurvePlan(steps, null, 2);
    List<RunRecord> runs = Races.run(settings, plan, out, new RunListener() {});
    // each round turns the order a place: A B, then B A
    assertEquals(List.of("1 jdbc-platform 1", "1 vertx 1", "1 vertx 2", "1 jdbc-platform 2",
        "2 jdbc-platform 1", "2 vertx 1", "2 vertx 2", "2 jdbc-platform 2"),
        runs.stream().map(r -> r.step() + " " + r.stack() + " " + r.round()).toList());
    assertEquals(8, runs.stream().map(RunRecord::hlog).distinct().count(),
        "a folder per run: " + runs.stream().map(RunRecord::hlog).toList());
    String verdict = plan.verdict(runs, null).text();
    // 20 ms a sleep: about 50 ops/s per connection in use, so concurrency 2 is each stack's peak
    assertTrue(verdict.startsWith("Peaks: jdbc-platform ") && verdict.contains(" ops/s at concurrency 2; vertx "), verdict);
    assertTrue(verdict.contains("Lead: at concurrency 1 ") && verdict.contains("; at concurrency 2 "), verdict);
  }
}
