package dev.dbrace.cli.console;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.runner.CapacitySearch;
import dev.dbrace.runner.StackRounds;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The comparison table printed at the end of a race, one row per stack and load point, with each
 * stack's ratio to the best at the same load. With rounds ({@code --rounds}) a row is the stack's
 * rounds: throughput, p99 and CPU per 1,000 operations as the median and the range (min-max), the
 * other figures as medians, errors, unfinished and server counts summed; only rounds that finished
 * ok count. % cpu is the measured window's CPU seconds over its wall seconds (100 = one core), faults
 * the minor/major page faults in it, both from /proc; server cpu the database server's processes' CPU per 1,000
 * operations over the same phase, where the server runs on this machine; under the table, the runner JVM's own share
 * of a core over the measured phases. At the service level, where the generator timed
 * each answer's first item, its p50 and p99 follow the latency's ({@code ttfb}). Each row says
 * whether the server saw TLS, and runs whose warm-up hit its cap are listed under the table as not
 * settled, as are runs with warm-up operations still in flight through the whole measured window.
 */
public final class ConsoleTable {
  private ConsoleTable() {}

  public static void print(PrintStream out, List<RunRecord> runs) {
    List<StackRounds> groups = StackRounds.group(runs);
    boolean rounds = groups.stream().anyMatch(g -> g.runs().size() > 1);
    // a curve over --pools or --threads: every step has the same load, and the step's setting tells them apart
    dev.dbrace.runner.CurvePlan.Sweep swept = StackRounds.swept(runs);
    java.util.function.Function<StackRounds, String> point = g -> g.load() + " " + StackRounds.setting(g.runs().getFirst(), swept);
    boolean loads = groups.stream().map(point).distinct().count() > 1;
    boolean notIssued = runs.stream().anyMatch(r -> r.result().notIssued() > 0);
    // the service level's time to first item: columns only where some run recorded it
    boolean ttfb = runs.stream().anyMatch(r -> r.result().ttfbMs() != null);
    // "vs best" compares stacks at the same load, never across a curve's steps
    Map<String, Double> best = new HashMap<>();
    for (StackRounds g : groups) {
      if (g.hasFigures()) {
        best.merge(point.apply(g), g.throughput().median(), Math::max);
      }
    }
    List<String> head = new ArrayList<>(List.of("stack"));
    if (loads) {
      head.add("load");
    }
    head.add("status");
    if (rounds) {
      head.add("rounds");
    }
    head.addAll(List.of("ops/s", "vs best", "p50 ms", "p99 ms", "p99.9 ms", "max ms"));
    if (ttfb) {
      head.addAll(List.of("ttfb p50 ms", "ttfb p99 ms"));
    }
    head.addAll(List.of("errors", "unfinished"));
    if (notIssued) {
      head.add("not issued");
    }
    head.addAll(List.of("cpu usr/sys s", "cpu ms/1k ops", "% cpu", "faults min/maj", "rss MB", "ctx vol/invol", "threads", "tls",
        "server cpu ms/1k ops", "server xact", "server stmts/client"));
    List<String[]> rows = new ArrayList<>();
    rows.add(head.toArray(String[]::new));
    for (StackRounds g : groups) {
      List<String> row = new ArrayList<>(List.of(g.stack()));
      if (loads) {
        String setting = StackRounds.setting(g.runs().getFirst(), swept);
        row.add(shortLoad(g.runs().getFirst()) + (setting.isEmpty() ? "" : " " + setting));
      }
      row.add(status(g));
      if (rounds) {
        row.add(Integer.toString(g.runs().size()));
      }
      row.addAll(figures(g, best.getOrDefault(point.apply(g), 0.0), notIssued, ttfb));
      rows.add(row.toArray(String[]::new));
    }
    int[] width = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    int left = loads ? 3 : 2;
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < width.length; i++) {
        String cell = rows.get(r)[i];
        sb.append(i < left ? pad(cell, width[i], false) : pad(cell, width[i], true)).append("  ");
      }
      out.println(sb.toString().stripTrailing());
      if (r == 0) {
        out.println("-".repeat(sb.toString().stripTrailing().length()));
      }
    }
    if (rounds) {
      out.println("rounds: ops/s, p99, cpu ms/1k and server cpu ms/1k are the median of the ok rounds (min-max); other figures medians;"
          + " errors, unfinished and server counts summed over the rounds.");
    }
    List<Double> runner = runs.stream().filter(r -> r.probes() != null && r.probes().runnerCpu() != null)
        .map(r -> r.probes().runnerCpu().cpuPercent()).toList();
    if (!runner.isEmpty()) {
      Spread s = Spread.of(runner);
      out.println(String.format(java.util.Locale.ROOT, "dbrace's runner JVM while measuring: %.1f %% of a core"
          + " (median of %d runs, %.1f-%.1f), in none of the figures above", s.median(), s.n(), s.min(), s.max()));
    }
    List<String> unsettled = groups.stream().flatMap(g -> g.unsettled().stream().map(g::label)).toList();
    if (!unsettled.isEmpty()) {
      out.println("warm-up not settled (it hit its cap; the figures may include JIT work): " + String.join(", ", unsettled));
    }
    List<String> heldOver = groups.stream().flatMap(g -> g.runs().stream()
        .map(r -> heldOver(r).map(held -> g.label(r) + ": " + held)).flatMap(Optional::stream)).toList();
    if (!heldOver.isEmpty()) {
      out.println("warm-up operations still in flight through the whole measured window, in none of its figures (each held"
          + " a virtual user or an in-flight slot, and what it had of the stack, such as a connection): "
          + String.join("; ", heldOver));
    }
  }

  /**
   * A run's warm-up operations still in flight when its measured window closed, and the pre-warm's left in flight,
   * in words: "1, the oldest 12.3 s old at the switch; measured with 15 of 16 virtual users"; empty when none.
   */
  private static Optional<String> heldOver(RunRecord r) {
    var w = r.result().warmup();
    long atEnd = w == null || w.inFlightAtEnd() == null ? 0 : w.inFlightAtEnd();
    long preWarm = w == null || w.prewarm() == null ? 0 : w.prewarm().unfinished();
    List<String> parts = new ArrayList<>();
    if (atEnd > 0) {
      parts.add(fmt("%d, the oldest %.1f s old at the switch", atEnd, w.oldestInFlightMs() / 1000));
      if (r.result().effectiveConcurrency() != null && r.loadModel() instanceof LoadModel.Closed c) {
        parts.add(fmt("measured with %d of %d virtual users", r.result().effectiveConcurrency(), c.concurrency()));
      }
    }
    if (preWarm > 0) {
      parts.add(fmt("%d of the open loop's pre-warm, still in flight when it ended", preWarm));
    }
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", parts));
  }

  /** The group's status: the runs' one status, or how many had each. */
  private static String status(StackRounds g) {
    Map<String, Long> counts = new LinkedHashMap<>();
    g.runs().forEach(r -> counts.merge(r.status().label(), 1L, Long::sum));
    if (counts.size() == 1) {
      return counts.keySet().iterator().next();
    }
    return counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
  }

  /** The figures' cells, from the ok rounds; a lone run cut short (hung, interrupted) shows its own as before. */
  private static List<String> figures(StackRounds g, double best, boolean notIssued, boolean ttfb) {
    List<RunRecord> m = g.measured();
    if (m.isEmpty() && g.runs().size() == 1 && g.runs().getFirst().result().latencyMs() != null) {
      m = g.runs();
    }
    List<String> cells = new ArrayList<>();
    if (m.isEmpty()) {
      int n = 19 + (notIssued ? 1 : 0) + (ttfb ? 2 : 0);
      for (int i = 0; i < n; i++) {
        cells.add(i == n - 4 ? g.tls() : "-");
      }
      return cells;
    }
    StackRounds f = new StackRounds(g.stack(), g.load(), g.model(), m);
    Spread ops = Spread.of(m.stream().map((RunRecord r) -> r.result().throughputOpsS()).toList());
    cells.add(cell(ops, "%,.0f"));
    cells.add(best > 0 && g.hasFigures() ? fmt("%.2fx", ops.median() / best) : "-");
    cells.add(fmt("%.3f", median(m, r -> r.result().latencyMs().p50())));
    cells.add(cell(Spread.of(m.stream().map(r -> r.result().latencyMs().p99()).toList()), "%.3f"));
    cells.add(fmt("%.3f", median(m, r -> r.result().latencyMs().p999())));
    cells.add(fmt("%.3f", median(m, r -> r.result().latencyMs().max())));
    if (ttfb) {
      List<RunRecord> t = m.stream().filter(r -> r.result().ttfbMs() != null).toList();
      cells.add(t.isEmpty() ? "-" : fmt("%.3f", median(t, r -> r.result().ttfbMs().p50())));
      cells.add(t.isEmpty() ? "-" : cell(Spread.of(t.stream().map(r -> r.result().ttfbMs().p99()).toList()), "%.3f"));
    }
    cells.add(Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().errors()).sum()));
    cells.add(Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().unfinished()).sum()));
    if (notIssued) {
      cells.add(Long.toString(g.runs().stream().mapToLong((RunRecord r) -> r.result().notIssued()).sum()));
    }
    List<RunRecord> p = m.stream().filter(r -> r.process() != null).toList();
    cells.add(p.isEmpty() ? "-" : fmt("%.2f/%.2f", median(p, r -> r.process().cpuUserS()), median(p, r -> r.process().cpuSysS())));
    cells.add(p.isEmpty() ? "-" : cell(f.cpuPer1k(), "%.1f"));
    List<RunRecord> pf = p.stream().filter(r -> r.process().cpuPercent() != null).toList();
    cells.add(pf.isEmpty() ? "-" : fmt("%.0f", median(pf, r -> r.process().cpuPercent())));
    cells.add(pf.isEmpty() ? "-" : fmt("%,.0f/%,.0f", median(pf, r -> r.process().minorFaults()),
        median(pf, r -> r.process().majorFaults())));
    cells.add(p.isEmpty() ? "-" : fmt("%.0f", median(p, r -> r.process().peakRssMb())));
    cells.add(p.isEmpty() ? "-" : fmt("%,.0f/%,.0f", median(p, r -> r.process().ctxVoluntary()),
        median(p, r -> r.process().ctxInvoluntary())));
    cells.add(p.isEmpty() ? "-" : fmt("%.0f", median(p, r -> r.process().peakThreads())));
    cells.add(g.tls());
    cells.add(cell(f.serverCpuPer1k(), "%.1f"));
    List<RunRecord> s = m.stream().filter(r -> r.server() != null).toList();
    cells.add(s.isEmpty() ? "-" : fmt("%,d", s.stream().mapToLong(r -> r.server().xactCommit()).sum()));
    cells.add(s.isEmpty() || s.stream().anyMatch(r -> r.server().statementCalls() == null) ? "n/a"
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

  private static double median(List<RunRecord> runs, java.util.function.ToDoubleFunction<RunRecord> figure) {
    return Spread.of(runs.stream().map(figure::applyAsDouble).toList()).median();
  }

  private static String shortLoad(RunRecord r) {
    return switch (r.loadModel()) {
      case dev.dbrace.core.load.LoadModel.Open o -> fmt("open %,.0f/s", o.rate());
      case dev.dbrace.core.load.LoadModel.Closed c -> "closed c=" + c.concurrency();
      case null -> r.load();
    };
  }

  /**
   * The capacity verdicts side by side, each against the best: a ratio of the rates held only where
   * the two brackets do not overlap; where they do, "within the brackets" (neither holds more).
   */
  public static void printCapacity(PrintStream out, List<Race.Capacity> verdicts, Race.Sla sla) {
    Race.Capacity top = CapacitySearch.best(verdicts);
    out.println("capacity (" + sla.describe() + "):");
    for (Race.Capacity c : verdicts) {
      String ratio = top == null || c.capacityOpsS() == null || c == top ? ""
          : top.bracketsOverlap(c) ? "  within the brackets of " + top.stack()
          : fmt("  %.2fx the best (%s)", c.capacityOpsS() / top.capacityOpsS(), top.stack());
      out.println("  " + c.stack() + ": " + c.verdict() + ratio);
    }
    if (top != null) {
      for (Race.Capacity c : verdicts) {
        if (c != top) {
          out.println("  " + CapacitySearch.compare(top, c));
        }
      }
    }
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }

  private static String pad(String s, int w, boolean right) {
    String fill = " ".repeat(Math.max(0, w - s.length()));
    return right ? fill + s : s + fill;
  }
}
