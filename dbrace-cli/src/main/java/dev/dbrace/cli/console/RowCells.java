package dev.dbrace.cli.console;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.runner.StackRounds;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The figures of one row of the race's table ({@link ConsoleTable}), one stack at one load point, by column header:
 * throughput, p99 and CPU per 1,000 operations (the client's and the server's) as the median of the ok rounds and,
 * with several, their range; the other figures medians; errors, unfinished and the server's counts summed.
 */
final class RowCells {
  private RowCells() {}

  /**
   * The figures' cells by column, from the ok rounds; a lone run cut short (hung, interrupted) shows its own so far.
   * A column without a cell here shows "-".
   */
  static Map<String, String> figures(StackRounds g, double best, boolean ttfb) {
    Map<String, String> cells = new HashMap<>();
    cells.put("tls", g.tls());
    List<RunRecord> m = g.measured();
    if (m.isEmpty() && g.runs().size() == 1 && g.runs().getFirst().result().latencyMs() != null) {
      m = g.runs();
    }
    if (m.isEmpty()) {
      return cells;
    }
    StackRounds f = new StackRounds(g.stack(), g.load(), g.model(), m);
    Spread ops = Spread.of(m.stream().map((RunRecord r) -> r.result().throughputOpsS()).toList());
    cells.put("ops/s", cell(ops, "%,.0f"));
    cells.put("vs best", best > 0 && g.hasFigures() ? fmt("%.2fx", ops.median() / best) : "-");
    cells.put("p50 ms", fmt("%.3f", median(m, r -> r.result().latencyMs().p50())));
    cells.put("p99 ms", cell(Spread.of(m.stream().map(r -> r.result().latencyMs().p99()).toList()), "%.3f"));
    cells.put("p99.9 ms", fmt("%.3f", median(m, r -> r.result().latencyMs().p999())));
    cells.put("max ms", fmt("%.3f", median(m, r -> r.result().latencyMs().max())));
    List<RunRecord> t = m.stream().filter(r -> r.result().ttfbMs() != null).toList();
    if (ttfb && !t.isEmpty()) {
      cells.put("ttfb p50 ms", fmt("%.3f", median(t, r -> r.result().ttfbMs().p50())));
      cells.put("ttfb p99 ms", cell(Spread.of(t.stream().map(r -> r.result().ttfbMs().p99()).toList()), "%.3f"));
    }
    cells.put("errors", Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().errors()).sum()));
    cells.put("unfinished", Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().unfinished()).sum()));
    cells.put("not issued", Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().notIssued()).sum()));
    List<RunRecord> p = m.stream().filter(r -> r.process() != null).toList();
    if (!p.isEmpty()) {
      cells.put("cpu usr/sys s", fmt("%.2f/%.2f", median(p, r -> r.process().cpuUserS()), median(p, r -> r.process().cpuSysS())));
      cells.put("cpu ms/1k ops", cell(f.cpuPer1k(), "%.1f"));
      cells.put("rss MB", fmt("%.0f", median(p, r -> r.process().peakRssMb())));
      cells.put("ctx vol/invol", fmt("%,.0f/%,.0f", median(p, r -> r.process().ctxVoluntary()),
          median(p, r -> r.process().ctxInvoluntary())));
      cells.put("threads", fmt("%.0f", median(p, r -> r.process().peakThreads())));
    }
    List<RunRecord> pf = p.stream().filter(r -> r.process().cpuPercent() != null).toList();
    if (!pf.isEmpty()) {
      cells.put("% cpu", fmt("%.0f", median(pf, r -> r.process().cpuPercent())));
      cells.put("faults min/maj", fmt("%,.0f/%,.0f", median(pf, r -> r.process().minorFaults()),
          median(pf, r -> r.process().majorFaults())));
    }
    cells.put("server cpu ms/1k ops", cell(f.serverCpuPer1k(), "%.1f"));
    List<RunRecord> s = m.stream().filter(r -> r.server() != null).toList();
    cells.put("server xact", s.isEmpty() ? "-" : fmt("%,d", s.stream().mapToLong(r -> r.server().xactCommit()).sum()));
    cells.put("server stmts/client", s.isEmpty() || s.stream().anyMatch(r -> r.server().statementCalls() == null) ? "n/a"
        : fmt("%,d/%,d", s.stream().mapToLong(r -> r.server().statementCalls()).sum(),
            s.stream().mapToLong(r -> r.server().clientStatements()).sum()));
    return cells;
  }

  /** The median, and with several rounds their range: {@code 12,345 (12,001-12,690)}. */
  private static String cell(Spread s, String format) {
    if (s == null) {
      return "-";
    }
    String median = fmt(format, s.median());
    return s.n() > 1 ? median + " (" + fmt(format, s.min()) + "-" + fmt(format, s.max()) + ")" : median;
  }

  private static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> figure) {
    return Spread.of(runs.stream().map(figure::applyAsDouble).toList()).median();
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
