package dev.dbrace.experiments.vertx;

import dev.dbrace.experiments.vertx.FetchSizeCompanion.Read;
import dev.dbrace.experiments.vertx.FetchSizeCompanion.Variant;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.PreparedStatement;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.RowStream;
import io.vertx.sqlclient.Transaction;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.List;

/**
 * One read of the wide table by a Vert.x variant, timed, with the heap pools' peak measured as the
 * pgjdbc part does (reset after a GC, summed after the read), connecting included as there. An
 * out-of-memory that reaches the caller is the outcome; one that kills the event loop cannot be
 * survived in-process, hence the whole-result read in a {@link WholeResultChild}.
 */
final class WideRead {
  private WideRead() {}

  static Read read(Pg pg, Variant v, String table) throws Exception {
    String sql = "SELECT id, body FROM " + table;
    System.gc();
    List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP).toList();
    heap.forEach(MemoryPoolMXBean::resetPeakUsage);
    long t0 = System.nanoTime();
    long n = 0;
    String oom = null;
    PgConnection c = pg.connect();
    try {
      n = v.fetch() == 0 ? whole(c, sql) : stream(c, sql, v.fetch());
    } catch (Throwable t) {
      OutOfMemoryError e = outOfMemory(t);
      if (e == null) {
        throw t;
      }
      oom = e.getClass().getSimpleName() + ": " + e.getMessage();
    } finally {
      c.close().recover(x -> Future.succeededFuture()).await(); // may be closed already
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    double peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum() / 1048576.0;
    System.gc();
    return new Read(v, n, seconds, peak, oom);
  }

  /** The whole result: Vert.x collects every row in the RowSet before handing it over. */
  private static long whole(PgConnection c, String sql) {
    RowSet<Row> rs = c.preparedQuery(sql).execute().await();
    long n = 0;
    for (Row row : rs) {
      check(row);
      n++;
    }
    return n;
  }

  /** createStream(fetch): a portal inside a transaction, {@code fetch} rows per Execute; rows counted on the event loop. */
  private static long stream(PgConnection c, String sql, int fetch) {
    Transaction tx = c.begin().await();
    PreparedStatement ps = c.prepare(sql).await();
    Promise<Long> done = Promise.promise();
    long[] count = {0};
    RowStream<Row> s = ps.createStream(fetch);
    s.exceptionHandler(done::tryFail);
    s.endHandler(x -> done.tryComplete(count[0]));
    s.handler(row -> {
      try {
        check(row);
        count[0]++;
      } catch (IllegalStateException e) {
        done.tryFail(e);
        s.close();
      }
    });
    long n = done.future().await();
    ps.close().await();
    tx.rollback().await(); // read only: nothing to keep, as the pgjdbc part rolls back
    return n;
  }

  private static void check(Row row) {
    if (row.getString(1).length() != FetchSizeCompanion.ROW_BYTES) {
      throw new IllegalStateException("row " + row.getInteger(0) + " is not " + FetchSizeCompanion.ROW_BYTES + " characters");
    }
  }

  private static OutOfMemoryError outOfMemory(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError o) {
        return o;
      }
    }
    return null;
  }
}
