package dev.dbrace.report;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Everything report.html shows, section by section; a section is null when the race has no
 * data for it, and the template leaves it out. The charts of all sections also go, as data,
 * into the page's JSON blob, with the race itself.
 */
record ReportPage(
    String title,
    HeaderView header,
    SummaryView summary,
    FirstItemView firstItem,
    Tiles tiles,
    CapacityView capacity,
    Section curves,
    Section concurrency,
    LoadCurves.Sweep sweep,
    Section distributions,
    Section resources,
    Section timelines,
    Section threads,
    ErrorsView errors,
    FaultsView faults,
    SpikesView spikes,
    int chartCount,
    String data,
    Page.Assets assets) {

  /** Charts of one section and remarks to print under them. */
  record Section(List<ChartSpec> charts, List<String> notes) {
    static Section of(List<ChartSpec> charts, List<String> notes) {
      return charts.isEmpty() && notes.isEmpty() ? null : new Section(charts, notes);
    }

    public boolean hasNotes() {
      return !notes.isEmpty();
    }
  }

  /** Headline figures per stack. */
  record Tiles(List<SummaryView.Row> rows) {}

  /** The blob: the race as read, and the charts to draw. */
  record Data(String generator, String chartLibrary, Race race, List<ChartSpec> charts) {}

  static ReportPage of(ResultsFolder folder) {
    Race race = folder.race();
    Palette palette = new Palette(race);
    List<RunRecord> runs = race.runs();
    SummaryView summary = SummaryView.of(runs, palette);
    CapacityView capacity = CapacityView.of(folder, palette);
    LoadCurves loadCurves = new LoadCurves(race, palette);
    Section curves = Section.of(loadCurves.openLoop(), List.of());
    Section concurrency = Section.of(loadCurves.closedLoop(), List.of());
    LoadCurves.Sweep sweep = loadCurves.sweep();
    Distributions d = Distributions.of(folder, palette);
    Section distributions = Section.of(d.charts(), d.problems());
    Section resources = Section.of(new ResourceCharts(palette).of(runs), List.of());
    Section timelines = Section.of(Timelines.of(folder, palette), List.of());
    ChartSpec threadChart = ThreadStateChart.of(runs);
    Section threads = threadChart == null ? null : Section.of(List.of(threadChart), ThreadStateChart.notes(runs));
    ErrorsView errors = ErrorsView.of(runs, palette);
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
        sweep, distributions, resources, timelines, threads, errors.rows().isEmpty() ? null : errors, faults, spikes,
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
