package dev.dbrace.runner.fault;

import dev.dbrace.core.result.RunRecord.FaultWindow;
import dev.dbrace.core.result.RunRecord.Faults;
import dev.dbrace.core.result.RunRecord.Interval;
import dev.dbrace.core.result.RunRecord.Ledger;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.postgres.LedgerTable;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.recovery.IntervalSeries.Slice;
import dev.dbrace.runner.recovery.IntervalSeries;
import dev.dbrace.runner.recovery.RecoveryRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a fault run's files and the database say after the run: the p99 before the first fault, each
 * fault's window and time to recover, from the measured intervals ({@link IntervalSeries}: the latency
 * log's histograms and the counts file's errors and arrivals not issued), and the ledger check (the
 * client's successes against the rows). A fault's time to recover runs from its end to the end of the
 * first later interval, before the next fault, that counts as recovered by {@link RecoveryRule} (the
 * spikes' rule) against the intervals that ended before the first fault: a p99 within the recovery
 * limit <i>and</i> no larger a share of drops than those intervals had, so a stack that keeps failing
 * fast, or refusing arrivals at its in-flight limit, after a fault has not recovered. Every p99 here
 * (before the first fault, in a window, per interval) ranks arrivals not issued as the worst, as the
 * run's own percentiles do. Reads only files the worker wrote as it went, so a worker that died
 * mid-fault is analysed too (and the figures so far, mid-run). Stateless.
 */
public final class FaultAnalysis {
  private FaultAnalysis() {}

  public static Faults of(FaultPlan plan, List<FaultInjector.Applied> applied, Instant measureStart, Path hlog, Ledger ledger) {
    IntervalSeries series;
    try {
      series = IntervalSeries.read(hlog);
    } catch (IOException | RuntimeException e) {
      RecoveryRule none = RecoveryRule.after(List.of(), 0); // no baseline: nothing recovers
      return new Faults(plan.spec(), null, windows(applied, measureStart, List.of(), none), List.of(), ledger,
          "latency log unreadable: " + e.getMessage());
    }
    long zero = measureStart.toEpochMilli();
    long worst = series.worstNs();
    List<Slice> slices = series.slices();
    long firstStart = applied.isEmpty() ? Long.MIN_VALUE : applied.getFirst().start().toEpochMilli();
    RecoveryRule rule = RecoveryRule.after(slices.stream().filter(s -> s.endMs() <= firstStart).toList(), worst);
    List<Interval> timeline = new ArrayList<>();
    for (Slice s : slices) {
      Double p99 = s.p99Ms(worst);
      if (p99 != null) { // nothing completed and nothing refused: no p99 to draw
        timeline.add(new Interval(sec(s.startMs() - zero), sec(s.endMs() - zero), p99, s.ok()));
      }
    }
    String note = applied.size() < plan.faults().size()
        ? (plan.faults().size() - applied.size()) + " of the planned faults were not injected: the run ended first" : null;
    if (!applied.isEmpty() && rule.baselineP99Ms() == null) {
      note = join(note, "no measured interval ended before the first fault, so no recovery can be stated");
    }
    note = join(note, series.note());
    return new Faults(plan.spec(), rule.baselineP99Ms(), windows(applied, measureStart, slices, rule), timeline, ledger, note);
  }

  /** The faults' windows, each recovered by {@code rule}. */
  private static List<FaultWindow> windows(List<FaultInjector.Applied> applied, Instant measureStart, List<Slice> slices,
      RecoveryRule rule) {
    long zero = measureStart.toEpochMilli();
    List<FaultWindow> out = new ArrayList<>();
    for (int i = 0; i < applied.size(); i++) {
      FaultInjector.Applied a = applied.get(i);
      long start = a.start().toEpochMilli();
      long end = a.end().toEpochMilli();
      long next = i + 1 < applied.size() ? applied.get(i + 1).start().toEpochMilli() : Long.MAX_VALUE;
      // the intervals overlapping the window (an instant fault: the one it fell in)
      List<Slice> overlapping = slices.stream().filter(s -> s.endMs() > start && s.startMs() < Math.max(end, start + 1)).toList();
      Double inWindow = IntervalSeries.p99Ms(overlapping, rule.worstNs());
      Double recovery = null;
      for (Slice s : slices) {
        if (s.startMs() >= end && s.endMs() <= next && rule.recoveredIn(s)) {
          recovery = sec(s.endMs() - end);
          break;
        }
      }
      out.add(new FaultWindow(a.fault().describe(), sec(start - zero), sec(end - zero), a.detail(), inWindow, recovery));
    }
    return out;
  }

  /**
   * The ledger check: the indexes the worker counted successful ({@code successFile}) against the
   * rows of the ledger table whose tag is the one the run's sequence gives that index (rows of the
   * pre-warm, which reuses indexes under another seed, do not match and are left out).
   */
  public static Ledger ledger(Connection admin, Path successFile, WorkloadSpec workload, long seed) throws SQLException, IOException {
    Set<Long> client = new HashSet<>();
    if (Files.exists(successFile)) {
      try (Stream<String> lines = Files.lines(successFile)) {
        lines.filter(l -> !l.isBlank()).forEach(l -> client.add(Long.parseLong(l.trim())));
      }
    }
    OperationSequence seq = new OperationSequence(workload, seed);
    Map<Long, Integer> rows = new HashMap<>();
    LedgerTable.forEachRow(admin, Workloads.LEDGER_TABLE, (op, tag) -> {
      if (op >= 0 && tagOf(seq.operation(op)) == tag) {
        rows.merge(op, 1, Integer::sum);
      }
    });
    List<Long> missing = client.stream().filter(i -> !rows.containsKey(i)).sorted().toList();
    long performedNotReported = rows.keySet().stream().filter(i -> !client.contains(i)).count();
    long duplicates = rows.values().stream().filter(n -> n > 1).count();
    return new Ledger(client.size(), rows.size(), missing.size(), performedNotReported, duplicates,
        missing.subList(0, Math.min(10, missing.size())));
  }

  /** Creates the ledger table if missing and empties it: each run's check starts from no rows. */
  public static void prepareLedger(Connection admin) throws IOException {
    try {
      LedgerTable.prepare(admin, Workloads.LEDGER_TABLE);
    } catch (SQLException e) {
      throw new IOException("preparing the ledger table: " + Secrets.redact(e.getMessage()), e);
    }
  }

  private static long tagOf(Operation op) {
    return ((Number) op.statements().getFirst().params()[1]).longValue();
  }

  private static String join(String a, String b) {
    return a == null ? b : b == null ? a : a + "; " + b;
  }

  private static double sec(long ms) {
    return ms / 1000.0;
  }
}
