package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.RunRecord.Second;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RunListener;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load spike on the embedded PostgreSQL, against a stack of known capacity: every operation sleeps
 * 50 ms in the server and the pool has 8 connections, so 160/s at most. 40/s for 10 s with 400/s from
 * 3 s to 4 s queues some 240 operations, which the 120/s to spare drain in about 2 s: the spike must show
 * in the completions and the p99 per second, every arrival of the piecewise schedule must be accounted
 * for, and the recovery, computed from the run's own latency log, must come after the queue drained.
 */
class SpikeRaceIT {

  @Test
  void theSpikeShowsPerSecondAndItsRecoveryIsComputed(@TempDir Path out) throws Exception {
    var load = new LoadModel.Open(40, 10_000, 1024, "constant", List.of(new LoadModel.Spike(400, 3_000, 1_000)));
    var settings = Races.settings(List.of("jdbc-platform"), Workloads.byName("slow-mix", OpenLoopQueueLatencyIT.SLEEP_50MS), load,
        8, 1_000);
    RunRecord r = Races.run(settings, out, new RunListener() {}).getFirst();
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());

    long due = r.result().issued() + r.result().notIssued();
    assertTrue(Math.abs(due - (40 * 10 + 360)) <= 20, "40/s for 10 s and 360/s more for 1 s: " + due);

    RunRecord.Spikes s = r.probes().spikes();
    assertNotNull(s, "a run with spikes gets their figures");
    assertNotNull(s.preSpikeP99Ms(), () -> "a p99 before the spike: " + s);
    double before = s.seconds().stream().filter(x -> x.endS() <= 3).mapToDouble(SpikeRaceIT::perSecond).max().orElse(0);
    double in = s.seconds().stream().filter(x -> x.endS() > 3.5 && x.startS() < 5).mapToDouble(SpikeRaceIT::perSecond)
        .max().orElse(0);
    assertTrue(before > 25 && before < 60, "about 40/s before the spike: " + s.seconds());
    assertTrue(in > 2.5 * before, "up to 160/s while the spike's queue drains: " + s.seconds());

    var w = s.windows().getFirst();
    assertEquals("400@3s+1s", w.spike());
    assertTrue(w.peakP99Ms() > 5 * s.preSpikeP99Ms(), () -> "the queue shows in the p99: " + s);
    assertNotNull(w.errorsDuring(), "the worker wrote its counts per interval");
    assertNotNull(w.recoveryS(), () -> "the queue drains in ~2 s and 6 s are left: " + s);
    assertTrue(w.recoveryS() >= 0.5 && w.recoveryS() <= 5, () -> "recovered once the queue drained: " + s);
    // the rule on the run's own series: the three intervals from the recovery are within the limit
    List<Second> from = s.seconds().stream().filter(x -> x.startS() >= w.endS() + w.recoveryS() - 1e-6).limit(3).toList();
    assertEquals(3, from.size());
    from.forEach(x -> assertTrue(x.p99Ms() != null && x.p99Ms() <= s.recoveredBelowMs(), () -> "within the limit: " + x));
  }

  private static double perSecond(Second x) {
    return x.ok() / (x.endS() - x.startS());
  }
}
