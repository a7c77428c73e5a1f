package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import io.vertx.core.Promise;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * E3 asks for the Vert.x client beside pgjdbc in the protocol comparison: the same point select on
 * one connection, the same ids, with the client's prepared-statement cache on and off (off is its
 * default). As in the pgjdbc part, the session's {@code pg_prepared_statements} tells how many
 * executions reused a named statement; the others were parsed anew.
 */
public final class ProtocolCompanion implements Experiment {
  static final int TABLE_ROWS = 10_000;

  @Override
  public String name() {
    return "protocol";
  }

  @Override
  public String description() {
    return "Vert.x PG client part: the same point select with its prepared-statement cache on and off";
  }

  @Override
  public boolean companion() {
    return true;
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("executions", "5000", "executions per variant (one connection, one at a time)"),
        new ExperimentOption("seed", "42", "seed of the ids looked up (the same ids for every variant)"));
  }

  /** One variant measured: per-execution latencies and the session's named-statement counts after the loop. */
  record Measured(String label, boolean cache, double[] latenciesMs, double seconds, long namedExecutions,
      long namedStatements) {
    double throughput() {
      return latenciesMs.length / seconds;
    }

    /** Executions the server had to parse: all but those that reused a named statement (counted as the pgjdbc part does). */
    long parsed() {
      return latenciesMs.length - namedExecutions + namedStatements;
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int executions = ctx.intOption("executions", 10, 10_000_000);
    long seed = ctx.intOption("seed", 0, Integer.MAX_VALUE);
    String table = ctx.schema() + ".point";
    try (Pg pg = new Pg(ctx)) {
      PgConnection admin = pg.connect();
      try {
        Pg.freshSchema(admin, ctx.schema());
        Pg.exec(admin, "CREATE TABLE " + table + " (id int PRIMARY KEY, v int NOT NULL)",
            "INSERT INTO " + table + " SELECT i, i * 7 FROM generate_series(1, " + TABLE_ROWS + ") i",
            "VACUUM ANALYZE " + table);
        // untimed first, with other ids, like the pgjdbc part: the JIT warms up Vert.x's paths before either is timed
        int warmUp = Math.max(10, executions / 10);
        ctx.progress("warm-up: " + warmUp + " executions of each variant");
        for (boolean cache : new boolean[] {true, false}) {
          measure(pg, cache, table, warmUp, seed + 1);
        }
        List<Measured> runs = new ArrayList<>();
        for (boolean cache : new boolean[] {true, false}) {
          ctx.progress("Vert.x, cachePreparedStatements=" + cache + ": " + executions + " executions");
          runs.add(measure(pg, cache, table, executions, seed));
        }
        return ProtocolCompanionReport.of(executions, runs, Figures.priorFact(ctx, ProtocolCompanionReport.PGJDBC_DEFAULT));
      } finally {
        Pg.dropQuietly(admin, ctx.schema());
        admin.close().await();
      }
    }
  }

  private static Measured measure(Pg pg, boolean cache, String table, int executions, long seed) {
    String sql = "SELECT v FROM " + table + " WHERE id = $1";
    double[] ms = new double[executions];
    SplittableRandom random = new SplittableRandom(seed);
    int[] ids = new int[executions];
    for (int i = 0; i < executions; i++) {
      ids[i] = 1 + random.nextInt(TABLE_ROWS);
    }
    PgConnection c = pg.connect(cache);
    try {
      long start = System.nanoTime();
      // One at a time, like pgjdbc's loop, but each execution issued from the completion of the one
      // before, on the event loop: awaiting each from a plain thread would time two thread hops
      // per execution, not the client.
      Promise<Void> done = Promise.promise();
      chain(c, sql, ids, ms, 0, cache, done);
      done.future().await();
      double seconds = (System.nanoTime() - start) / 1e9;
      long[] named = namedCounts(c, table);
      return new Measured(cache ? "Vert.x, prepared-statement cache on" : "Vert.x, prepared-statement cache off (default)",
          cache, ms, seconds, named[0], named[1]);
    } finally {
      c.close().await();
    }
  }

  private static void chain(PgConnection c, String sql, int[] ids, double[] ms, int i, boolean cache,
      Promise<Void> done) {
    if (i == ids.length) {
      done.complete();
      return;
    }
    int id = ids[i];
    long t0 = System.nanoTime();
    c.preparedQuery(sql).execute(Tuple.of(id)).onComplete(ar -> {
      ms[i] = (System.nanoTime() - t0) / 1e6;
      if (ar.failed()) {
        done.fail(ar.cause());
        return;
      }
      RowIterator<Row> rows = ar.result().iterator();
      if (!rows.hasNext()) {
        done.fail(new IllegalStateException("no row for id " + id));
        return;
      }
      int value = rows.next().getInteger(0);
      if (value != id * 7) {
        done.fail(new IllegalStateException("Vert.x, cache " + cache + ": id " + id + " returned " + value));
        return;
      }
      chain(c, sql, ids, ms, i + 1, cache, done);
    });
  }

  /** {executions of named statements, named statements} of this session for the table, asked over the simple protocol. */
  private static long[] namedCounts(PgConnection c, String table) {
    Row r = c.query("SELECT coalesce(sum(generic_plans + custom_plans), 0)::bigint, count(*)"
        + " FROM pg_prepared_statements WHERE NOT from_sql AND statement LIKE '%" + table + "%'"
        + " AND statement NOT LIKE '%pg_prepared_statements%'").execute().await().iterator().next();
    return new long[] {r.getLong(0), r.getLong(1)};
  }
}
