package dev.dbrace.cli.console;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.runner.CapacitySearch;
import dev.dbrace.runner.CurvePlan;
import dev.dbrace.runner.StackRounds;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The comparison table printed at the end of a race, one row per stack and load point, with each
 * stack's ratio to the best at the same load. By default only the figures a reader compares first, so that a race of
 * a few stacks and rounds fits a 120-column terminal (a long stack name or wide ranges widen it: no figure is cut);
 * {@code --wide} prints every column, some 300 characters. With rounds ({@code --rounds}) a row is the stack's
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
  /**
   * The default table's columns: the figures a reader compares first (arrivals refused at the in-flight limit among
   * them where a run refused any: they count against a stack as its errors do). The rest are in --wide, race.json and
   * summary.csv.
   */
  private static final List<String> NARROW = List.of("stack", "load", "ops/s", "vs best", "p50 ms", "p99 ms", "errors",
      "not issued", "cpu ms/1k ops", "rss MB", "threads", "tls");

  private ConsoleTable() {}

  /**
   * Prints the table and the notes under it.
   *
   * @param wide every column (about 300 characters), as {@code --wide} asks; else the {@link #NARROW} columns, a stack
   *     whose runs were not all ok carrying their status in its cell ("vertx (hung)", "vertx (1 hung)"), and a line
   *     that says how many columns were left out and where they are
   */
  public static void print(PrintStream out, List<RunRecord> runs, boolean wide) {
    List<StackRounds> groups = StackRounds.group(runs);
    boolean rounds = groups.stream().anyMatch(g -> g.runs().size() > 1);
    // a curve over --pools or --threads: every step has the same load, and the step's setting tells them apart
    CurvePlan.Sweep swept = StackRounds.swept(runs);
    Function<StackRounds, String> point = g -> g.load() + " " + StackRounds.setting(g.runs().getFirst(), swept);
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
    List<String> head = columns(loads, rounds, ttfb, notIssued);
    List<String> shown = wide ? head : head.stream().filter(NARROW::contains).toList();
    List<List<String>> rows = new ArrayList<>();
    for (StackRounds g : groups) {
      Map<String, String> row = RowCells.figures(g, best.getOrDefault(point.apply(g), 0.0), ttfb);
      row.put("stack", wide ? g.stack() : g.stack() + notOk(g));
      if (loads) {
        String setting = StackRounds.setting(g.runs().getFirst(), swept);
        row.put("load", shortLoad(g.runs().getFirst()) + (setting.isEmpty() ? "" : " " + setting));
      }
      row.put("status", status(g));
      row.put("rounds", Integer.toString(g.runs().size()));
      rows.add(shown.stream().map(c -> row.getOrDefault(c, "-")).toList());
    }
    int left = (int) shown.stream().takeWhile(List.of("stack", "load", "status")::contains).count();
    TextTable.print(out, shown, rows, left, !wide);
    if (shown.size() < head.size()) {
      out.println((head.size() - shown.size()) + " more columns: --wide, or race.json / summary.csv");
    }
    if (rounds) {
      out.println(wide ? "rounds: ops/s, p99, cpu ms/1k and server cpu ms/1k are the median of the ok rounds (min-max); other"
          + " figures medians; errors, unfinished and server counts summed over the rounds."
          : "rounds: ops/s, p99 and cpu ms/1k are the median of the ok rounds (min-max); other figures medians, errors summed.");
    }
    notes(out, runs, groups);
  }

  /** Every column, as --wide prints them; those of a kind no run has (rounds, ttfb, not issued) left out. */
  private static List<String> columns(boolean loads, boolean rounds, boolean ttfb, boolean notIssued) {
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
    return head;
  }

  /** The notes under the table: the runner's own CPU, warm-ups that did not settle, warm-up operations held over. */
  private static void notes(PrintStream out, List<RunRecord> runs, List<StackRounds> groups) {
    List<Double> runner = runs.stream().filter(r -> r.probes() != null && r.probes().runnerCpu() != null)
        .map(r -> r.probes().runnerCpu().cpuPercent()).toList();
    if (!runner.isEmpty()) {
      Spread s = Spread.of(runner);
      out.println(String.format(Locale.ROOT, "dbrace's runner JVM while measuring: %.1f %% of a core"
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
    Map<String, Long> counts = statusCounts(g.runs());
    return counts.size() == 1 ? counts.keySet().iterator().next() : counted(counts);
  }

  /**
   * The runs' statuses other than ok, for the narrow table's stack cell: " (hung)" for a lone run, " (1 hung)" for
   * one round of several; empty when every run was ok.
   */
  private static String notOk(StackRounds g) {
    Map<String, Long> counts = statusCounts(g.runs().stream().filter(r -> !r.ok()).toList());
    if (counts.isEmpty()) {
      return "";
    }
    return " (" + (g.runs().size() == 1 ? counts.keySet().iterator().next() : counted(counts)) + ")";
  }

  /** How many of the runs ended with each status, in the order first seen. */
  private static Map<String, Long> statusCounts(List<RunRecord> runs) {
    return runs.stream().collect(Collectors.groupingBy(r -> r.status().label(), LinkedHashMap::new, Collectors.counting()));
  }

  /** "2 ok, 1 hung". */
  private static String counted(Map<String, Long> counts) {
    return counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", "));
  }

  private static String shortLoad(RunRecord r) {
    return switch (r.loadModel()) {
      case LoadModel.Open o -> fmt("open %,.0f/s", o.rate());
      case LoadModel.Closed c -> "closed c=" + c.concurrency();
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
}
