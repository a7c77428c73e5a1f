package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's own counters, read before and after each run, so a stack's claimed operation count
 * can be checked against what PostgreSQL actually executed. Every query here mentions
 * {@code pg_stat}, which keeps dbrace's bookkeeping out of the statement count it reports; its
 * read-only transactions still count as commits in {@code pg_stat_database} once the server's
 * statistics flush them (within a second or so of idle), so a few of them fall within a run's
 * span. The runner reads before the worker starts (a service: once it is up) and after its
 * connections have closed: the span is the worker's whole life, warm-up included.
 *
 * <p>Stateless, hence thread-safe; each method uses only the connection it is given (which, like
 * any JDBC connection, must not be used by two threads at once).
 */
public final class ServerCounters {

  /**
   * @param xactCommit committed transactions in the current database
   * @param xactRollback rolled-back transactions in the current database
   * @param statementCalls pg_stat_statements calls in the current database, excluding statements
   *     whose text mentions pg_stat (dbrace's bookkeeping); null without pg_stat_statements
   */
  public record Snapshot(long xactCommit, long xactRollback, Long statementCalls) {}

  private static final String DATABASE_SQL = "SELECT xact_commit, xact_rollback"
      + " FROM pg_stat_database WHERE datname = current_database()";
  private static final String CALLS_SQL = "SELECT coalesce(sum(calls), 0)"
      + " FROM %s.pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid"
      + " WHERE d.datname = current_database() AND s.query NOT ILIKE '%%pg\\_stat%%'";
  // The extension's schema, if it is both created here and loaded: reading the view without
  // shared_preload_libraries fails. pg_stat_statements stores constants as $1, so the name also
  // appears as an identifier, keeping this query out of the count.
  private static final String PGSS_SCHEMA_SQL = "SELECT quote_ident(n.nspname) AS pg_stat_schema"
      + " FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
      + " WHERE e.extname = 'pg_stat_statements'"
      // Defined only where the library was preloaded; unlike shared_preload_libraries it is
      // readable without superuser rights.
      + " AND current_setting('pg_stat_statements.max', true) IS NOT NULL";
  private static final String BACKENDS_SQL = "SELECT count(*) FROM pg_stat_activity"
      + " WHERE application_name = ? AND pid <> pg_backend_pid()";

  // pg_stat_ssl has a row for every backend, ssl false for those without TLS.
  private static final String TLS_SQL = "SELECT count(*) FILTER (WHERE s.ssl), count(*) FILTER (WHERE NOT s.ssl)"
      + " FROM pg_stat_activity a JOIN pg_stat_ssl s ON s.pid = a.pid"
      + " WHERE a.application_name = ? AND a.pid <> pg_backend_pid()";

  /**
   * How many of a run's backends use TLS, and how many do not.
   *
   * @param withTls backends with TLS
   * @param without backends without
   */
  public record Tls(long withTls, long without) {}

  private ServerCounters() {}

  // The server's clock beside each backend's last statement start, both in µs since the epoch; one row with a null
  // pid when the run has no backend. Mentions pg_stat, so the statement count leaves it out.
  private static final String QUERY_STARTS_SQL = "SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint,"
      + " a.pid, (extract(epoch FROM a.query_start) * 1000000)::bigint"
      + " FROM (SELECT 1) AS one LEFT JOIN pg_stat_activity a ON a.application_name = ? AND a.pid <> pg_backend_pid()";

  /**
   * The backends named {@code applicationName} now, each with the start of its latest statement (pg_stat_activity's
   * query_start, µs since the epoch; {@link Long#MIN_VALUE} for none yet), and the server's clock.
   *
   * @param nowMicros the server's clock (clock_timestamp), µs since the epoch
   * @param queryStartMicros per backend pid, its latest statement's start
   */
  public record Backends(long nowMicros, Map<Integer, Long> queryStartMicros) {}

  /**
   * Reads {@link Backends}; works inside a transaction (the snapshot of pg_stat_activity is cleared first), so a
   * prober reading many times can do so in one transaction instead of adding a commit per reading to the server's
   * counts.
   */
  public static Backends backends(Connection c, String applicationName) {
    try (PreparedStatement ps = c.prepareStatement(QUERY_STARTS_SQL); Statement clear = c.createStatement()) {
      clear.execute("SELECT pg_stat_clear_snapshot()");
      ps.setString(1, applicationName);
      long now = 0;
      Map<Integer, Long> starts = new HashMap<>();
      try (ResultSet r = ps.executeQuery()) {
        while (r.next()) {
          now = r.getLong(1);
          int pid = r.getInt(2);
          if (!r.wasNull()) {
            long start = r.getLong(3);
            starts.put(pid, r.wasNull() ? Long.MIN_VALUE : start);
          }
        }
      }
      return new Backends(now, starts);
    } catch (SQLException e) {
      throw new DbException("cannot list the run's backends: " + e.getMessage(), e);
    }
  }


  /**
   * The TLS of the backends named {@code applicationName} now, as the server sees them; read while
   * a run's connections are open. Sees other users' backends only with pg_read_all_stats or as
   * their user (dbrace's runs connect as the runner's user).
   */
  public static Tls tls(Connection c, String applicationName) {
    try (PreparedStatement ps = c.prepareStatement(TLS_SQL); Statement clear = c.createStatement()) {
      clear.execute("SELECT pg_stat_clear_snapshot()"); // pg_stat_activity is a snapshot per transaction
      ps.setString(1, applicationName);
      try (ResultSet r = ps.executeQuery()) {
        r.next();
        return new Tls(r.getLong(1), r.getLong(2));
      }
    } catch (SQLException e) {
      throw new DbException("cannot read the TLS of the run's connections: " + e.getMessage(), e);
    }
  }

  public static Snapshot read(Connection c) {
    try (Statement s = c.createStatement()) {
      // Cumulative stats are cached per transaction (stats_fetch_consistency); drop that cache.
      s.execute("SELECT pg_stat_clear_snapshot()");
      long commit;
      long rollback;
      try (ResultSet r = s.executeQuery(DATABASE_SQL)) {
        r.next();
        commit = r.getLong(1);
        rollback = r.getLong(2);
      }
      Long calls = null;
      String schema = statementStatsSchema(c);
      if (schema != null) {
        try (ResultSet r = s.executeQuery(String.format(CALLS_SQL, schema))) {
          r.next();
          calls = r.getLong(1);
        }
      }
      return new Snapshot(commit, rollback, calls);
    } catch (SQLException e) {
      throw new DbException("cannot read the server's statistics: " + e.getMessage(), e);
    }
  }

  /** Whether pg_stat_statements is loaded by the server and created in the current database. */
  public static boolean hasStatementStats(Connection c) {
    return statementStatsSchema(c) != null;
  }

  private static String statementStatsSchema(Connection c) {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(PGSS_SCHEMA_SQL)) {
      return r.next() ? r.getString(1) : null;
    } catch (SQLException e) {
      throw new DbException("cannot check for pg_stat_statements: " + e.getMessage(), e);
    }
  }

  /**
   * Waits until no other backend with this application_name remains: a backend flushes its
   * transaction counts to pg_stat_database when it exits, before it leaves pg_stat_activity.
   *
   * @return false if some remained after {@code timeout}
   */
  public static boolean awaitBackendsGone(Connection c, String applicationName, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (PreparedStatement ps = c.prepareStatement(BACKENDS_SQL);
        Statement clear = c.createStatement()) {
      ps.setString(1, applicationName);
      while (true) {
        clear.execute("SELECT pg_stat_clear_snapshot()"); // in case c is inside a transaction
        try (ResultSet r = ps.executeQuery()) {
          r.next();
          if (r.getLong(1) == 0) {
            return true;
          }
        }
        if (System.nanoTime() >= deadline) {
          return false;
        }
        Thread.sleep(20);
      }
    } catch (SQLException e) {
      throw new DbException("cannot list the server's backends: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * The server's version without its build suffix, e.g. "17.6" for "17.6 (Debian 17.6-1)". Read
   * from what the server reported at login, so it runs no statement that could be counted.
   */
  public static String serverVersion(Connection c) {
    try {
      String v = c.getMetaData().getDatabaseProductVersion().strip();
      int space = v.indexOf(' ');
      return space < 0 ? v : v.substring(0, space);
    } catch (SQLException e) {
      throw new DbException("cannot read the server version: " + e.getMessage(), e);
    }
  }
}
