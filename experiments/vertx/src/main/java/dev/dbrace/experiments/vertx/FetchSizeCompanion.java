package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import io.vertx.pgclient.PgConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * The Vert.x PG client reading the pgjdbc part's 1 KB rows with the same small heap:
 * {@code preparedQuery(sql).execute()} collects the whole result in a RowSet, while
 * {@code PreparedStatement.createStream(fetch)} in a transaction reads through a portal, fetch rows
 * per round trip. Running out of memory is a measured outcome, as in the pgjdbc part.
 */
public final class FetchSizeCompanion implements Experiment {
  static final int ROW_BYTES = 1024;
  static final int[] FETCH_SIZES = {10, 100, 1000};

  @Override
  public String name() {
    return "fetch-size";
  }

  @Override
  public String description() {
    return "Vert.x PG client part: the whole result in a RowSet vs createStream with fetch 10/100/1000, same heap";
  }

  @Override
  public boolean companion() {
    return true;
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "250000", "rows of 1 KB to read (E3 used 1,000,000)"));
  }

  /** The pgjdbc part's heap: the comparison is only fair with the same one. */
  @Override
  public List<String> workerJvmArgs() {
    return List.of("-Xmx128m");
  }

  /** One way to read: createStream with this fetch size, or 0 for the whole result at once. */
  record Variant(String label, int fetch) {}

  /** What a read came to: rows read, time, peak heap, and the out-of-memory message if it ran out. */
  record Read(Variant variant, long rows, double seconds, double peakHeapMb, String outOfMemory) {
    boolean ok() {
      return outOfMemory == null;
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int rows = ctx.intOption("rows", 1_000, 100_000_000);
    String schema = ctx.schema();
    String table = schema + ".wide_rows";
    List<Variant> variants = new ArrayList<>(List.of(new Variant("Vert.x preparedQuery().execute() (whole result)", 0)));
    for (int fetch : FETCH_SIZES) {
      variants.add(new Variant("Vert.x createStream(" + fetch + ") in a transaction", fetch));
    }
    try (Pg pg = new Pg(ctx)) {
      PgConnection admin = pg.connect();
      try {
        ctx.progress("creating " + table + ": " + Figures.count(rows) + " rows of 1 KB");
        Pg.freshSchema(admin, schema);
        Pg.exec(admin, "CREATE UNLOGGED TABLE " + table + " (id int, body text)",
            "INSERT INTO " + table + " SELECT i, repeat(md5(i::text), " + ROW_BYTES / 32 + ") FROM generate_series(1, "
                + rows + ") i");
        List<Read> reads = new ArrayList<>();
        for (Variant v : variants) {
          ctx.progress("variant " + v.label());
          // the whole result in a JVM of its own (WholeResultChild says why); the streams here, one after another as pgjdbc reads
          Read r = v.fetch() == 0 ? WholeResultChild.read(ctx, v, table) : WideRead.read(pg, v, table);
          if (r.ok() && r.rows() != rows) {
            throw new IllegalStateException(v.label() + " read " + r.rows() + " rows, expected " + rows);
          }
          reads.add(r);
        }
        return FetchSizeCompanionReport.of(ctx, rows, Runtime.getRuntime().maxMemory() / 1048576.0, reads);
      } finally {
        Pg.dropQuietly(admin, schema);
        admin.close().await();
      }
    }
  }
}
