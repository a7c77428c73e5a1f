package dev.dbrace.report.chart;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.core.run.Latency;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.RunFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Figures as a function of load, one line per stack: E2's method. Open-loop runs give latency
 * and achieved throughput against the offered rate (with the SLA drawn in); closed-loop runs of
 * one stack at several concurrencies give throughput and p99 against concurrency; a curve over a
 * setting ({@code --pools}, {@code --threads 50,200}) gives throughput, p99 and CPU per 1,000 ops
 * against that setting.
 */
public final class LoadCurves {
  private final Race race;
  private final Palette palette;

  public LoadCurves(Race race, Palette palette) {
    this.race = race;
    this.palette = palette;
  }

  /** Latency, throughput (and errors, when any) against the offered rate; empty without a curve. */
  public List<ChartSpec> openLoop() {
    Map<String, List<RunRecord>> byStack = curves(r -> r.loadModel() instanceof LoadModel.Open, RunRecord::offeredRate);
    if (byStack.isEmpty()) {
      return List.of();
    }
    String pct = race.sla() == null ? "p99" : race.sla().percentile();
    Axis rate = Axis.linear("offered rate (ops/s)");
    List<Series> latency = new ArrayList<>();
    List<Series> throughput = new ArrayList<>();
    List<Series> errors = new ArrayList<>();
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (var e : byStack.entrySet()) {
      String color = palette.color(e.getValue().getFirst().stack());
      List<RunRecord> runs = e.getValue();
      latency.add(Series.line(e.getKey() + " " + pct, color, points(runs, RunRecord::offeredRate,
          r -> percentile(r.result().latencyMs(), pct)), false));
      if (!pct.equals("p50")) {
        latency.add(Series.line(e.getKey() + " p50", color, points(runs, RunRecord::offeredRate, r -> r.result().latencyMs().p50()), true));
      }
      throughput.add(Series.line(e.getKey(), color, points(runs, RunRecord::offeredRate,
          (RunRecord r) -> r.result().throughputOpsS()), false));
      errors.add(Series.line(e.getKey(), color, points(runs, RunRecord::offeredRate, r -> r.errorRate() * 100), false));
      lo = Math.min(lo, runs.getFirst().offeredRate());
      hi = Math.max(hi, runs.getLast().offeredRate());
    }
    if (race.sla() != null) {
      latency.add(Series.line("SLA: " + pct + " ≤ " + Format.plain(race.sla().ms()) + " ms", Palette.SLA,
          List.of(new Point(lo, race.sla().ms()), new Point(hi, race.sla().ms())), true));
    }
    throughput.add(Series.line("achieved = offered", Palette.NEUTRAL, List.of(new Point(lo, lo), new Point(hi, hi)), true));
    List<ChartSpec> charts = new ArrayList<>();
    charts.add(ChartSpec.lines("latency-vs-rate", "Latency vs offered rate",
        pct + " (solid) and p50 (dashed), from each operation's intended start; log scale.",
        rate, Axis.log("latency (ms)"), latency));
    charts.add(ChartSpec.lines("throughput-vs-rate", "Achieved vs offered rate",
        "Below the dashed line the stack no longer keeps up with the arrivals.",
        rate, Axis.linear("achieved throughput (ops/s)"), throughput));
    boolean anyErrors = byStack.values().stream().flatMap(List::stream).anyMatch(r -> r.errorRate() > 0);
    if (anyErrors) {
      charts.add(ChartSpec.lines("errors-vs-rate", "Errors and operations not issued vs offered rate",
          "Errors, unfinished and not-issued operations over all that were due, in %: what the SLA counts.",
          rate, Axis.linear("error rate (%)"), errors));
    }
    return charts;
  }

  /** Throughput and p99 against concurrency, for stacks run closed-loop at several concurrencies. */
  public List<ChartSpec> closedLoop() {
    ToDoubleFunction<RunRecord> concurrency = r -> ((LoadModel.Closed) r.loadModel()).concurrency();
    Map<String, List<RunRecord>> byStack = curves(r -> r.loadModel() instanceof LoadModel.Closed,
        r -> concurrency.applyAsDouble(r));
    if (byStack.isEmpty()) {
      return List.of();
    }
    double min = byStack.values().stream().mapToDouble(l -> concurrency.applyAsDouble(l.getFirst())).min().orElse(1);
    double max = byStack.values().stream().mapToDouble(l -> concurrency.applyAsDouble(l.getLast())).max().orElse(1);
    Axis x = max / min >= 8 ? Axis.log("operations in flight (concurrency)") : Axis.linear("operations in flight (concurrency)");
    List<Series> throughput = new ArrayList<>();
    List<Series> p99 = new ArrayList<>();
    byStack.forEach((label, runs) -> {
      String color = palette.color(runs.getFirst().stack());
      throughput.add(Series.line(label, color, points(runs, concurrency::applyAsDouble,
          (RunRecord r) -> r.result().throughputOpsS()), false));
      p99.add(Series.line(label, color, points(runs, concurrency::applyAsDouble, r -> r.result().latencyMs().p99()), false));
    });
    return List.of(
        ChartSpec.lines("throughput-vs-concurrency", "Throughput vs concurrency", "Closed loop.",
            x, Axis.linear("throughput (ops/s)"), throughput),
        ChartSpec.lines("p99-vs-concurrency", "p99 vs concurrency", "Closed loop: latency from issue; log scale.",
            x, Axis.log("p99 (ms)"), p99));
  }

  /** A curve over a setting at one load: its charts, what the template names it by, and the section's lead. */
  public record Sweep(String setting, String load, List<ChartSpec> charts, List<String> notes, String lead) {
    public boolean hasNotes() {
      return !notes.isEmpty();
    }
  }

  /**
   * Throughput, p99 and CPU per 1,000 operations against the swept setting (pool size, platform threads, or the number
   * of agents of a scale curve, with the database server's CPU per operation) of a curve over one, one line per stack;
   * null when the runs sweep no setting.
   */
  public Sweep sweep() {
    LoadPoint.Swept swept = LoadPoint.Swept.of(race.runs());
    if (swept == LoadPoint.Swept.NONE) {
      return null;
    }
    Map<String, List<RunRecord>> byStack = curves(r -> swept.x(r) != null, swept::x);
    if (byStack.isEmpty()) {
      return null;
    }
    String setting = switch (swept) {
      case POOL -> "pool size";
      case AGENTS -> "agents";
      default -> "platform threads";
    };
    String unit = switch (swept) {
      case POOL -> "pool size (connections)";
      case AGENTS -> "agents (each the same load)";
      default -> "platform threads";
    };
    double min = byStack.values().stream().mapToDouble(l -> swept.x(l.getFirst())).min().orElse(1);
    double max = byStack.values().stream().mapToDouble(l -> swept.x(l.getLast())).max().orElse(1);
    Axis x = min > 0 && max / min >= 8 ? Axis.log(unit) : Axis.linear(unit);
    List<Series> throughput = new ArrayList<>();
    List<Series> p99 = new ArrayList<>();
    List<Series> cpu = new ArrayList<>();
    List<Series> serverCpu = new ArrayList<>();
    byStack.forEach((label, runs) -> {
      String color = palette.color(runs.getFirst().stack());
      throughput.add(Series.line(label, color, points(runs, swept::x, (RunRecord r) -> r.result().throughputOpsS()), false));
      p99.add(Series.line(label, color, points(runs, swept::x, r -> r.result().latencyMs().p99()), false));
      List<RunRecord> measured = runs.stream().filter(r -> r.process() != null && r.result().ops() > 0).toList();
      if (!measured.isEmpty()) {
        cpu.add(Series.line(label, color, points(measured, swept::x, RunFigures::cpuMsPer1kOps), false));
      }
      List<RunRecord> server = runs.stream().filter(r -> r.probes() != null && r.probes().serverCpu() != null).toList();
      if (swept == LoadPoint.Swept.AGENTS && !server.isEmpty()) {
        serverCpu.add(Series.line(label, color, points(server, swept::x, r -> r.probes().serverCpu().cpuMsPer1kOps()), false));
      }
    });
    String id = switch (swept) {
      case POOL -> "pool";
      case AGENTS -> "agents";
      default -> "threads";
    };
    List<ChartSpec> charts = new ArrayList<>();
    charts.add(ChartSpec.lines("throughput-vs-" + id, "Throughput vs " + setting, "One load throughout; more is better.",
        x, Axis.linear("throughput (ops/s)"), throughput));
    charts.add(ChartSpec.lines("p99-vs-" + id, "p99 vs " + setting, "Log scale.", x, Axis.log("p99 (ms)"), p99));
    if (!cpu.isEmpty()) {
      charts.add(ChartSpec.lines("cpu-vs-" + id, "CPU per 1,000 ops vs " + setting,
          "The measured process's user + sys CPU from /proc over completed operations.", x, Axis.linear("CPU (ms)"), cpu));
    }
    if (!serverCpu.isEmpty()) {
      // a scale curve's question: where the database, not the clients, saturates
      charts.add(ChartSpec.lines("server-cpu-vs-" + id, "The database server's CPU per 1,000 ops vs " + setting,
          "Every agent the same load, so the load grows with them: throughput that stops growing while the server's CPU "
              + "per operation rises is the database saturating.", x, Axis.linear("server CPU (ms)"), serverCpu));
    }
    RunRecord first = byStack.values().iterator().next().getFirst();
    // a scale curve's load grows with the agents: its first step's is the load of one
    String load = LoadPoint.of(first).shortLabel();
    String lead = swept == LoadPoint.Swept.AGENTS
        ? "Each stack with the same load on every agent (" + load + " on one), on more and more agents: where throughput "
            + "stops growing with them, and whether the clients or the database saturate."
        : "Each stack at one load (" + load + ") through a series of " + setting + " values: where its throughput peaks, "
            + "and what more " + setting + " costs.";
    return new Sweep(setting, load, charts, List.of(), lead);
  }

  /**
   * Each stack's runs of one load model sorted by load level; only stacks with at least two
   * levels, and nothing at all when no stack has a curve.
   */
  private Map<String, List<RunRecord>> curves(Predicate<RunRecord> model,
      Function<RunRecord, Double> level) {
    boolean severalWorkloads = LoadPoint.severalWorkloads(race.runs());
    Map<String, List<RunRecord>> byStack = new LinkedHashMap<>();
    race.runs().stream().filter(RunFigures::hasFigures).filter(model)
        .sorted(Comparator.comparing(level))
        .forEach(r -> byStack.computeIfAbsent(r.stack() + (severalWorkloads ? " · " + r.workload() : ""),
            k -> new ArrayList<>()).add(r));
    byStack.values().removeIf(runs -> runs.stream().map(level).distinct().count() < 2);
    return byStack;
  }

  /** One point per load level: with rounds ({@code --rounds}), the median of that level's runs. */
  private static List<Point> points(List<RunRecord> runs, Function<RunRecord, Double> x,
      ToDoubleFunction<RunRecord> y) {
    Map<Double, List<Double>> byX = new LinkedHashMap<>();
    runs.forEach(r -> byX.computeIfAbsent(x.apply(r), k -> new ArrayList<>()).add(y.applyAsDouble(r)));
    return byX.entrySet().stream()
        .map(e -> new Point(e.getKey(), Spread.of(e.getValue()).median())).toList();
  }

  /** The figure an SLA names ({@code p50}, {@code p90}, {@code p99}, {@code p999}/{@code p99.9}, {@code max}). */
  static double percentile(Latency l, String name) {
    return switch (name) {
      case "p50" -> l.p50();
      case "p90" -> l.p90();
      case "p999", "p99.9" -> l.p999();
      case "max" -> l.max();
      default -> l.p99();
    };
  }
}
