package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.WarmupRule;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RunListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --warmup auto} on the embedded PostgreSQL: a stack with a steady loop leaves warm-up
 * settled, well before the cap, with the compiler threads' CPU of both phases measured from
 * outside. (The cap on a loop made to stay unsteady is WarmupRuleTest's, on live counters.)
 */
public class AutoWarmupSettlesIT {

  @Test
  void aSteadyClosedLoopSettlesAndReportsTheJitsCpu(@TempDir Path out) throws Exception {
    var settings = Races.settings(List.of("jdbc-platform"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Closed(0, 1_000, 8), 4, WarmupRule.AUTO);
    RunRecord r = Races.run(settings, out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    var w = r.result().warmup();
    assertEquals(WarmupRule.SETTLED, w.ended(), () -> "warm-up " + w);
    assertTrue(w.durationS() >= 3 && w.durationS() < 60, () -> "three flat seconds at least, under the cap: " + w.durationS());
    var p = r.process();
    assertTrue(p.warmupJitCpuS() > 0 && p.warmupJitCpuS() <= p.warmupCpuS(), () -> "warm-up's JIT CPU " + p);
    assertTrue(p.jitCpuS() <= p.cpuUserS() + p.cpuSysS(), () -> "measured JIT CPU " + p);
    assertNull(r.result().issueLatenessMs(), "a closed loop has no arrival schedule to be late for");
    assertNull(r.result().errorLatencyMs(), "no operation failed");
    assertEquals(1.0, r.result().durationS(), 1e-6, "a duration run's rate window is its measured duration");
  }

  @Test
  void anOpenLoopPreWarmsUntilSteadyAndReportsItsLateness(@TempDir Path out) throws Exception {
    var settings = Races.settings(List.of("vertx"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Open(200, 1_000, 64, "constant"), 4, WarmupRule.AUTO, 15_000);
    RunRecord r = Races.run(settings, out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    // the flat-out pre-warm ran under the rule: settled after its three flat seconds, or (on a machine
    // busy enough to keep its throughput moving by more than 5 %) at the cap, never cut short
    var w = r.result().warmup();
    // the warm-up's own figures cover its time at the rate (1 s, longer while the JIT works, 10 s at most): 200
    // operations a second, not the pre-warm's too
    assertTrue(w.durationS() >= 0.99 && w.durationS() < 10.5, () -> "the open loop's warm-up at the rate, apart from the pre-warm: " + w);
    assertEquals(200 * w.durationS(), w.ops() + w.errors(), 5, () -> "warm-up operations over the same time: " + w);
    assertNotNull(w.prewarm(), "the pre-warm is reported apart");
    double preWarmS = w.prewarm().durationS();
    assertTrue(w.prewarm().ops() > w.ops(), () -> "the pre-warm ran flat out: " + w);
    switch (w.ended()) {
      // settled at the cap's own reading (15 s and a few ms) is still settled: the rule checks steadiness first
      case WarmupRule.SETTLED -> assertTrue(preWarmS >= 3 && preWarmS <= 15.5, () -> "settled pre-warm " + w);
      case WarmupRule.CAP -> assertTrue(preWarmS >= 15, () -> "capped pre-warm " + w);
      default -> throw new AssertionError("warm-up ended " + w.ended() + ": " + w);
    }
    assertNotNull(r.result().issueLatenessMs(), "the generator's lateness is reported");
    assertTrue(r.result().issueLatenessMs().p50() < 50, () -> "200/s is nothing for the scheduler: " + r.result().issueLatenessMs());
    assertTrue(Math.abs(r.result().throughputOpsS() - 200) < 20, () -> "achieved = offered below capacity: " + r.result().throughputOpsS());
  }
}
