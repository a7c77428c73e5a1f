package dev.dbrace.report.chart;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.RunFigures;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What each stack cost the machine, measured from /proc outside the worker: CPU user/sys per
 * 1,000 operations, peak RSS, context switches per 1,000 operations, peak threads. Bars per load
 * point; for an open-loop curve, lines against the offered rate, where the cost of load shows.
 */
public final class ResourceCharts {
  private record Metric(String id, String title, String unit, ToDoubleFunction<RunRecord> value) {}

  private static final List<Metric> METRICS = List.of(
      new Metric("rss", "Peak RSS", "MB", r -> r.process().peakRssMb()),
      new Metric("ctx", "Context switches per 1,000 ops", "switches", RunFigures::contextSwitchesPer1kOps),
      new Metric("threads", "Peak threads", "threads", r -> r.process().peakThreads()));
  private static final Metric CPU_TOTAL = new Metric("cpu", "CPU per 1,000 ops", "ms", RunFigures::cpuMsPer1kOps);

  private final Palette palette;

  public ResourceCharts(Palette palette) {
    this.palette = palette;
  }

  public List<ChartSpec> of(List<RunRecord> allRuns) {
    List<RunRecord> runs = allRuns.stream()
        .filter(r -> RunFigures.hasFigures(r) && r.process() != null && r.result().ops() > 0).toList();
    List<RunRecord> curve = openCurve(runs);
    List<RunRecord> points = runs.stream().filter(r -> !curve.contains(r)).toList();
    List<ChartSpec> charts = new ArrayList<>();
    if (!points.isEmpty()) {
      charts.addAll(bars(points));
    }
    if (!curve.isEmpty()) {
      charts.addAll(lines(curve));
    }
    return charts;
  }

  /** Open-loop runs, when some stack ran at two rates or more; else none. */
  private static List<RunRecord> openCurve(List<RunRecord> runs) {
    Map<String, Long> rates = new LinkedHashMap<>();
    List<RunRecord> open = runs.stream().filter(r -> r.loadModel() instanceof LoadModel.Open).toList();
    open.stream().map(RunRecord::stack).distinct().forEach(s -> rates.put(s,
        open.stream().filter(r -> r.stack().equals(s)).map(RunRecord::offeredRate).distinct().count()));
    return rates.values().stream().anyMatch(n -> n >= 2) ? open : List.of();
  }

  private List<ChartSpec> bars(List<RunRecord> runs) {
    Map<LoadPoint, List<RunRecord>> groups = LoadPoint.group(runs);
    boolean severalWorkloads = LoadPoint.severalWorkloads(runs);
    List<String> stacks = runs.stream().map(RunRecord::stack).distinct().toList();
    boolean single = groups.size() == 1;
    List<String> labels = single ? stacks : groups.keySet().stream().map(p -> p.label(severalWorkloads)).toList();
    String note = (single ? "At " + labels(groups, severalWorkloads) + ". " : "")
        + "Measured from /proc, outside the " + (runs.stream().anyMatch(r -> r.generator() != null) ? "service's process" : "worker")
        + "; CPU and switches over the measured phase, RSS and threads over the process's life.";
    List<ChartSpec> charts = new ArrayList<>();
    List<Series> cpu = new ArrayList<>();
    for (String stack : single ? List.of("") : stacks) {
      cpu.add(barSeries(stack + " user", stack, groups, stacks, single, r -> r.process().cpuUserS() * 1e6 / r.result().ops(), false));
      cpu.add(barSeries(stack + " sys", stack, groups, stacks, single, r -> r.process().cpuSysS() * 1e6 / r.result().ops(), true));
    }
    charts.add(ChartSpec.bars("resource-cpu", "CPU per 1,000 ops (user + sys)", note + " Solid: user, pale: sys.",
        Axis.category(null), Axis.linear("CPU ms per 1,000 ops"), labels, cpu, true));
    for (Metric m : METRICS) {
      List<Series> series = (single ? List.of("") : stacks).stream()
          .map(stack -> barSeries(stack, stack, groups, stacks, single, m.value(), false)).toList();
      charts.add(ChartSpec.bars("resource-" + m.id(), m.title(), single ? "At " + labels(groups, severalWorkloads) + "." : null,
          Axis.category(null), Axis.linear(m.unit()),
          labels, series, false));
    }
    return charts;
  }

  private static String labels(Map<LoadPoint, List<RunRecord>> groups, boolean severalWorkloads) {
    return groups.keySet().iterator().next().label(severalWorkloads);
  }

  /**
   * One load point: a single series, one bar per stack in the stack's colour. Several: one
   * series per stack, one bar per load point.
   */
  private Series barSeries(String label, String stack, Map<LoadPoint, List<RunRecord>> groups, List<String> stacks,
      boolean single, ToDoubleFunction<RunRecord> value, boolean pale) {
    String stackGroup = stack.isEmpty() ? "all" : stack;
    if (single) {
      List<RunRecord> runs = groups.values().iterator().next();
      List<Double> values = stacks.stream().map(s -> valueOf(runs, s, value)).toList();
      List<String> colors = stacks.stream().map(s -> pale ? palette.light(s) : palette.color(s)).toList();
      String legend = pale ? Palette.NEUTRAL + "80" : Palette.NEUTRAL; // bars differ per stack; the legend tells solid from pale
      return new Series(label.strip(), legend, colors, values, false, stackGroup);
    }
    List<Double> values = groups.values().stream().map(runs -> valueOf(runs, stack, value)).toList();
    return new Series(label, pale ? palette.light(stack) : palette.color(stack), null, values, false, stackGroup);
  }

  /** The figure of the stack's last run at this load point, null when it has none. */
  private static Double valueOf(List<RunRecord> runs, String stack, ToDoubleFunction<RunRecord> value) {
    return runs.stream().filter(r -> r.stack().equals(stack)).reduce((a, b) -> b)
        .map(r -> Math.round(value.applyAsDouble(r) * 100) / 100.0).orElse(null);
  }

  private List<ChartSpec> lines(List<RunRecord> runs) {
    List<ChartSpec> charts = new ArrayList<>();
    List<Metric> metrics = new ArrayList<>();
    metrics.add(CPU_TOTAL);
    metrics.addAll(METRICS);
    for (Metric m : metrics) {
      List<Series> series = new ArrayList<>();
      runs.stream().map(RunRecord::stack).distinct().forEach(stack -> series.add(Series.line(stack, palette.color(stack),
          runs.stream().filter(r -> r.stack().equals(stack)).sorted(Comparator.comparing(RunRecord::offeredRate))
              .map(r -> new Point(r.offeredRate(), Math.round(m.value().applyAsDouble(r) * 100) / 100.0)).toList(),
          false)));
      charts.add(ChartSpec.lines("resource-" + m.id() + "-vs-rate", m.title() + " vs offered rate", null,
          Axis.linear("offered rate (ops/s)"), Axis.linear(m.unit()), series));
    }
    return charts;
  }
}
