package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Transaction;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/**
 * The Vert.x PG client's ways of inserting many rows beside pgjdbc's: {@code executeBatch} (one
 * Parse, then a Bind/Execute per row, pipelined in one round trip) and one multi-row VALUES
 * statement per batch, at the same batch sizes and row counts as the pgjdbc part, each
 * measurement in one transaction on a fresh connection, row count and id sum checked after it.
 */
public final class InsertsCompanion implements Experiment {
  /** A Vert.x way of inserting rows (id, qty, note), a group of rows per call. */
  enum Method {
    EXECUTE_BATCH("Vert.x executeBatch"),
    MULTI_VALUES("Vert.x multi-row VALUES ($1,$2,$3),...");

    final String label;

    Method(String label) {
      this.label = label;
    }
  }

  /** One measurement: a method at a batch size. */
  record Point(Method method, int batch, double seconds, long rows) {
    double rowsPerSecond() {
      return rows / seconds;
    }
  }

  @Override
  public String name() {
    return "inserts";
  }

  @Override
  public String description() {
    return "Vert.x PG client part: executeBatch and multi-row VALUES at the same batch sizes";
  }

  @Override
  public boolean companion() {
    return true;
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "2048", "rows inserted per measurement"),
        new ExperimentOption("maxBatch", "128", "largest batch size; sizes are 1, 2, 4 ... up to it"));
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int rows = ctx.intOption("rows", 16, 10_000_000);
    int maxBatch = ctx.intOption("maxBatch", 1, 65_536);
    String table = ctx.schema() + ".ins";
    List<Integer> sizes = new ArrayList<>();
    for (int b = 1; b <= maxBatch; b *= 2) {
      sizes.add(b);
    }
    try (Pg pg = new Pg(ctx)) {
      PgConnection admin = pg.connect();
      try {
        Pg.freshSchema(admin, ctx.schema());
        Pg.exec(admin, "CREATE TABLE " + table + " (id int PRIMARY KEY, qty int NOT NULL, note text NOT NULL)");
        List<Point> points = new ArrayList<>();
        for (Method m : Method.values()) {
          ctx.progress(m.label + ": batch sizes " + sizes);
          for (int b : sizes) {
            points.add(measure(pg, admin, m, table, b, rows));
          }
        }
        return InsertsCompanionReport.of(ctx, rows, sizes, points);
      } finally {
        Pg.dropQuietly(admin, ctx.schema());
        admin.close().await();
      }
    }
  }

  private static Point measure(Pg pg, PgConnection admin, Method m, String table, int batch, int rows) {
    Pg.exec(admin, "TRUNCATE " + table);
    double seconds;
    PgConnection c = pg.connect(); // the client's defaults, as the pgjdbc part uses pgjdbc's
    try {
      long t0 = System.nanoTime();
      Transaction tx = c.begin().await();
      for (int from = 1; from <= rows; from += batch) {
        insert(c, m, table, from, Math.min(batch, rows - from + 1));
      }
      tx.commit().await();
      seconds = (System.nanoTime() - t0) / 1e9;
    } finally {
      c.close().await();
    }
    String check = Pg.string(admin, "SELECT count(*) || ' ' || coalesce(sum(id::bigint), 0) FROM " + table);
    String expected = rows + " " + (long) rows * (rows + 1) / 2;
    if (!expected.equals(check)) {
      throw new IllegalStateException(m.label + " at batch " + batch + ": table holds (count, sum of ids) " + check
          + ", expected " + expected);
    }
    return new Point(m, batch, seconds, rows);
  }

  /** Rows {@code from .. from+count-1}: (i, i % 100, "row i"), the pgjdbc part's values. */
  private static void insert(PgConnection c, Method m, String table, int from, int count) {
    String head = "INSERT INTO " + table + " (id, qty, note) VALUES ";
    if (m == Method.EXECUTE_BATCH) {
      List<Tuple> batch = new ArrayList<>(count);
      for (int i = from; i < from + count; i++) {
        batch.add(Tuple.of(i, i % 100, "row " + i));
      }
      c.preparedQuery(head + "($1, $2, $3)").executeBatch(batch).await();
      return;
    }
    StringBuilder sql = new StringBuilder(head);
    Tuple values = Tuple.tuple();
    for (int k = 0; k < count; k++) {
      int i = from + k;
      sql.append(k == 0 ? "" : ",").append("($").append(3 * k + 1).append(",$").append(3 * k + 2).append(",$")
          .append(3 * k + 3).append(')');
      values.addInteger(i).addInteger(i % 100).addString("row " + i);
    }
    c.preparedQuery(sql.toString()).execute(values).await();
  }
}
