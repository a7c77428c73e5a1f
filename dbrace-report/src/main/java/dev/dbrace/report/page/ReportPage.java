package dev.dbrace.report.page;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSection;
import dev.dbrace.report.chart.ChartSpec;
import dev.dbrace.report.chart.Distributions;
import dev.dbrace.report.chart.LoadCurves;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.chart.ResourceCharts;
import dev.dbrace.report.chart.ThreadStateChart;
import dev.dbrace.report.chart.Timelines;
import dev.dbrace.report.results.ResultsFolder;
import dev.dbrace.report.view.CapacityView;
import dev.dbrace.report.view.AgentsView;
import dev.dbrace.report.view.ErrorsView;
import dev.dbrace.report.view.FaultsView;
import dev.dbrace.report.view.FirstItemView;
import dev.dbrace.report.view.HeaderView;
import dev.dbrace.report.view.SpikesView;
import dev.dbrace.report.view.SummaryView;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Everything report.html shows, section by section; a section is null when the race has no
 * data for it, and the template leaves it out. The charts of all sections also go, as data,
 * into the page's JSON blob, with the race itself.
 */
public record ReportPage(
    String title,
    HeaderView header,
    SummaryView summary,
    FirstItemView firstItem,
    Tiles tiles,
    CapacityView capacity,
    ChartSection curves,
    ChartSection concurrency,
    LoadCurves.Sweep sweep,
    ChartSection distributions,
    ChartSection resources,
    ChartSection timelines,
    ChartSection threads,
    ErrorsView errors,
    AgentsView agents,
    FaultsView faults,
    SpikesView spikes,
    int chartCount,
    String data,
    Page.Assets assets) {

  /** Headline figures per stack. */
  record Tiles(List<SummaryView.Row> rows) {}

  /** The blob: the race as read, and the charts to draw. */
  record Data(String generator, String chartLibrary, Race race, List<ChartSpec> charts) {}

  public static ReportPage of(ResultsFolder folder) {
    Race race = folder.race();
    Palette palette = new Palette(race);
    List<RunRecord> runs = race.runs();
    SummaryView summary = SummaryView.of(runs, palette);
    CapacityView capacity = CapacityView.of(folder, palette);
    LoadCurves loadCurves = new LoadCurves(race, palette);
    ChartSection curves = ChartSection.of(loadCurves.openLoop(), List.of());
    ChartSection concurrency = ChartSection.of(loadCurves.closedLoop(), List.of());
    LoadCurves.Sweep sweep = loadCurves.sweep();
    Distributions d = Distributions.of(folder, palette);
    ChartSection distributions = ChartSection.of(d.charts(), d.problems());
    ChartSection resources = ChartSection.of(new ResourceCharts(palette).of(runs), List.of());
    ChartSection timelines = ChartSection.of(Timelines.of(folder, palette), List.of());
    ChartSpec threadChart = ThreadStateChart.of(runs);
    ChartSection threads = threadChart == null ? null : ChartSection.of(List.of(threadChart), ThreadStateChart.notes(runs));
    ErrorsView errors = ErrorsView.of(runs, palette);
    AgentsView agents = AgentsView.of(runs, palette);
    FaultsView faults = FaultsView.of(runs, palette);
    SpikesView spikes = SpikesView.of(runs, palette);

    List<ChartSpec> charts = new ArrayList<>();
    if (capacity != null) {
      charts.add(capacity.chart());
    }
    if (sweep != null) {
      charts.addAll(sweep.charts());
    }
    Stream.of(curves, concurrency, distributions, resources, timelines, threads, faults == null ? null : faults.section(),
            spikes == null ? null : spikes.section())
        .filter(s -> s != null).forEach(s -> charts.addAll(s.charts()));
    Page.Assets assets = Page.Assets.INSTANCE;
    String data = Page.jsonBlob(new Data("dbrace-report", assets.chartLibraryName(), race, charts));
    String title = "dbrace " + folder.kind() + " " + race.id();
    FirstItemView firstItem = FirstItemView.of(runs, palette);
    return new ReportPage(title, HeaderView.of(folder), summary, firstItem, tiles(summary), capacity, curves, concurrency,
        sweep, distributions, resources, timelines, threads, errors.rows().isEmpty() ? null : errors, agents, faults,
        spikes,
        charts.size(), data, assets);
  }

  /** Headline figures per stack, for a race with a single load point (the common quick race). */
  private static Tiles tiles(SummaryView summary) {
    if (summary.byStack() || summary.groups().size() != 1) {
      return null;
    }
    List<SummaryView.Row> rows = summary.groups().getFirst().rows();
    return rows.stream().noneMatch(SummaryView.Row::figures) ? null : new Tiles(rows);
  }
}
