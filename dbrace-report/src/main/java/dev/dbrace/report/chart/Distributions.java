package dev.dbrace.report.chart;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.ResultsFolder;
import dev.dbrace.report.results.RunFigures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Latency percentile distributions from the runs' interval logs. Stacks that ran at the same load
 * point share a chart; a stack's runs at load points no other stack ran at (the steps of a
 * capacity search) share one chart per stack, one line per load, darker as load grows. A log
 * that is missing or unreadable costs its line, not the report; the reason is listed.
 */
public record Distributions(List<ChartSpec> charts, List<String> problems) {
  private static final String NOTE =
      "From each run's .hlog, measured intervals summed (warm-up left out). Log scales; the right end is the maximum."
          + " Dashed: time to first item (ttfb.hlog), where the load generator recorded it.";

  public static Distributions of(ResultsFolder folder, Palette palette) {
    List<RunRecord> runs = folder.race().runs().stream().filter(RunFigures::hasFigures).toList();
    boolean severalWorkloads = LoadPoint.severalWorkloads(runs);
    Map<LoadPoint, List<RunRecord>> points = LoadPoint.group(runs);
    LoadPoint.Swept swept = LoadPoint.Swept.of(runs);
    List<ChartSpec> charts = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    Map<String, List<RunRecord>> alone = new LinkedHashMap<>();
    for (var e : points.entrySet()) {
      if (e.getValue().size() < 2 && points.size() > 1) {
        e.getValue().forEach(r -> alone.computeIfAbsent(r.stack(), s -> new ArrayList<>()).add(r));
        continue;
      }
      String label = e.getKey().label(severalWorkloads);
      List<Series> series = new ArrayList<>();
      for (RunRecord r : e.getValue()) {
        List<Point> percentiles = read(folder, r, label, problems);
        if (!percentiles.isEmpty()) {
          series.add(Series.line(r.stack(), palette.color(r.stack()), percentiles, false));
        }
        List<Point> firstItem = readFirstItem(folder, r, label, problems);
        if (!firstItem.isEmpty()) {
          series.add(Series.line(r.stack() + " first item", palette.color(r.stack()), firstItem, true));
        }
      }
      add(charts, "Latency by percentile · " + label, series);
    }
    alone.forEach((stack, stackRuns) -> {
      List<Series> series = new ArrayList<>();
      for (int i = 0; i < stackRuns.size(); i++) {
        RunRecord r = stackRuns.get(i);
        List<Point> percentiles = read(folder, r, LoadPoint.of(r, swept).label(severalWorkloads), problems);
        if (!percentiles.isEmpty()) {
          series.add(Series.line(LoadPoint.of(r, swept).shortLabel(), palette.shade(stack, i, stackRuns.size()), percentiles, false));
        }
      }
      add(charts, "Latency by percentile · " + stack + " at each load", series);
    });
    return new Distributions(charts, problems);
  }

  private static void add(List<ChartSpec> charts, String title, List<Series> series) {
    if (!series.isEmpty()) {
      charts.add(ChartSpec.lines("percentiles-" + (charts.size() + 1), title, NOTE,
          new Axis("percentile", "percentile"), Axis.log("latency (ms)"), series));
    }
  }

  /**
   * A run's time to first item ({@code ttfb.hlog} beside its latency log), where its generator
   * recorded one (race.json's {@code ttfb_ms}); drawn dashed in its stack's colour.
   */
  private static List<Point> readFirstItem(ResultsFolder folder, RunRecord r, String load, List<String> problems) {
    Path log = folder.file(r.hlog());
    if (r.result().ttfbMs() == null || log == null) {
      return List.of();
    }
    try {
      return LatencyLog.percentiles(LatencyLog.measured(log.resolveSibling(IntervalLog.TTFB_FILE)));
    } catch (IOException ex) {
      problems.add(r.stack() + " at " + load + ", first item: " + ex.getMessage());
      return List.of();
    }
  }

  private static List<Point> read(ResultsFolder folder, RunRecord r, String load, List<String> problems) {
    Path log = folder.file(r.hlog());
    if (log == null) {
      problems.add(r.stack() + " at " + load + ": no latency log recorded");
      return List.of();
    }
    try {
      return LatencyLog.percentiles(LatencyLog.measured(log));
    } catch (IOException ex) {
      problems.add(r.stack() + " at " + load + ": " + ex.getMessage());
      return List.of();
    }
  }
}
