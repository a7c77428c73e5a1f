package dev.dbrace.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.dbrace.core.result.RunRecord;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * summary.csv: one row per run with the figures a spreadsheet wants (docs/results-format.md names
 * each column). Written beside race.json after every run; blank where a run has no such figure
 * (the time to first item, {@code ttfb_p50_ms} and {@code ttfb_p99_ms}, only at the service level).
 */
public final class SummaryCsv {
  static final List<String> COLUMNS = List.of("stack", "workload", "load", "purpose", "step", "round", "status", "ops",
      "errors", "unfinished", "not_issued", "throughput_ops_s", "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms",
      "cpu_user_s", "cpu_sys_s", "cpu_ms_per_1k_ops", "peak_rss_mb", "ctx_voluntary", "ctx_involuntary", "peak_threads",
      "server_xact_commit", "server_statement_calls", "pool", "threads", "minor_faults", "major_faults", "cpu_percent",
      "ttfb_p50_ms", "ttfb_p99_ms", "server_cpu_ms_per_1k_ops", "runner_cpu_percent");
  private static final CsvMapper CSV = new CsvMapper();
  private static final CsvSchema SCHEMA = CsvSchema.builder().addColumns(COLUMNS, CsvSchema.ColumnType.STRING)
      .setUseHeader(true).build();

  private SummaryCsv() {}

  /** The file's text for these runs, header first. */
  public static String of(List<RunRecord> runs) {
    List<String[]> rows = new ArrayList<>();
    for (RunRecord r : runs) {
      var w = r.result();
      var l = w.latencyMs();
      var p = r.process();
      var s = r.server();
      var t = w.ttfbMs();
      var sc = r.probes() == null ? null : r.probes().serverCpu();
      var rc = r.probes() == null ? null : r.probes().runnerCpu();
      rows.add(new String[] {r.stack(), r.workload(), r.load(), r.purpose(), Integer.toString(r.step()),
          Integer.toString(r.round()), r.status().label(), Long.toString(w.ops()), Long.toString(w.errors()),
          Long.toString(w.unfinished()), Long.toString(w.notIssued()), num(w.throughputOpsS()),
          l == null ? "" : num(l.p50()), l == null ? "" : num(l.p90()), l == null ? "" : num(l.p99()),
          l == null ? "" : num(l.p999()), l == null ? "" : num(l.max()),
          p == null ? "" : num(p.cpuUserS()), p == null ? "" : num(p.cpuSysS()), p == null ? "" : num(p.cpuMsPer1kOps()),
          p == null ? "" : num(p.peakRssMb()), p == null ? "" : Long.toString(p.ctxVoluntary()),
          p == null ? "" : Long.toString(p.ctxInvoluntary()), p == null ? "" : Integer.toString(p.peakThreads()),
          s == null ? "" : Long.toString(s.xactCommit()),
          s == null || s.statementCalls() == null ? "" : Long.toString(s.statementCalls()),
          r.pool() == null ? "" : Integer.toString(r.pool()), r.threads() == null ? "" : Integer.toString(r.threads()),
          p == null || p.minorFaults() == null ? "" : Long.toString(p.minorFaults()),
          p == null || p.majorFaults() == null ? "" : Long.toString(p.majorFaults()),
          p == null || p.cpuPercent() == null ? "" : num(p.cpuPercent()),
          t == null ? "" : num(t.p50()), t == null ? "" : num(t.p99()), sc == null ? "" : num(sc.cpuMsPer1kOps()),
          rc == null ? "" : num(rc.cpuPercent())});
    }
    try {
      return CSV.writer(SCHEMA).writeValueAsString(rows);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
