package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one variant's query N times through one {@link PreparedStatement} on a fresh connection,
 * timing each execution (rows fetched included) and asking the server after each one, on the same
 * session, which plan it used: {@code pg_prepared_statements} counts generic and custom plans per
 * server-prepared statement (PostgreSQL 14+). Executions before pgjdbc server-prepares the
 * statement are one-shot: the server plans them with their values every time.
 */
final class PreparedExecutions {
  static final String GENERIC = "generic";
  static final String CUSTOM = "custom";
  static final String ONE_SHOT = "one-shot";
  static final String UNKNOWN = "unknown";

  /** One execution: latency, the plan the server used, whether the server ran it as a prepared statement, rows. */
  record Execution(double ms, String plan, boolean serverPrepared, int rows) {}

  private PreparedExecutions() {}

  static List<Execution> run(ExperimentContext ctx, PlanFlipExperiment.Variant v, String schema, int executions)
      throws SQLException {
    List<Execution> out = new ArrayList<>();
    try (Connection c = ctx.connect(v.properties()); PreparedStatement ps = c.prepareStatement(v.sql(schema))) {
      long[] before = planCounts(c);
      for (int i = 0; i < executions; i++) {
        int[] args = v.arguments();
        ps.setInt(1, args[0]);
        ps.setInt(2, args[1]);
        long t0 = System.nanoTime();
        int rows = 0;
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            rows++;
          }
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        if (rows != PlanFlipExperiment.MATCHING_ROWS) {
          throw new IllegalStateException(v.label() + ": execution " + (i + 1) + " returned " + rows + " rows, expected "
              + PlanFlipExperiment.MATCHING_ROWS);
        }
        long[] after = planCounts(c);
        String kind = kind(before, after);
        out.add(new Execution(ms, kind, kind.equals(GENERIC) || kind.equals(CUSTOM), rows));
        before = after;
      }
    }
    return out;
  }

  private static String kind(long[] before, long[] after) {
    if (before == null || after == null) {
      return UNKNOWN;
    }
    if (after[0] > before[0]) {
      return GENERIC;
    }
    return after[1] > before[1] ? CUSTOM : ONE_SHOT;
  }

  /**
   * Generic and custom plans so far of this session's server-prepared statements; null where
   * the server has no such counters (before PostgreSQL 14). A plain Statement is one-shot in
   * pgjdbc, so this query never lands among the prepared statements it counts.
   */
  private static long[] planCounts(Connection c) {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT coalesce(sum(generic_plans), 0), coalesce(sum(custom_plans), 0)"
            + " FROM pg_prepared_statements WHERE NOT from_sql")) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2)};
    } catch (SQLException e) {
      return null;
    }
  }
}
