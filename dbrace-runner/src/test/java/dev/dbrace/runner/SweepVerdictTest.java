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

/** A curve over the pool size: the verdict names each stack's peak by its pool, and a peak within the noise says so. */
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
}
