package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.pgjdbc.InsertsExperiment.Point;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** inserts' table (rows/s by method and batch size), chart (log x) and finding, every figure measured. */
final class InsertsReport {
  private InsertsReport() {}

  static ExperimentResult of(int rows, List<Integer> sizes, List<Point> points) {
    List<String> columns = new ArrayList<>(List.of("method"));
    sizes.forEach(b -> columns.add("batch " + b + " rows/s"));
    List<List<String>> table = new ArrayList<>();
    List<ExperimentResult.Series> series = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    for (InsertMethod m : InsertMethod.values()) {
      List<String> row = new ArrayList<>(List.of(m.label));
      List<ExperimentResult.Point> line = new ArrayList<>();
      for (int b : sizes) {
        Point p = find(points, m, b);
        row.add(p == null ? "-" : p.rate().count());
        if (p != null) {
          line.add(new ExperimentResult.Point(b, p.rowsPerSecond()));
          facts.put(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_verified", p.rows());
          // for companion parts (other drivers) to compare their rows/s with, method by method
          facts.put(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_s", p.rowsPerSecond());
          facts.put(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_s_min", p.rate().min());
          facts.put(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_s_max", p.rate().max());
        }
      }
      table.add(row);
      series.add(new ExperimentResult.Series(m.label, line));
    }
    Point rowByRow = find(points, InsertMethod.ROW_BY_ROW, 1);
    int largest = sizes.getLast();
    Point bestLarge = best(points, largest);
    Point bestBatch1 = best(points.stream().filter(p -> p.method() != InsertMethod.ROW_BY_ROW).toList(), 1);
    Point copyLarge = find(points, InsertMethod.COPY, largest);
    Point batchLarge = find(points, InsertMethod.JDBC_BATCH, largest);
    Point multiLarge = find(points, InsertMethod.MULTI_VALUES, largest);
    Integer copyWinsFrom = null;
    for (int b : sizes) {
      Point best = best(points, b);
      if (best != null && best.method() == InsertMethod.COPY) {
        copyWinsFrom = copyWinsFrom == null ? b : copyWinsFrom;
      } else {
        copyWinsFrom = null; // "from" means from there on
      }
    }
    int iterations = rowByRow.seconds().size();
    Point runnerUp = points.stream().filter(p -> p.batch() == largest && p != bestLarge)
        .max(Comparator.comparingDouble(Point::rowsPerSecond)).orElse(null);
    String finding;
    finding = String.format(Locale.ROOT,
        "Inserting %s rows per measurement (every count verified; medians of %d iterations, each after a warm-up of "
            + "the same point): row by row ran %s rows/s. At batch size %d the "
            + "fastest method was %s with %s rows/s (%s row by row); a plain JDBC batch did %s, multi-row VALUES %s, "
            + "COPY %s rows/s. At batch size 1 the fastest was %s (%s rows/s) and COPY did %s. COPY %s.",
        Figures.count(rows), iterations, Figures.count(Math.round(rowByRow.rowsPerSecond())), largest, bestLarge.method().label,
        Figures.count(Math.round(bestLarge.rowsPerSecond())), Figures.ratio(bestLarge.rowsPerSecond() / rowByRow.rowsPerSecond()),
        Figures.count(Math.round(batchLarge.rowsPerSecond())), Figures.count(Math.round(multiLarge.rowsPerSecond())),
        Figures.count(Math.round(copyLarge.rowsPerSecond())), bestBatch1.method().label,
        Figures.count(Math.round(bestBatch1.rowsPerSecond())),
        Figures.count(Math.round(find(points, InsertMethod.COPY, 1).rowsPerSecond())),
        copyWinsFrom == null ? "was not the fastest at the largest batch size" : "was the fastest from batch size " + copyWinsFrom + " on")
        + (runnerUp == null ? "" : " At batch size " + largest + ", " + Spread.compare(bestLarge.method().label, bestLarge.rate(),
            runnerUp.method().label, runnerUp.rate(), v -> Figures.count(Math.round(v)), "rows/s"));
    Point composite = find(points, InsertMethod.COMPOSITE_ARRAY, largest);
    Point perColumn = find(points, InsertMethod.UNNEST, largest);
    Point select = find(points, InsertMethod.INSERT_SELECT, largest);
    Point values = find(points, InsertMethod.REWRITTEN_BATCH, largest);
    finding += String.format(Locale.ROOT, " E3's forms at batch size %d: one array of a composite type (createArrayOf) %s rows/s"
            + " vs one array per column %s (%s); a batch of INSERT ... SELECT, which pgjdbc does not rewrite, %s rows/s vs "
            + "the rewritten INSERT ... VALUES batch %s (%s).", largest, composite.rate().count(), perColumn.rate().count(),
        Figures.ratio2(composite.rowsPerSecond() / perColumn.rowsPerSecond()), select.rate().count(), values.rate().count(),
        Figures.ratio2(select.rowsPerSecond() / values.rowsPerSecond()));
    facts.put("iterations", iterations);
    facts.put("copy_fastest_from_batch", copyWinsFrom == null ? 0 : copyWinsFrom);
    facts.put("best_at_largest_batch", bestLarge.method().name());
    return new ExperimentResult("inserts", "Insert methods by batch size",
        // the title the R2DBC and Vert.x parts' rows join; the cells are medians (min-max) over the iterations
        List.of(new ExperimentResult.Table("Rows per second (" + Figures.count(rows) + " rows per measurement, one transaction)",
            columns, table)),
        List.of(new ExperimentResult.Chart("Rows per second by batch size", "batch size (log)", "rows/s (log)", true, true,
            series)),
        finding, facts);
  }

  private static Point find(List<Point> points, InsertMethod m, int batch) {
    return points.stream().filter(p -> p.method() == m && p.batch() == batch).findFirst().orElse(null);
  }

  private static Point best(List<Point> points, int batch) {
    return points.stream().filter(p -> p.batch() == batch).max(Comparator.comparingDouble(Point::rowsPerSecond)).orElse(null);
  }
}
