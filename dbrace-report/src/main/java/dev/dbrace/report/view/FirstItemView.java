package dev.dbrace.report.view;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Latency;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.RunFigures;
import java.util.List;

/**
 * Time to first item beside the last byte, for the runs whose load generator recorded it (the
 * service level): a streamed answer's first line against its end, a buffered answer's both the
 * same. Null when no run recorded it.
 */
public record FirstItemView(List<Row> rows) {
  /** A first item this much sooner than the last byte (at p50) is called streamed, as the verdict does. */
  static final double STREAMED_SHARE = 0.95;

  record Row(String stack, String color, String load, String round, String firstP50, String firstP90, String firstP99,
      String firstMax, String lastP50, String lastP90, String lastP99, String lastMax, String how) {}

  public static FirstItemView of(List<RunRecord> runs, Palette palette) {
    boolean rounds = runs.stream().anyMatch(r -> r.round() > 1);
    boolean severalWorkloads = LoadPoint.severalWorkloads(runs);
    List<Row> rows = runs.stream().filter(r -> RunFigures.hasFigures(r) && r.result().ttfbMs() != null).map(r -> {
      Latency f = r.result().ttfbMs();
      Latency l = r.result().latencyMs();
      String how = f.p50() < STREAMED_SHARE * l.p50() ? "streamed" : "all at once";
      return new Row(r.stack(), palette.color(r.stack()), LoadPoint.of(r).label(severalWorkloads), rounds ? "round " + r.round() : null,
          Format.ms(f.p50()), Format.ms(f.p90()), Format.ms(f.p99()), Format.ms(f.max()),
          Format.ms(l.p50()), Format.ms(l.p90()), Format.ms(l.p99()), Format.ms(l.max()), how);
    }).toList();
    return rows.isEmpty() ? null : new FirstItemView(rows);
  }
}
