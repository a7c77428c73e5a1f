package dev.dbrace.experiments.r2dbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The R2DBC part of {@code fetch-size}: the main part's 1 KB rows read with r2dbc-postgresql in a
 * worker with the same small heap. Without a fetch size the driver asks for the whole result in
 * one Execute and hands rows on as they are decoded; with {@code Statement.fetchSize(n)} it asks
 * for n rows at a time through a portal. Each variant is measured like the main part's (time from
 * connecting to closing, heap pools' peak after a reset); an OutOfMemoryError is an outcome.
 */
public final class R2dbcFetchSizeExperiment implements Experiment {
  static final int ROW_BYTES = 1024;
  static final int WARM_UP_ROWS = 50_000;

  @Override
  public String name() {
    return "fetch-size";
  }

  @Override
  public String description() {
    return "R2DBC part: the whole result in autocommit vs Statement.fetchSize 10/100/1000 in a transaction, same heap";
  }

  @Override
  public boolean companion() {
    return true;
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("rows", "250000", "rows of 1 KB to read (E3 used 1,000,000)"));
  }

  /** The main part's heap, so both parts read the same rows under the same limit. */
  @Override
  public List<String> workerJvmArgs() {
    return R2dbc.workerJvmArgs("-Xmx128m");
  }

  /** One way to read: in a transaction or in autocommit, with {@code Statement.fetchSize} (0 = none). */
  record Variant(String label, String key, boolean transaction, int fetchSize) {}

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
    List<Variant> variants = new ArrayList<>(List.of(
        new Variant("R2DBC, autocommit, no fetch size", "autocommit_no_fetch_size", false, 0)));
    for (int n : new int[] {10, 100, 1000}) {
      variants.add(new Variant("R2DBC, transaction, fetchSize(" + n + ")", "transaction_fetch_size_" + n, true, n));
    }
    PostgresqlConnectionFactory factory = R2dbc.factory(ctx);
    Connection admin = R2dbc.connect(factory);
    try {
      ctx.progress("creating " + schema + ".wide_rows: " + Figures.count(rows) + " rows of 1 KB");
      R2dbc.freshSchema(admin, schema);
      R2dbc.exec(admin, "CREATE UNLOGGED TABLE " + schema + ".wide_rows (id int, body text)",
          "INSERT INTO " + schema + ".wide_rows SELECT i, repeat(md5(i::text), " + ROW_BYTES / 32
              + ") FROM generate_series(1, " + rows + ") i");
      // The worker starts cold, and a cold first read is slower than the driver (docs/decisions.md). Each variant first
      // reads the first rows of the table, unmeasured (its result checked all the same), so the figures are the driver's.
      int warmUp = Math.min(rows, WARM_UP_ROWS);
      ctx.progress("warm-up: each variant reads " + Figures.count(warmUp) + " rows, unmeasured");
      for (Variant v : variants) {
        read(factory, v, "SELECT id, body FROM " + schema + ".wide_rows WHERE id <= " + warmUp, warmUp);
      }
      List<Read> reads = new ArrayList<>();
      for (Variant v : variants) {
        ctx.progress("variant " + v.label());
        reads.add(read(factory, v, "SELECT id, body FROM " + schema + ".wide_rows", rows));
      }
      return R2dbcFetchSizeReport.of(rows, warmUp, Runtime.getRuntime().maxMemory() / 1048576.0, reads, ctx.prior());
    } finally {
      R2dbc.dropQuietly(admin, schema);
      R2dbc.close(admin);
    }
  }

  /** Reads {@code sql}'s rows the variant's way; a read that ends without running out of memory must have read {@code expected}. */
  private static Read read(PostgresqlConnectionFactory factory, Variant v, String sql, long expected) {
    System.gc();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    AtomicLong n = new AtomicLong(); // counted as rows arrive, so a read cut short still says how far it got
    String oom = null;
    Connection c = null;
    try {
      c = R2dbc.connect(factory);
      if (v.transaction()) {
        Mono.from(c.beginTransaction()).block(R2dbc.TIMEOUT);
      }
      Statement s = c.createStatement(sql);
      if (v.fetchSize() > 0) {
        s.fetchSize(v.fetchSize());
      }
      Flux.from(s.execute()).concatMap(r -> r.map((row, meta) -> {
        if (row.get(1, String.class).length() != ROW_BYTES) {
          throw new IllegalStateException("row " + row.get(0, Integer.class) + " is not " + ROW_BYTES + " characters");
        }
        return n.incrementAndGet();
      })).blockLast(R2dbc.TIMEOUT);
    } catch (OutOfMemoryError e) {
      oom = "OutOfMemoryError: " + e.getMessage();
    } catch (RuntimeException e) {
      oom = outOfMemory(e); // Reactor or Netty may hand an event loop's OutOfMemoryError on as a cause
      if (oom == null) {
        throw e;
      }
    } finally {
      if (c != null) {
        if (v.transaction()) {
          R2dbc.rollbackQuietly(c);
        }
        R2dbc.close(c);
      }
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    double peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum() / 1048576.0;
    System.gc();
    if (oom == null && n.get() != expected) {
      throw new IllegalStateException(v.label() + " read " + n.get() + " rows, expected " + expected);
    }
    return new Read(v, n.get(), seconds, peak, oom);
  }

  private static String outOfMemory(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError) {
        return "OutOfMemoryError: " + t.getMessage() + " (in " + e.getClass().getSimpleName() + ")";
      }
    }
    return null;
  }
}
