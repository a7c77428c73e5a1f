package dev.dbrace.report;

import dev.dbrace.core.result.Race;
import dev.dbrace.report.chart.ChartSpec;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.page.Page;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * compare.html: race b against race a, as a table and bar charts, self-contained like
 * report.html (same page frame, same inlined Chart.js).
 */
public final class CompareReport {
  public static final String FILE = "compare.html";
  private static final String COLOR_A = "#9aa5b1";
  private static final String COLOR_B = "#2f6fdf";

  private CompareReport() {}

  /** What the page shows. */
  record ComparePage(String title, Side a, Side b, String tolerance, List<RowView> rows, List<CapacityView> capacity,
      String unmatched, List<ChartSpec> charts, int chartCount, String data, Page.Assets assets) {
    public boolean hasCapacity() {
      return !capacity.isEmpty();
    }

    public boolean hasCharts() {
      return !charts.isEmpty();
    }
  }

  record Side(String id, String kind, String command, String when, String revision) {
    static Side of(Race race) {
      var e = race.environment();
      return new Side(race.id(), race.kind() == null ? "race" : race.kind(), Format.withoutPassword(race.command()),
          Format.span(race.started(), race.finished()), e == null ? "?" : e.gitRevision());
    }
  }

  record RowView(String stack, String workload, String load, String throughputA, String throughputB,
      String throughputRatio, String throughputChange, String p99A, String p99B, String p99Ratio, String p99Change) {}

  record CapacityView(String stack, String workload, String a, String b, String ratio, String change) {}

  record Data(String generator, Race a, Race b, List<ChartSpec> charts) {}

  /** Writes the page comparing the two folders' races to {@code out} and returns the comparison. */
  public static RaceComparison write(Path aDir, Path bDir, Path out, double tolerance) {
    RaceComparison c = RaceComparison.of(ReportFiles.openResults(aDir).race(), ReportFiles.openResults(bDir).race(), tolerance);
    ReportFiles.write(render(c), out);
    return c;
  }

  static String render(RaceComparison c) {
    List<RowView> rows = c.rows().stream().map(r -> new RowView(r.stack(), r.workload(), r.load(),
        Format.rate(r.throughputA()), Format.rate(r.throughputB()), Format.ratio(r.throughputRatio()),
        c.change(r.throughputRatio(), true), Format.ms(r.p99A()), Format.ms(r.p99B()), Format.ratio(r.p99Ratio()),
        c.change(r.p99Ratio(), false))).toList();
    List<CapacityView> capacity = c.capacity().stream().map(r -> new CapacityView(r.stack(), r.workload(),
        r.a() == null ? "missed" : Format.rate(r.a()), r.b() == null ? "missed" : Format.rate(r.b()),
        Format.ratio(r.ratio()), c.change(r))).toList();
    List<ChartSpec> charts = charts(c);
    String unmatched = c.onlyInA() + c.onlyInB() == 0 ? null
        : c.onlyInA() + " run(s) only in a and " + c.onlyInB()
        + " only in b were not compared (no counterpart at the same stack, workload and load).";
    String data = Page.jsonBlob(new Data("dbrace-report", c.a(), c.b(), charts));
    return Page.render("compare", new ComparePage("dbrace compare " + c.a().id() + " vs " + c.b().id(),
        Side.of(c.a()), Side.of(c.b()), Format.f("%.0f %%", c.tolerance() * 100), rows, capacity, unmatched, charts,
        charts.size(), data, Page.Assets.INSTANCE));
  }

  private static List<ChartSpec> charts(RaceComparison c) {
    List<ChartSpec> charts = new ArrayList<>();
    if (!c.rows().isEmpty()) {
      boolean severalLoads = c.rows().stream().map(RaceComparison.Row::load).distinct().count() > 1;
      List<String> labels = c.rows().stream().map(r -> r.stack() + (severalLoads ? " · " + r.load() : "")).toList();
      charts.add(pair(c, "compare-throughput", "Throughput, a vs b", Axis.linear("ops/s"), labels,
          RaceComparison.Row::throughputA, RaceComparison.Row::throughputB));
      charts.add(pair(c, "compare-p99", "p99 latency, a vs b", Axis.log("p99 (ms, log scale)"), labels,
          RaceComparison.Row::p99A, RaceComparison.Row::p99B));
    }
    if (!c.capacity().isEmpty()) {
      List<String> labels = c.capacity().stream().map(RaceComparison.CapacityRow::stack).toList();
      charts.add(ChartSpec.barsAcross("compare-capacity", "Capacity within the SLA, a vs b",
          "Missing bar: the stack missed the SLA at every rate tried.",
          Axis.linear("ops/s"), labels, List.of(
              Series.bars("a: " + c.a().id(), COLOR_A, c.capacity().stream().map(RaceComparison.CapacityRow::a).toList()),
              Series.bars("b: " + c.b().id(), COLOR_B, c.capacity().stream().map(RaceComparison.CapacityRow::b).toList())),
          false));
    }
    return charts;
  }

  private static ChartSpec pair(RaceComparison c, String id, String title, Axis axis, List<String> labels,
      ToDoubleFunction<RaceComparison.Row> a, ToDoubleFunction<RaceComparison.Row> b) {
    return ChartSpec.barsAcross(id, title, null, axis, labels, List.of(
        Series.bars("a: " + c.a().id(), COLOR_A, c.rows().stream().map(r -> a.applyAsDouble(r)).toList()),
        Series.bars("b: " + c.b().id(), COLOR_B, c.rows().stream().map(r -> b.applyAsDouble(r)).toList())), false);
  }
}
