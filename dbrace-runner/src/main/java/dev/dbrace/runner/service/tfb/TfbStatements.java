package dev.dbrace.runner.service.tfb;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * TFB's statement counts ({@code verify_queries_count} with its PostgreSQL counters): the executed statements whose
 * text names the table after punctuation or a space, the rows its selects returned and its updates wrote, summed
 * over {@code pg_stat_statements} of the current database before and after a burst of requests, then judged as TFB
 * judges them: fewer than the requests call for fails, over 5 % more warns. Updates may be one bulk statement per
 * request (then 5 % fewer rows updated pass) or one per row. Statements of other sessions naming the table in the
 * same window count too, as in TFB.
 */
final class TfbStatements {
  /** What the server counted for a table, or the difference of two counts. */
  record Totals(long queries, long rowsRead, long rowsUpdated) {
    Totals minus(Totals before) {
      return new Totals(queries - before.queries, rowsRead - before.rowsRead, rowsUpdated - before.rowsUpdated);
    }
  }

  /** What a burst of requests calls for: statements and rows per request, updated rows per request (0: no updates). */
  record Expected(int requests, int queries, int rows, int updates) {}

  private static final Pattern SELECT = Pattern.compile("select", Pattern.CASE_INSENSITIVE);
  private static final Pattern UPDATE = Pattern.compile("update", Pattern.CASE_INSENSITIVE);
  /** TFB's allowance on the statements where the machine has at most two cores (its CI), none on more. */
  static final double SMALL_MACHINE_MARGIN = 1.015;
  /** TFB's allowance on the rows updated by bulk updates. */
  static final double BULK_MARGIN = 1.05;

  private TfbStatements() {}

  /** The server's counts for statements naming {@code table}; needs the pg_stat_statements extension. */
  static Totals read(Connection c, String table) throws SQLException {
    Pattern names = Pattern.compile("[\\p{Punct}\\s]" + Pattern.quote(table), Pattern.CASE_INSENSITIVE);
    long queries = 0;
    long read = 0;
    long updated = 0;
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT query, calls, rows FROM pg_stat_statements"
        + " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")) {
      while (rs.next()) {
        String q = rs.getString(1);
        if (q == null || !names.matcher(q).find()) {
          continue;
        }
        queries += rs.getLong(2);
        read += SELECT.matcher(q).find() ? rs.getLong(3) : 0;
        updated += UPDATE.matcher(q).find() ? rs.getLong(3) : 0;
      }
    }
    return new Totals(queries, read, updated);
  }

  /**
   * TFB's judgement of what the server counted over a burst; {@code failed} requests of it did not answer 200,
   * {@code cores} the machine's (TFB allows 1.5 % fewer statements on two or fewer).
   */
  static List<TfbCheck> judge(String url, Expected e, Totals counted, int failed, int cores) {
    long expectedQueries = (long) e.requests() * e.queries();
    long expectedRows = (long) e.requests() * e.rows();
    boolean bulk = false;
    if (e.updates() > 0) {
      long withBulk = expectedQueries + e.requests();
      bulk = counted.queries() < 1.001 * withBulk && counted.queries() > 0.999 * withBulk;
      expectedQueries = bulk ? withBulk : expectedQueries + (long) e.requests() * e.updates();
    }
    double margin = cores > 2 ? 1 : SMALL_MACHINE_MARGIN;
    List<TfbCheck> out = new ArrayList<>();
    String queries = compare(counted.queries() * margin, expectedQueries, counted.queries(), "statements");
    if (failed > 0) {
      queries = failed + " of " + e.requests() + " requests failed" + (queries == null ? "" : "; " + queries);
    }
    out.add(new TfbCheck(url, TfbRule.QUERIES_EXECUTED, outcome(queries, counted.queries() * margin, expectedQueries, failed),
        queries == null ? "" : queries));
    String rows = compare(counted.rowsRead(), expectedRows, counted.rowsRead(), "rows read");
    out.add(new TfbCheck(url, TfbRule.ROWS_READ, outcome(rows, counted.rowsRead(), expectedRows, 0), rows == null ? "" : rows));
    if (e.updates() > 0) {
      long expectedUpdated = (long) e.requests() * e.updates();
      double judged = counted.rowsUpdated() * (bulk ? BULK_MARGIN : 1);
      String updated = compare(judged, expectedUpdated, counted.rowsUpdated(), "rows updated");
      out.add(new TfbCheck(url, TfbRule.ROWS_UPDATED, outcome(updated, judged, expectedUpdated, 0), updated == null ? "" : updated));
    }
    return out;
  }

  /** Null within TFB's bounds, else why: fewer than expected, or over 5 % more. */
  private static String compare(double judged, long expected, long counted, String what) {
    if (judged < expected) {
      return "only " + counted + " " + what + " for roughly " + expected + " expected";
    }
    return judged > expected * 1.05 ? counted + " " + what + " for " + expected + " expected: excessively high" : null;
  }

  private static TfbCheck.Outcome outcome(String why, double judged, long expected, int failed) {
    if (why == null) {
      return TfbCheck.Outcome.PASS;
    }
    return failed > 0 || judged < expected ? TfbCheck.Outcome.FAIL : TfbCheck.Outcome.WARN;
  }
}
