package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E3's big read: rows of 1 KB read through a worker JVM with a 128 MB heap. pgjdbc reads a whole
 * result into memory unless autocommit is off and a fetch size is set (per statement or as
 * {@code defaultRowFetchSize}); then it fetches that many rows per round trip through a portal.
 * Running out of memory is a measured outcome here: the variant records it and the next one
 * starts after the garbage is collected.
 */
public final class FetchSizeExperiment implements Experiment {
  static final int ROW_BYTES = 1024;
  static final int WARM_UP_ROWS = 20_000;

  @Override
  public String name() {
    return "fetch-size";
  }

  @Override
  public String description() {
    return "reading 1 KB rows with a 128 MB heap: default (whole result in memory) vs autocommit off + fetch size 10/100/1000, "
        + "defaultRowFetchSize (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "250000", "rows of 1 KB to read (E3 used 1,000,000)"),
        Repeats.ITERATIONS, Repeats.SEED);
  }

  @Override
  public List<String> workerJvmArgs() {
    return List.of("-Xmx128m");
  }

  /** One way to read: autocommit, Statement.setFetchSize (0 = none) and connection properties. */
  record Variant(String label, boolean autocommit, int fetchSize, Map<String, String> properties) {}

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
    List<Variant> variants = List.of(
        new Variant("defaults (autocommit on, no fetch size)", true, 0, Map.of()),
        new Variant("autocommit on, fetch size 100", true, 100, Map.of()),
        new Variant("autocommit off, fetch size 10", false, 10, Map.of()),
        new Variant("autocommit off, fetch size 100", false, 100, Map.of()),
        new Variant("autocommit off, fetch size 1000", false, 1000, Map.of()),
        new Variant("autocommit off, defaultRowFetchSize=100", false, 0, Map.of("defaultRowFetchSize", "100")));
    try (Connection admin = ctx.connect()) {
      try {
        ctx.progress("creating " + schema + ".wide_rows: " + Figures.count(rows) + " rows of 1 KB");
        Sql.freshSchema(admin, schema);
        Sql.exec(admin, "CREATE UNLOGGED TABLE " + schema + ".wide_rows (id int, body text)",
            "INSERT INTO " + schema + ".wide_rows SELECT i, repeat(md5(i::text), " + ROW_BYTES / 32 + ") FROM generate_series(1, "
                + rows + ") i");
        // the warm-up reads the same way at most WARM_UP_ROWS rows (setMaxRows): the same code paths, without a
        // second out-of-memory per point
        List<List<Read>> reads = Repeats.run(ctx, variants, v -> read(ctx, v, schema + ".wide_rows", WARM_UP_ROWS), v -> {
          Read r = read(ctx, v, schema + ".wide_rows", 0);
          if (r.ok() && r.rows() != rows) {
            throw new IllegalStateException(v.label() + " read " + r.rows() + " rows, expected " + rows);
          }
          return r;
        });
        return FetchSizeReport.of(rows, Runtime.getRuntime().maxMemory() / 1048576.0, reads);
      } finally {
        Sql.dropQuietly(admin, schema);
      }
    }
  }

  /** Reads the table as the variant says; {@code maxRows} > 0 caps the rows (the warm-up's read). */
  private static Read read(ExperimentContext ctx, Variant v, String table, int maxRows) throws SQLException {
    System.gc();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    long n = 0;
    String oom = null;
    try (Connection c = ctx.connect(v.properties())) {
      c.setAutoCommit(v.autocommit());
      try (Statement s = c.createStatement()) {
        if (v.fetchSize() > 0) {
          s.setFetchSize(v.fetchSize());
        }
        s.setMaxRows(maxRows);
        try (ResultSet rs = s.executeQuery("SELECT id, body FROM " + table)) {
          while (rs.next()) {
            if (rs.getString(2).length() != ROW_BYTES) {
              throw new IllegalStateException("row " + rs.getInt(1) + " is not " + ROW_BYTES + " characters");
            }
            n++;
          }
        }
      } catch (OutOfMemoryError e) {
        oom = "OutOfMemoryError: " + e.getMessage();
      } catch (SQLException e) {
        if (!outOfMemory(e)) {
          throw e;
        }
        oom = e.getMessage().lines().findFirst().orElse("") + " (SQLState " + e.getSQLState() + ")";
      }
      if (!v.autocommit() && !c.isClosed()) {
        c.rollback();
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    double peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum() / 1048576.0;
    System.gc();
    return new Read(v, n, seconds, peak, oom);
  }

  /** pgjdbc catches the OutOfMemoryError of a result too big for the heap and reports it as SQLState 53200. */
  private static boolean outOfMemory(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError || "53200".equals(e.getSQLState())) {
        return true;
      }
    }
    return false;
  }
}
