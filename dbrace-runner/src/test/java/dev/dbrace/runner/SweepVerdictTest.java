package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A curve over the pool size: the verdict names each stack's peak by its pool, and a peak within the noise says so; a
 * scale curve's by its number of agents.
 */
class SweepVerdictTest {
  private static final LoadModel LOAD = new LoadModel.Closed(0, 5000, 64);

  private static RunRecord run(String stack, int pool, int step, int round, double opsS) throws Exception {
    long ops = Math.round(opsS * 5);
    WorkerResult r = Json.MAPPER.readValue("""
        {"issued": %d, "ops": %d, "duration_s": 5, "throughput_ops_s": %s,
         "latency_ms": {"p50": 1, "p90": 2, "p99": 3, "p999": 4, "max": 5, "mean": 1}}""".formatted(ops, ops, opsS),
        WorkerResult.class);
    return new RunRecord(stack, "point-select", LOAD.describe(), LOAD, "curve", step, round, RunStatus.OK, null, List.of(),
        r, null, null, null, 9, null, null).withSetup(pool, 200);
  }

  @Test
  void peaksAreNamedByTheSweptPoolAndNoiseIsSaid() throws Exception {
    List<RunRecord> runs = new ArrayList<>();
    // vertx: pool 16 peaks clear of pool 4; jdbc-platform: pool 16's median is higher but its rounds cross pool 4's
    double[] vertx4 = {10_000, 10_400, 10_200};
    double[] platform4 = {20_000, 21_000, 20_400};
    double[] vertx16 = {18_000, 18_600, 18_300};
    double[] platform16 = {20_500, 23_000, 21_750};
    for (int round = 1; round <= 3; round++) {
      runs.add(run("vertx", 4, 1, round, vertx4[round - 1]));
      runs.add(run("jdbc-platform", 4, 1, round, platform4[round - 1]));
    }
    for (int round = 1; round <= 3; round++) {
      runs.add(run("vertx", 16, 2, round, vertx16[round - 1]));
      runs.add(run("jdbc-platform", 16, 2, round, platform16[round - 1]));
    }
    String v = Verdict.curve(runs, null, 4, 200, CurvePlan.Sweep.POOL).text();
    assertTrue(v.startsWith("Peaks: vertx 18,300 ops/s at pool 16; jdbc-platform 21,750 ops/s at pool 16 (within the noise"
        + " of pool 4)."), v);
    assertTrue(v.contains("Lead: at pool 4 jdbc-platform leads, 2.00x vertx") && v.contains("; at pool 16 "), v);
    assertTrue(v.contains("pools 4 and 16, threads 200"), v);
  }

  /** A scale curve: 16 users per agent on 1 then 2 agents; each step is named by its agents, not its total load. */
  @Test
  void aScaleCurvesStepsAreNamedByTheirAgents() throws Exception {
    List<RunRecord> runs = new ArrayList<>();
    for (int agents = 1; agents <= 2; agents++) {
      LoadModel load = new LoadModel.Closed(0, 5000, 16 * agents);
      for (String stack : List.of("vertx", "jdbc-platform")) {
        double opsS = stack.equals("vertx") ? 40_000 / agents : 30_000;
        long ops = Math.round(opsS * 5);
        WorkerResult r = Json.MAPPER.readValue("""
            {"issued": %d, "ops": %d, "duration_s": 5, "throughput_ops_s": %s,
             "latency_ms": {"p50": 1, "p90": 2, "p99": 3, "p999": 4, "max": 5, "mean": 1}}""".formatted(ops, ops, opsS),
            WorkerResult.class);
        List<RunRecord.AgentPart> parts = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
          parts.add(new RunRecord.AgentPart("a" + i, "vm/10.0.0." + (i + 2), i, agents, RunStatus.OK, null, null, null, null,
              null));
        }
        runs.add(new RunRecord(stack, "point-select", load.describe(), load, "curve", agents, 1, RunStatus.OK, null,
            List.of(), r, null, null, null, 9, null, null).withSetup(16, 200).withProbes(p -> p.withAgents(parts)));
      }
    }
    String v = Verdict.curve(runs, null, 16, 200, CurvePlan.Sweep.AGENTS).text();
    assertTrue(v.startsWith("Peaks: vertx 40,000 ops/s at 1 agent; jdbc-platform 30,000 ops/s at 1 agent"), v);
    assertTrue(v.contains("at 2 agents jdbc-platform best at 30,000 ops/s"), v);
    assertTrue(!v.contains("concurrency 32"), "a step is its agents, not its total users: " + v);
  }
}
