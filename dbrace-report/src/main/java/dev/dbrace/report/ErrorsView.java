package dev.dbrace.report;

import dev.dbrace.core.result.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Errors by kind, per run, each with the sample message the worker kept. Empty when no run erred. */
record ErrorsView(List<Row> rows) {

  record Row(String stack, String color, String load, String kind, String count, String sample) {}

  static ErrorsView of(List<RunRecord> runs, Palette palette) {
    List<Row> rows = new ArrayList<>();
    for (RunRecord r : runs) {
      Map<String, Long> kinds = r.errorsByKind() == null ? Map.of() : r.errorsByKind();
      Map<String, String> samples = r.errorSamples() == null ? Map.of() : r.errorSamples();
      kinds.forEach((kind, n) -> rows.add(new Row(r.stack(), palette.color(r.stack()), r.load(), kind,
          Format.count(n), Format.withoutPassword(samples.get(kind)))));
      long unexplained = r.errors() - kinds.values().stream().mapToLong(Long::longValue).sum();
      if (unexplained > 0) {
        rows.add(new Row(r.stack(), palette.color(r.stack()), r.load(), "(kind not recorded)", Format.count(unexplained), null));
      }
      if (r.unfinished() > 0) {
        rows.add(new Row(r.stack(), palette.color(r.stack()), r.load(), "unfinished (still in flight at the end)",
            Format.count(r.unfinished()), null));
      }
    }
    return new ErrorsView(rows);
  }
}
