package dev.dbrace.report.view;

import dev.dbrace.core.result.RunRecord.FaultWindow;
import dev.dbrace.core.result.RunRecord.Faults;
import dev.dbrace.core.result.RunRecord.Interval;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSection;
import dev.dbrace.report.chart.ChartSpec;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * The Faults section of a fault run ({@code --faults}): per stack and fault its window, p99 before
 * and in it, time to recover; per stack the accounting, errors by kind and the ledger check; and
 * per stack the p99 of each 1 s interval over time with the fault windows drawn as grey boxes.
 * Null when no run had faults.
 */
public record FaultsView(String spec, List<Row> rows, List<StackRow> stacks, ChartSection section) {

  record Row(String stack, String color, String fault, String window, String detail, String p99Before, String p99In,
      String recovery, boolean recovered) {}

  /** @param lie whether an operation counted successful has no row: the one result that must never happen */
  record StackRow(String stack, String color, String accounting, List<String> errors, String ledger, boolean lie, String note) {}

  public static FaultsView of(List<RunRecord> runs, Palette palette) {
    List<Row> rows = new ArrayList<>();
    List<StackRow> stacks = new ArrayList<>();
    List<ChartSpec> charts = new ArrayList<>();
    String spec = null;
    for (RunRecord r : runs) {
      Faults f = r.probes().faults();
      if (f == null) {
        continue;
      }
      spec = f.spec();
      String color = palette.color(r.stack());
      for (FaultWindow w : f.windows()) {
        String recovery = f.preFaultP99Ms() == null ? "unknown (no p99 before the fault)"
            : w.recoveryS() == null ? "not recovered" : Format.f("%.1f s", w.recoveryS());
        rows.add(new Row(r.stack(), color, w.fault(), Format.f("%.1f – %.1f s", w.startS(), w.endS()), w.detail(),
            f.preFaultP99Ms() == null ? "–" : Format.ms(f.preFaultP99Ms()), w.p99Ms() == null ? "–" : Format.ms(w.p99Ms()),
            recovery, w.recoveryS() != null));
      }
      List<String> kinds = r.result().errorsByKind() == null ? List.of() : r.result().errorsByKind().entrySet().stream()
          .map(e -> Format.count(e.getValue()) + " × " + Format.withoutPassword(e.getKey())).toList();
      var l = f.ledger();
      String ledger = l == null ? "not checked"
          : Format.f("%s successes, %s rows; successful but missing: %s%s; performed but reported failed: %s; performed twice: %s",
              Format.count(l.clientSuccesses()), Format.count(l.rows()), Format.count(l.successfulButMissing()),
              l.missingSample().isEmpty() ? "" : " (e.g. operations " + l.missingSample() + ")",
              Format.count(l.performedButReportedFailed()), Format.count(l.duplicates()));
      stacks.add(new StackRow(r.stack(), color, Format.f("issued %s = ops %s + errors %s + unfinished %s",
          Format.count(r.result().issued()), Format.count(r.result().ops()), Format.count(r.result().errors()),
          Format.count(r.result().unfinished())),
          kinds.isEmpty() ? List.of("none") : kinds, ledger, l != null && l.successfulButMissing() > 0,
          Format.withoutPassword(f.note())));
      if (!f.p99Timeline().isEmpty()) {
        charts.add(chart(charts.size(), r.stack(), color, f));
      }
    }
    return spec == null ? null : new FaultsView(spec, rows, stacks, ChartSection.of(charts, List.of()));
  }

  private static ChartSpec chart(int n, String stack, String color, Faults f) {
    List<Series> series = new ArrayList<>();
    List<Point> p99 = f.p99Timeline().stream().map(i -> new Point(mid(i), i.p99Ms())).toList();
    series.add(Series.line(stack + " p99", color, p99, false));
    double top = f.p99Timeline().stream().mapToDouble(Interval::p99Ms).max().orElse(1) * 1.05;
    double end = f.p99Timeline().getLast().endS();
    if (f.preFaultP99Ms() != null) {
      series.add(Series.line("p99 before the first fault", Palette.NEUTRAL,
          List.of(new Point(0, f.preFaultP99Ms()), new Point(end, f.preFaultP99Ms())), true));
    }
    for (FaultWindow w : f.windows()) {
      double right = Math.max(w.endS(), w.startS() + 0.05); // an instant fault still shows as a thin box
      series.add(Series.line("fault " + w.fault(), Palette.NEUTRAL, List.of(new Point(w.startS(), 0),
          new Point(w.startS(), top), new Point(right, top), new Point(right, 0)), true));
    }
    return ChartSpec.lines("faults-" + n, stack + ": p99 per second, fault windows boxed",
        "Each point is one 1 s interval of the latency log (at its middle); the dashed grey line is the p99 before the "
            + "first fault, the boxes are the faults as injected.",
        Axis.linear("seconds since the measured phase started"), Axis.linear("p99 ms"), series);
  }

  private static double mid(Interval i) {
    return Math.round((i.startS() + i.endS()) * 500) / 1000.0;
  }
}
