package dev.dbrace.experiments.r2dbc;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import java.util.ArrayList;
import java.util.List;
import reactor.core.publisher.Mono;

/**
 * The R2DBC part of {@code inserts} (E3's "R2DBC / Vert.x batch equivalents"): the main part's rows
 * inserted with r2dbc-postgresql's batch forms at the same batch sizes, each measurement in one
 * transaction on a connection of its own, so its rows/s sit in the main part's table and chart.
 * The table's row count and id sum are checked after every measurement, as the main part does.
 * Each method is measured after an unmeasured warm-up pass over the same sizes (see run).
 */
public final class R2dbcInsertsExperiment implements Experiment {
  @Override
  public String name() {
    return "inserts";
  }

  @Override
  public String description() {
    return "R2DBC part: Statement.add batch and createBatch at the main part's batch sizes";
  }

  @Override
  public boolean companion() {
    return true;
  }

  /** The main part's options, names and defaults alike: the runner hands both parts the same values. */
  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "2048", "rows inserted per measurement"),
        new ExperimentOption("maxBatch", "128", "largest batch size; sizes are 1, 2, 4 ... up to it"));
  }

  @Override
  public List<String> workerJvmArgs() {
    return R2dbc.workerJvmArgs();
  }

  /** One measurement: a method at a batch size. */
  record Point(R2dbcInsertMethod method, int batch, double seconds, long rows) {
    double rowsPerSecond() {
      return rows / seconds;
    }
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
    PostgresqlConnectionFactory factory = R2dbc.factory(ctx);
    Connection admin = R2dbc.connect(factory);
    try {
      R2dbc.freshSchema(admin, ctx.schema());
      R2dbc.exec(admin, "CREATE TABLE " + table + " (id int PRIMARY KEY, qty int NOT NULL, note text NOT NULL)");
      List<Point> points = new ArrayList<>();
      for (R2dbcInsertMethod m : R2dbcInsertMethod.values()) {
        ctx.progress(m.label + ": batch sizes " + sizes + ", a warm-up pass then the measured one");
        // The worker starts cold, and the driver's Reactor and Netty paths need thousands of
        // executions to be compiled before the figures are the driver's (docs/decisions.md). The
        // warm-up pass is verified like the measured one, then discarded.
        for (int b : sizes) {
          measure(factory, admin, m, table, b, rows);
        }
        for (int b : sizes) {
          points.add(measure(factory, admin, m, table, b, rows));
        }
      }
      return R2dbcInsertsReport.of(rows, sizes, points, ctx.prior());
    } finally {
      R2dbc.dropQuietly(admin, ctx.schema());
      R2dbc.close(admin);
    }
  }

  private static Point measure(PostgresqlConnectionFactory factory, Connection admin, R2dbcInsertMethod m, String table,
      int batch, int rows) {
    R2dbc.exec(admin, "TRUNCATE " + table);
    double seconds;
    long reported = 0;
    Connection c = R2dbc.connect(factory);
    try {
      long t0 = System.nanoTime(); // like the main part: from the transaction's start to its commit
      Mono.from(c.beginTransaction()).block(R2dbc.TIMEOUT);
      for (int from = 1; from <= rows; from += batch) {
        reported += m.insert(c, table, from, Math.min(batch, rows - from + 1));
      }
      Mono.from(c.commitTransaction()).block(R2dbc.TIMEOUT);
      seconds = (System.nanoTime() - t0) / 1e9;
    } finally {
      R2dbc.close(c);
    }
    String check = R2dbc.string(admin, "SELECT count(*) || ' ' || coalesce(sum(id::bigint), 0) FROM " + table);
    String expected = rows + " " + (long) rows * (rows + 1) / 2;
    if (reported != rows || !expected.equals(check)) {
      throw new IllegalStateException(m.label + " at batch " + batch + ": the driver reported " + reported
          + " rows inserted and the table holds (count, sum of ids) " + check + ", expected " + expected);
    }
    return new Point(m, batch, seconds, rows);
  }
}
