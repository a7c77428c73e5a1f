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
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * What a fault run's files and the database say after the run: the p99 before the first fault,
 * each fault's window and time to recover (from the latency log's per-interval histograms), and
 * the ledger check (the client's successes against the rows). Reads only files the worker wrote
 * as it went, so a worker that died mid-fault is analysed too. Stateless.
 */
public final class FaultAnalysis {
  private FaultAnalysis() {}

  /** One measured interval of the log, absolute milliseconds. */
  record Slice(long startMs, long endMs, Histogram histogram) {}

  public static Faults of(FaultPlan plan, List<FaultInjector.Applied> applied, Instant measureStart, Path hlog, Ledger ledger) {
    List<Slice> slices;
    try {
      slices = read(hlog);
    } catch (IOException | RuntimeException e) {
      return new Faults(plan.spec(), null, windows(applied, measureStart, List.of(), null), List.of(), ledger,
          "latency log unreadable: " + e.getMessage());
    }
    long zero = measureStart.toEpochMilli();
    Double baseline = applied.isEmpty() ? null : p99(slices, Long.MIN_VALUE, applied.getFirst().start().toEpochMilli(), true);
    List<Interval> timeline = slices.stream().map(s -> new Interval(sec(s.startMs() - zero), sec(s.endMs() - zero),
        ms(s.histogram().getValueAtPercentile(99)), s.histogram().getTotalCount())).toList();
    String note = applied.size() < plan.faults().size()
        ? (plan.faults().size() - applied.size()) + " of the planned faults were not injected: the run ended first" : null;
    if (baseline == null && !applied.isEmpty()) {
      note = (note == null ? "" : note + "; ") + "no measured interval ended before the first fault, so no recovery can be stated";
    }
    return new Faults(plan.spec(), baseline, windows(applied, measureStart, slices, baseline), timeline, ledger, note);
  }

  private static List<FaultWindow> windows(List<FaultInjector.Applied> applied, Instant measureStart, List<Slice> slices,
      Double baseline) {
    long zero = measureStart.toEpochMilli();
    List<FaultWindow> out = new ArrayList<>();
    for (int i = 0; i < applied.size(); i++) {
      FaultInjector.Applied a = applied.get(i);
      long start = a.start().toEpochMilli();
      long end = a.end().toEpochMilli();
      long next = i + 1 < applied.size() ? applied.get(i + 1).start().toEpochMilli() : Long.MAX_VALUE;
      Double inWindow = p99(slices, start, end, false);
      Double recovery = null;
      if (baseline != null) {
        // within the spike's recovery limit, not at or under the baseline itself: an interval 0.07 ms over a
        // 2.3 ms baseline is noise, and an exact bound left a recovered stack "not recovered" (a CI failure)
        double limit = RecoveryRule.limitMs(baseline);
        for (Slice s : slices) {
          if (s.startMs() >= end && s.endMs() <= next && ms(s.histogram().getValueAtPercentile(99)) <= limit) {
            recovery = sec(s.endMs() - end);
            break;
          }
        }
      }
      out.add(new FaultWindow(a.fault().describe(), sec(start - zero), sec(end - zero), a.detail(), inWindow, recovery));
    }
    return out;
  }

  /** p99 of the slices inside [from, to] ({@code within}) or overlapping it; null if none. */
  private static Double p99(List<Slice> slices, long from, long to, boolean within) {
    Histogram sum = new Histogram(3);
    for (Slice s : slices) {
      boolean take = within ? s.startMs() >= from && s.endMs() <= to : s.endMs() > from && s.startMs() < Math.max(to, from + 1);
      if (take) {
        sum.add(s.histogram());
      }
    }
    return sum.getTotalCount() == 0 ? null : ms(sum.getValueAtPercentile(99));
  }

  /** The measured (untagged) intervals of the log, in order. */
  static List<Slice> read(Path hlog) throws IOException {
    List<Slice> out = new ArrayList<>();
    if (!Files.exists(hlog)) {
      throw new IOException(hlog.getFileName() + " is missing");
    }
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h.getTag() == null && h instanceof Histogram hist) {
          out.add(new Slice(h.getStartTimeStamp(), h.getEndTimeStamp(), hist));
        }
      }
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

  private static double ms(double ns) {
    return Math.round(ns / 1e3) / 1e3;
  }

  private static double sec(long ms) {
    return ms / 1000.0;
  }
}
