package dev.dbrace.db.postgres;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.db.DbException;
import dev.dbrace.db.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

/**
 * E4's slow PostgreSQL source: {@code slow_world(id, randomnumber, lookup)}, 1 M rows, {@code lookup}
 * (= id) without an index, so {@link NotificationData#SLOW_QUERY_SQL} reads the whole table (about
 * 54 MB) for one row. Parallel scans are off for the table ({@code parallel_workers = 0}): one
 * query is one core's scan, whatever the server's settings, so its time does not hinge on idle
 * cores. Created in the connection's current schema when missing (marked by its comment, like the
 * lab tables; a same-named table of someone else's is an error), then timed.
 *
 * <p>Stateless; concurrent creations, even from several processes, are serialized by an advisory lock.
 */
public final class SlowTable {
  static final String MARKER = "dbrace dataset slow_world v1";
  private static final long LOCK_KEY = 0x6462726163655357L; // "dbraceSW"

  private SlowTable() {}

  /**
   * Creates the table unless it is there, marked and complete.
   *
   * @return the seconds creating it took, or null when it was there
   * @throws DbException on SQL failure or when someone else's {@code slow_world} is in the way
   */
  public static Double ensure(Connection c, Consumer<String> log) {
    long t0 = System.nanoTime();
    try {
      boolean created = Transactions.inOne(c, s -> {
        s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
        String marker = marker(c);
        if (MARKER.equals(marker) && count(s) == NotificationData.SLOW_ROWS) {
          return false;
        }
        if (marker != null && !marker.startsWith("dbrace dataset")) {
          throw new DbException("a relation named slow_world already exists and was not created by dbrace;"
              + " use another database or schema, or drop it");
        }
        s.execute("DROP TABLE IF EXISTS slow_world");
        s.execute("CREATE TABLE slow_world (id integer PRIMARY KEY, randomnumber integer NOT NULL, lookup integer NOT NULL)"
            + " WITH (parallel_workers = 0)");
        // randomnumber as NotificationData.slowRandomNumber computes it
        s.execute("INSERT INTO slow_world SELECT i, (i::bigint * 7919) % 10000 + 1, i FROM generate_series(1, "
            + NotificationData.SLOW_ROWS + ") i");
        s.execute("COMMENT ON TABLE slow_world IS '" + MARKER + "'");
        return true;
      });
      if (!created) {
        return null;
      }
      try (Statement s = c.createStatement()) {
        s.execute("VACUUM ANALYZE slow_world"); // statistics, and the visibility map a fresh table lacks
      }
      double seconds = (System.nanoTime() - t0) / 1e9;
      log.accept(String.format("created slow_world (%,d rows) in %.1f s", NotificationData.SLOW_ROWS, seconds));
      return seconds;
    } catch (SQLException e) {
      throw new DbException("cannot create the slow_world table: " + e.getMessage(), e);
    }
  }

  /**
   * Runs the slow query {@code samples} times one after another (after one untimed run that warms
   * the cache), for users spread over the range.
   */
  public static Race.Latency time(Connection c, int samples) {
    String sql = NotificationData.SLOW_QUERY_SQL.replace("$1", "?");
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      double[] ms = new double[samples];
      for (int i = -1; i < samples; i++) {
        int id = NotificationData.slowId(7_919L * (i + 2));
        ps.setInt(1, id);
        long t0 = System.nanoTime();
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next() || rs.getInt(2) != NotificationData.slowRandomNumber(id)) {
            throw new DbException("slow_world has no right row for lookup " + id);
          }
        }
        if (i >= 0) {
          ms[i] = (System.nanoTime() - t0) / 1e6;
        }
      }
      return Race.Latency.of(ms);
    } catch (SQLException e) {
      throw new DbException("cannot time the slow query: " + e.getMessage(), e);
    }
  }

  private static String marker(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT coalesce(obj_description(c.oid, 'pg_class'), '') FROM pg_class c"
        + " WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = 'slow_world'");
        ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  private static long count(Statement s) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*) FROM slow_world")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
