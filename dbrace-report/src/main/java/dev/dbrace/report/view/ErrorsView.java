package dev.dbrace.report.view;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Errors by kind, per run, each with the sample message the worker kept. Empty when no run erred. */
public record ErrorsView(List<Row> rows) {

  record Row(String stack, String color, String load, String kind, String count, String sample) {}

  public static ErrorsView of(List<RunRecord> runs, Palette palette) {
    List<Row> rows = new ArrayList<>();
    boolean rounds = runs.stream().anyMatch(r -> r.round() > 1);
    for (RunRecord r : runs) {
      String load = rounds ? r.load() + " · round " + r.round() : r.load();
      Map<String, Long> kinds = r.result().errorsByKind() == null ? Map.of() : r.result().errorsByKind();
      Map<String, String> samples = r.result().errorSamples() == null ? Map.of() : r.result().errorSamples();
      kinds.forEach((kind, n) -> rows.add(new Row(r.stack(), palette.color(r.stack()), load, kind,
          Format.count(n), Format.withoutPassword(samples.get(kind)))));
      long unexplained = r.result().errors() - kinds.values().stream().mapToLong(Long::longValue).sum();
      if (unexplained > 0) {
        rows.add(new Row(r.stack(), palette.color(r.stack()), load, "(kind not recorded)", Format.count(unexplained), null));
      }
      if (r.result().errorLatencyMs() != null && r.result().errors() > 0) { // the failures' own latency, kept out of the run's figures
        var l = r.result().errorLatencyMs();
        rows.add(new Row(r.stack(), palette.color(r.stack()), load, "latency of the failed operations", "-",
            "p50 " + Format.ms(l.p50()) + " ms, p99 " + Format.ms(l.p99()) + " ms, max " + Format.ms(l.max())
                + " ms (not in the run's latency figures)"));
      }
      if (r.result().unfinished() > 0) {
        rows.add(new Row(r.stack(), palette.color(r.stack()), load, "unfinished (still in flight at the end)",
            Format.count(r.result().unfinished()), null));
      }
    }
    return new ErrorsView(rows);
  }
}
