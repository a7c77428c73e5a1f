package dev.dbrace.experiments.r2dbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.r2dbc.R2dbcInsertsExperiment.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The R2DBC rows of inserts' table and lines of its chart, under the main part's exact titles and
 * columns so they merge into them, and a finding that sets them against the main part's rows/s
 * facts when there are any (a companion run alone states its own figures only).
 */
final class R2dbcInsertsReport {
  private R2dbcInsertsReport() {}

  static ExperimentResult of(int rows, List<Integer> sizes, List<Point> points, Optional<ExperimentResult> prior) {
    List<String> columns = new ArrayList<>(List.of("method"));
    sizes.forEach(b -> columns.add("batch " + b + " rows/s"));
    List<List<String>> table = new ArrayList<>();
    List<ExperimentResult.Series> series = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    for (R2dbcInsertMethod m : R2dbcInsertMethod.values()) {
      List<String> row = new ArrayList<>(List.of(m.label));
      List<ExperimentResult.Point> line = new ArrayList<>();
      for (int b : sizes) {
        Point p = find(points, m, b);
        row.add(Figures.count(Math.round(p.rowsPerSecond())));
        line.add(new ExperimentResult.Point(b, p.rowsPerSecond()));
        facts.put("r2dbc." + m.key() + ".batch_" + b + ".rows_verified", p.rows());
        facts.put("r2dbc." + m.key() + ".batch_" + b + ".rows_s", p.rowsPerSecond());
      }
      table.add(row);
      series.add(new ExperimentResult.Series(m.label, line));
    }
    return new ExperimentResult("inserts", "Insert methods by batch size",
        List.of(new ExperimentResult.Table("Rows per second (" + Figures.count(rows) + " rows per measurement, one transaction)",
            columns, table)),
        List.of(new ExperimentResult.Chart("Rows per second by batch size", "batch size (log)", "rows/s (log)", true, true,
            series)),
        finding(rows, sizes.getLast(), points, prior.map(ExperimentResult::facts).orElse(Map.of())), facts);
  }

  private static String finding(int rows, int largest, List<Point> points, Map<String, Object> pg) {
    List<String> own = new ArrayList<>();
    for (R2dbcInsertMethod m : R2dbcInsertMethod.values()) {
      double one = find(points, m, 1).rowsPerSecond();
      double big = find(points, m, largest).rowsPerSecond();
      own.add(largest == 1 ? m.label + " ran " + rate(one) + " rows/s at batch size 1"
          : String.format(Locale.ROOT, "%s ran %s rows/s at batch size 1 and %s at batch size %d (%s its batch-1 rate)",
              m.label, rate(one), rate(big), largest, Figures.ratio2(big / one)));
    }
    StringBuilder f = new StringBuilder(String.format(Locale.ROOT,
        "R2DBC (%s), %s rows per measurement in one transaction, every count and id sum verified, each method measured "
            + "after one unmeasured warm-up pass over the same batch sizes (its worker's JIT starts cold): %s.",
        R2dbc.driver(), Figures.count(rows), String.join("; ", own)));
    double rowByRow = R2dbc.fact(pg, "row_by_row.batch_1.rows_s");
    if (!Double.isNaN(rowByRow)) {
      f.append(" Against pgjdbc's row by row (").append(rate(rowByRow)).append(" rows/s) at batch size 1: ")
          .append(against(points, 1, rowByRow)).append('.');
    }
    double jdbcBatch = R2dbc.fact(pg, "jdbc_batch.batch_" + largest + ".rows_s");
    if (!Double.isNaN(jdbcBatch)) {
      f.append(String.format(Locale.ROOT, " Against pgjdbc's JDBC batch (%s rows/s) at batch size %d: %s",
          rate(jdbcBatch), largest, against(points, largest, jdbcBatch)));
      String best = pg.get("best_at_largest_batch") instanceof String s ? s : null;
      double bestRate = best == null ? Double.NaN
          : R2dbc.fact(pg, best.toLowerCase(Locale.ROOT) + ".batch_" + largest + ".rows_s");
      if (!Double.isNaN(bestRate) && !"JDBC_BATCH".equals(best)) {
        f.append(String.format(Locale.ROOT, "; against pgjdbc's fastest method there, %s (%s rows/s): %s",
            best, rate(bestRate), against(points, largest, bestRate)));
      }
      f.append('.');
    }
    return f.toString();
  }

  /** "Statement.add batch 0.93x, createBatch 1.1x": each R2DBC method's rows/s over {@code reference}. */
  private static String against(List<Point> points, int batch, double reference) {
    List<String> parts = new ArrayList<>();
    for (R2dbcInsertMethod m : R2dbcInsertMethod.values()) {
      parts.add(m.label + " " + Figures.ratio2(find(points, m, batch).rowsPerSecond() / reference));
    }
    return String.join(", ", parts);
  }

  private static String rate(double rowsPerSecond) {
    return Figures.count(Math.round(rowsPerSecond));
  }

  private static Point find(List<Point> points, R2dbcInsertMethod m, int batch) {
    return points.stream().filter(p -> p.method() == m && p.batch() == batch).findFirst().orElseThrow();
  }
}
