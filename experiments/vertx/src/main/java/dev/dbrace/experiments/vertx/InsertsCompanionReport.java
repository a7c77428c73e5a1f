package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.vertx.InsertsCompanion.Method;
import dev.dbrace.experiments.vertx.InsertsCompanion.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The Vert.x rows of the pgjdbc part's table (same title and columns, so they merge into it), their
 * lines in its chart, facts and finding; the finding compares with the pgjdbc part's facts when run after it.
 */
final class InsertsCompanionReport {
  private InsertsCompanionReport() {}

  static ExperimentResult of(ExperimentContext ctx, int rows, List<Integer> sizes, List<Point> points) {
    List<String> columns = new ArrayList<>(List.of("method"));
    sizes.forEach(b -> columns.add("batch " + b + " rows/s"));
    List<List<String>> table = new ArrayList<>();
    List<ExperimentResult.Series> series = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    for (Method m : Method.values()) {
      List<String> row = new ArrayList<>(List.of(m.label));
      List<ExperimentResult.Point> line = new ArrayList<>();
      for (int b : sizes) {
        Point p = find(points, m, b);
        row.add(Figures.count(Math.round(p.rowsPerSecond())));
        line.add(new ExperimentResult.Point(b, p.rowsPerSecond()));
        String key = "vertx." + m.name().toLowerCase(Locale.ROOT) + ".batch_" + b;
        facts.put(key + ".rows_verified", p.rows());
        facts.put(key + ".rows_s", p.rowsPerSecond());
      }
      table.add(row);
      series.add(new ExperimentResult.Series(m.label, line));
    }
    return new ExperimentResult("inserts", "Insert methods by batch size",
        List.of(new ExperimentResult.Table("Rows per second (" + Figures.count(rows) + " rows per measurement, one transaction)",
            columns, table)),
        List.of(new ExperimentResult.Chart("Rows per second by batch size", "batch size (log)", "rows/s (log)", true, true,
            series)),
        finding(ctx, rows, sizes, points), facts);
  }

  private static String finding(ExperimentContext ctx, int rows, List<Integer> sizes, List<Point> points) {
    int largest = sizes.getLast();
    Point batch1 = find(points, Method.EXECUTE_BATCH, 1);
    Point batchLarge = find(points, Method.EXECUTE_BATCH, largest);
    Point multiLarge = find(points, Method.MULTI_VALUES, largest);
    StringBuilder f = new StringBuilder(String.format(Locale.ROOT,
        "Vert.x PG client, %s rows per measurement (every count verified): executeBatch ran %s rows/s at batch size 1 and "
            + "%s at %d; multi-row VALUES %s at %d.",
        Figures.count(rows), rate(batch1.rowsPerSecond()), rate(batchLarge.rowsPerSecond()), largest,
        rate(multiLarge.rowsPerSecond()), largest));
    OptionalDouble jdbcBatch = Figures.priorFact(ctx, "jdbc_batch.batch_" + largest + ".rows_s");
    if (jdbcBatch.isPresent()) {
      f.append(String.format(Locale.ROOT, " At batch size %d pgjdbc's JDBC batch did %s rows/s (Vert.x executeBatch %s of it)",
          largest, rate(jdbcBatch.getAsDouble()), Figures.ratio(batchLarge.rowsPerSecond() / jdbcBatch.getAsDouble())));
      Object best = ctx.prior().map(r -> r.facts().get("best_at_largest_batch")).orElse(null);
      OptionalDouble bestRate = best == null ? OptionalDouble.empty()
          : Figures.priorFact(ctx, best.toString().toLowerCase(Locale.ROOT) + ".batch_" + largest + ".rows_s");
      if (bestRate.isPresent()) {
        double vertxBest = Math.max(batchLarge.rowsPerSecond(), multiLarge.rowsPerSecond());
        f.append(String.format(Locale.ROOT, " and pgjdbc's fastest there (%s) %s rows/s, %s the faster Vert.x method",
            best.toString().toLowerCase(Locale.ROOT).replace('_', ' '), rate(bestRate.getAsDouble()),
            Figures.ratio(bestRate.getAsDouble() / vertxBest)));
      }
      f.append('.');
    }
    return f.toString();
  }

  private static String rate(double rowsPerSecond) {
    return Figures.count(Math.round(rowsPerSecond));
  }

  private static Point find(List<Point> points, Method m, int batch) {
    return points.stream().filter(p -> p.method() == m && p.batch() == batch).findFirst()
        .orElseThrow(() -> new IllegalStateException("no measurement of " + m.label + " at batch " + batch));
  }
}
