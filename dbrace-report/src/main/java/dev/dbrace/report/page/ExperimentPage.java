package dev.dbrace.report.page;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.ExperimentRun;
import dev.dbrace.report.chart.ChartSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * report.html for an experiment's results folder (experiment.json): what ran where, the finding,
 * the tables of variants and the charts, drawn by the same script as a race's report. Texts are
 * raw here; the template escapes them.
 */
public record ExperimentPage(
    String title,
    ExperimentRun run,
    String finding,
    List<Map.Entry<String, String>> options,
    List<ExperimentResult.Table> tables,
    List<ChartSpec> charts,
    int chartCount,
    String data,
    Page.Assets assets) {

  // the race report's palette
  private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"};

  /** The blob: the run as read, and the charts to draw. */
  record Data(String generator, String chartLibrary, ExperimentRun experiment, List<ChartSpec> charts) {}

  public static ExperimentPage of(ExperimentRun run) {
    ExperimentResult r = run.result();
    List<ChartSpec> charts = new ArrayList<>();
    if (r != null) {
      for (int i = 0; i < r.charts().size(); i++) {
        charts.add(chart("exp-" + i, r.charts().get(i)));
      }
    }
    Page.Assets assets = Page.Assets.INSTANCE;
    String data = Page.jsonBlob(new Data("dbrace-report", assets.chartLibraryName(), run, charts));
    String finding = r == null ? "The experiment did not finish (" + run.status() + "): " + run.message()
        : run.message() == null ? r.finding() : r.finding() + " (Not all of it ran: " + run.message() + ")";
    List<Map.Entry<String, String>> options = run.options() == null ? List.of() : List.copyOf(run.options().entrySet());
    return new ExperimentPage("dbrace experiment " + run.experiment() + " " + run.id(), run, finding, options,
        r == null ? List.of() : r.tables(), charts, charts.size(), data, assets);
  }

  private static ChartSpec chart(String id, ExperimentResult.Chart c) {
    List<ChartSpec.Series> series = new ArrayList<>();
    for (int i = 0; i < c.series().size(); i++) {
      var s = c.series().get(i);
      List<ChartSpec.Point> points = s.points().stream().map(p -> new ChartSpec.Point(p.x(), p.y())).toList();
      series.add(ChartSpec.Series.line(s.label(), COLORS[i % COLORS.length], points, false));
    }
    ChartSpec.Axis x = c.logX() ? ChartSpec.Axis.log(c.xTitle()) : ChartSpec.Axis.linear(c.xTitle());
    ChartSpec.Axis y = c.logY() ? ChartSpec.Axis.log(c.yTitle()) : ChartSpec.Axis.linear(c.yTitle());
    return ChartSpec.lines(id, c.title(), null, x, y, series);
  }
}
