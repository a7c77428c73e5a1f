package dev.dbrace.runner.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dbrace.cli.TestDb;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The two judgements of a fault run on known input: time to recover from a log, and the ledger's lies. */
public class FaultAnalysisTest {

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

  @Test
  void theLedgerFindsSuccessesWithoutARow(@TempDir Path dir) throws Exception {
    WorkloadSpec ledger = Workloads.byName("ledger", Map.of());
    OperationSequence seq = new OperationSequence(ledger, 42);
    try (Connection c = TestDb.get().target().connect()) {
      FaultAnalysis.prepareLedger(c);
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + Workloads.LEDGER_TABLE + " (op, tag) VALUES (?, ?)")) {
        for (long op : new long[] {0, 1, 2, 4, 4}) { // 3 never performed, 4 performed twice
          ps.setLong(1, op);
          ps.setLong(2, tag(seq.operation(op)));
          ps.addBatch();
        }
        ps.setLong(1, 3); // a pre-warm row: index 3 under another seed's tag is not operation 3
        ps.setLong(2, tag(new OperationSequence(ledger, 43).operation(3)));
        ps.addBatch();
        ps.executeBatch();
      }
      Path successes = dir.resolve("successes.txt");
      Files.writeString(successes, "0\n1\n3\n4\n"); // 2 performed but reported failed; 3 claimed but missing
      RunRecord.Ledger l = FaultAnalysis.ledger(c, successes, ledger, 42);
      assertEquals(new RunRecord.Ledger(4, 4, 1, 1, 1, List.of(3L)), l);
    }
  }

  private static long tag(Operation op) {
    return ((Number) op.statements().getFirst().params()[1]).longValue();
  }
}
