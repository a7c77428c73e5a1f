package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * E3's insert comparison: the same rows inserted row by row, as a JDBC batch, with batch
 * rewriting, as one multi-row VALUES, with COPY, with unnest of one array per column and of one
 * array of a composite type, and as a rewritten batch of INSERT ... SELECT (which pgjdbc does not
 * rewrite), in groups of 1, 2, 4 ... rows. Each measurement inserts {@code rows} rows in one transaction; the table's row count and
 * id sum are checked after every measurement and the table emptied for the next.
 */
public final class InsertsExperiment implements Experiment {
  @Override
  public String name() {
    return "inserts";
  }

  @Override
  public String description() {
    return "row by row vs JDBC batch vs reWriteBatchedInserts vs multi-row VALUES vs COPY vs unnest (arrays, composite array)"
        + " vs INSERT ... SELECT, batch sizes 1..128 (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "2048", "rows inserted per measurement"),
        new ExperimentOption("maxBatch", "128", "largest batch size; sizes are 1, 2, 4 ... up to it"),
        Repeats.ITERATIONS, Repeats.SEED);
  }

  /** A method at a batch size, and its measurements: seconds per iteration, rows verified after each. */
  record Point(InsertMethod method, int batch, List<Double> seconds, long rows) {
    /** rows/s over the iterations: median, range. */
    Spread rate() {
      return Spread.of(seconds.stream().map(s -> rows / s).toList());
    }

    double rowsPerSecond() {
      return rate().median();
    }
  }

  private record Where(InsertMethod method, int batch) {}

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int rows = ctx.intOption("rows", 16, 10_000_000);
    int maxBatch = ctx.intOption("maxBatch", 1, 65_536);
    String table = ctx.schema() + ".ins";
    List<Integer> sizes = new ArrayList<>();
    for (int b = 1; b <= maxBatch; b *= 2) {
      sizes.add(b);
    }
    try (Connection admin = ctx.connect()) {
      try {
        Sql.freshSchema(admin, ctx.schema());
        Sql.exec(admin, "CREATE TABLE " + table + " (id int PRIMARY KEY, qty int NOT NULL, note text NOT NULL)",
            "CREATE TYPE " + ctx.schema() + "." + InsertMethod.COMPOSITE_TYPE + " AS (id int, qty int, note text)");
        List<Where> where = new ArrayList<>();
        for (InsertMethod m : InsertMethod.values()) {
          for (int b : m == InsertMethod.ROW_BY_ROW ? List.of(1) : sizes) {
            where.add(new Where(m, b));
          }
        }
        ctx.progress(where.size() + " points (method, batch size), " + Figures.count(rows) + " rows each");
        List<List<Double>> seconds = Repeats.run(ctx, where, w -> measure(ctx, admin, w.method(), table, w.batch(), rows));
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < where.size(); i++) {
          points.add(new Point(where.get(i).method(), where.get(i).batch(), seconds.get(i), rows));
        }
        return InsertsReport.of(rows, sizes, points);
      } finally {
        Sql.dropQuietly(admin, ctx.schema());
      }
    }
  }

  /** Inserts the rows at one point and verifies them; the seconds it took. */
  private static double measure(ExperimentContext ctx, Connection admin, InsertMethod m, String table, int batch, int rows)
      throws Exception {
    Sql.exec(admin, "TRUNCATE " + table);
    double seconds;
    try (Connection c = ctx.connect(m.properties())) {
      c.setAutoCommit(false);
      long t0 = System.nanoTime();
      for (int from = 1; from <= rows; from += batch) {
        m.insert(c, table, from, Math.min(batch, rows - from + 1));
      }
      c.commit();
      seconds = (System.nanoTime() - t0) / 1e9;
    }
    String check = Sql.string(admin, "SELECT count(*) || ' ' || coalesce(sum(id::bigint), 0) FROM " + table);
    String expected = rows + " " + (long) rows * (rows + 1) / 2;
    if (!expected.equals(check)) {
      throw new IllegalStateException(m.label + " at batch " + batch + ": table holds (count, sum of ids) " + check
          + ", expected " + expected);
    }
    return seconds;
  }
}
