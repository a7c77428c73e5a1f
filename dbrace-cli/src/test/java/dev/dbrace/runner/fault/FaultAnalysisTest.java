package dev.dbrace.runner.fault;

import static dev.dbrace.runner.recovery.IntervalFiles.p;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.recovery.IntervalFiles;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The time to recover from a fault, judged on known logs (the ledger's lies, judged on the database: FaultLedgerIT). */
public class FaultAnalysisTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final FaultPlan PLAN = FaultPlan.parse("kill-connections@3s+1500ms", 9000, true);

  @Test
  void recoveryIsTheFirstIntervalAfterTheFaultBackWithinTheRecoveryLimit(@TempDir Path dir) throws Exception {
    long t0 = 1_700_000_000_000L;
    Path hlog = dir.resolve("latency.hlog");
    // p99 per 1 s interval: 10, 10 | fault 2.0-2.5 s: 100 | 50, 14, 10 (the limit: 1.5 x 10 = 15)
    long[] p99Ms = {10, 10, 100, 50, 14, 10};
    try (PrintStream out = new PrintStream(hlog.toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputStartTime(t0);
      w.setBaseTime(t0);
      w.outputLegend();
      for (int i = 0; i < p99Ms.length; i++) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(1_000_000, 99);
        h.recordValue(p99Ms[i] * 1_000_000);
        h.recordValue(p99Ms[i] * 1_000_000);
        h.setStartTimeStamp(t0 + i * 1000L);
        h.setEndTimeStamp(t0 + (i + 1) * 1000L);
        w.outputIntervalHistogram(h);
      }
    }
    FaultPlan plan = FaultPlan.parse("kill-connections@2s+500ms", 6000, true);
    var applied = List.of(new FaultInjector.Applied(plan.faults().get(0), Instant.ofEpochMilli(t0 + 2000),
        Instant.ofEpochMilli(t0 + 2500), "terminated 4 backends"));
    RunRecord.Faults f = FaultAnalysis.of(plan, applied, Instant.ofEpochMilli(t0), hlog, null);
    assertEquals(10.0, f.preFaultP99Ms(), 0.1);
    RunRecord.FaultWindow w = f.windows().get(0);
    assertEquals(100.0, w.p99Ms(), 0.2, "the interval overlapping the window");
    assertEquals(2.5, w.recoveryS(), 1e-9, "the 50 ms second does not count; the 14 ms one (within 1.5x) ends 2.5 s after the fault");
    assertEquals(6, f.p99Timeline().size());

    var stillSlow = List.of(new FaultInjector.Applied(plan.faults().get(0), Instant.ofEpochMilli(t0 + 2000),
        Instant.ofEpochMilli(t0 + 2500), ""));
    Files.writeString(hlog, Files.readString(hlog).lines().limit(Files.readString(hlog).lines().count() - 2)
        .reduce("", (a, b) -> a + b + "\n"));
    assertNull(FaultAnalysis.of(plan, stillSlow, Instant.ofEpochMilli(t0), hlog, null).windows().get(0).recoveryS(),
        "without the fast seconds it is not recovered");
  }

  /**
   * A stack that fails fast after a fault, errors and then arrivals refused at the in-flight limit, answers the
   * few it completes fast: on the p99 of its answers alone it "recovered" at once. It has recovered when an
   * interval's p99, its refused ranked as the worst, is within the limit and it drops no larger a share of what
   * was due than before the fault.
   */
  @Test
  void aStackThatFailsFastAfterTheFaultHasNotRecoveredWhileItDrops(@TempDir Path dir) throws Exception {
    // intervals [k s, k + 1 s]; the fault from 3 s to 4.5 s
    Path hlog = IntervalFiles.write(dir, T0, T0, List.of(
        p(2, 0, 0), p(2, 0, 0), p(2, 0, 0), // before the fault: 2 ms, nothing dropped
        p(60, 30, 0), p(1.5, 0, 300), // 3-5 s, overlap the window: slow and failing, then refusing 3 in 4 fast
        p(1.5, 40, 0), // 5-6 s: every answer fast, but 40 in 140 fail
        p(1.5, 0, 5), // 6-7 s: 5 in 105 refused: ranked at the run's slowest (60 ms), the p99 is out too
        p(2, 0, 0), p(2, 0, 0))); // 7 s on: back
    RunRecord.Faults f = FaultAnalysis.of(PLAN, window(3000, 4500), Instant.ofEpochMilli(T0), hlog, null);
    RunRecord.FaultWindow w = f.windows().getFirst();
    assertEquals(3.5, w.recoveryS(), 1e-9, "to the end of the first interval that drops none, 8 s");
    assertEquals(2.0, f.preFaultP99Ms(), 0.01);
    assertEquals(60, w.p99Ms(), 0.1, "300 of 500 refused in the window: its p99 is the run's slowest");
    assertEquals(60, f.p99Timeline().get(4).p99Ms(), 0.1, "the timeline's p99 ranks them the same way");
    assertEquals(1.5, f.p99Timeline().get(5).p99Ms(), 0.01, "errors are kept apart from the latency");
    assertNull(f.note(), f.note());
  }

  /** A clean recovery: the first interval back within the limit, dropping no larger a share than before the fault. */
  @Test
  void aStackThatDropsNoMoreThanBeforeTheFaultHasRecovered(@TempDir Path dir) throws Exception {
    Path hlog = IntervalFiles.write(dir, T0, T0, List.of(
        p(2, 1, 0), p(2, 1, 0), p(2, 1, 0), // 1 error in every 101 before the fault
        p(60, 30, 0), p(40, 0, 300), // 3-5 s, overlap the window
        p(2.5, 1, 0), p(2, 0, 0))); // 5-6 s: within 1.5x 2 ms and 1 in 101: recovered
    RunRecord.FaultWindow w = FaultAnalysis.of(PLAN, window(3000, 4500), Instant.ofEpochMilli(T0), hlog, null)
        .windows().getFirst();
    assertNotNull(w.recoveryS(), w.toString());
    assertEquals(1.5, w.recoveryS(), 1e-9, "to the end of the interval 5-6 s");
  }

  /** The plan's one fault as injected from {@code fromMs} to {@code toMs} after {@link #T0}. */
  private static List<FaultInjector.Applied> window(long fromMs, long toMs) {
    return List.of(new FaultInjector.Applied(PLAN.faults().getFirst(), Instant.ofEpochMilli(T0 + fromMs),
        Instant.ofEpochMilli(T0 + toMs), "terminated 4 backends"));
  }
}
