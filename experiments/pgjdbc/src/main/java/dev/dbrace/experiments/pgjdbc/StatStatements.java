package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentContext;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The server's split of a statement's time into planning and execution, from {@code pg_stat_statements}
 * with {@code pg_stat_statements.track_planning} turned on for the measuring sessions only (a
 * superuser setting, passed as a startup option). Snapshots before and after a run of N executions
 * find the statement as the entry whose calls grew by exactly N, so a user's statement needs no
 * marker. Where the extension is missing or the setting refused, {@link #available()} is false and
 * says why; the experiment then has EXPLAIN's figures only.
 */
final class StatStatements {
  private static final String TRACK = "-c pg_stat_statements.track_planning=on";

  private final Connection admin;
  private final String schema;
  private final String why;
  private final String settings;

  private StatStatements(Connection admin, String schema, String why) {
    this(admin, schema, why, TRACK);
  }

  private StatStatements(Connection admin, String schema, String why, String settings) {
    this.admin = admin;
    this.schema = schema;
    this.why = why;
    this.settings = settings;
  }

  static StatStatements open(ExperimentContext ctx, Connection admin) {
    String schema;
    try {
      schema = Sql.string(admin, "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace"
          + " WHERE e.extname = 'pg_stat_statements' AND current_setting('pg_stat_statements.max', true) IS NOT NULL");
    } catch (SQLException e) {
      return new StatStatements(admin, null, "cannot look for pg_stat_statements: " + e.getMessage());
    }
    if (schema == null) {
      return new StatStatements(admin, null, "pg_stat_statements is not loaded by the server or not created in this database");
    }
    try {
      if ("on".equals(Sql.string(admin, "SELECT current_setting('pg_stat_statements.track_planning')"))) {
        return new StatStatements(admin, schema, null, ""); // on for every session already: nothing to set
      }
    } catch (SQLException e) {
      return new StatStatements(admin, null, "cannot read pg_stat_statements.track_planning: " + e.getMessage());
    }
    try (Connection c = ctx.connect(Map.of("options", TRACK))) {
      if (!"on".equals(Sql.string(c, "SHOW pg_stat_statements.track_planning"))) {
        return new StatStatements(admin, null, "pg_stat_statements.track_planning did not turn on");
      }
      Sql.string(c, "SELECT plans, total_plan_time FROM \"" + schema + "\".pg_stat_statements LIMIT 1");
    } catch (SQLException e) {
      return new StatStatements(admin, null, "cannot turn on pg_stat_statements.track_planning for a session: "
          + e.getMessage().lines().findFirst().orElse(""));
    }
    return new StatStatements(admin, schema, null);
  }

  boolean available() {
    return schema != null;
  }

  /** Why not available; null when it is. */
  String why() {
    return why;
  }

  /** The startup option the measuring sessions need, empty when not available. */
  String sessionSettings() {
    return available() ? settings : "";
  }

  /** queryid -> {calls, plans, total plan ms, total execution ms} of this user's statements in this database. */
  Map<Long, double[]> snapshot() throws SQLException {
    Map<Long, double[]> out = new HashMap<>();
    if (!available()) {
      return out;
    }
    try (Statement s = admin.createStatement();
        ResultSet rs = s.executeQuery("SELECT queryid, sum(calls), sum(plans), sum(total_plan_time), sum(total_exec_time)"
            + " FROM \"" + schema + "\".pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname ="
            + " current_database()) AND userid = (SELECT oid FROM pg_roles WHERE rolname = current_user)"
            + " AND queryid IS NOT NULL GROUP BY queryid")) {
      while (rs.next()) {
        out.put(rs.getLong(1), new double[] {rs.getLong(2), rs.getLong(3), rs.getDouble(4), rs.getDouble(5)});
      }
    }
    return out;
  }

  /** The statement's figures over the run since {@code before}: the entry whose calls grew by {@code calls}; else null. */
  ParseCostExperiment.Server delta(Map<Long, double[]> before, int calls) throws SQLException {
    if (!available()) {
      return null;
    }
    ParseCostExperiment.Server found = null;
    for (Map.Entry<Long, double[]> e : snapshot().entrySet()) {
      double[] b = before.getOrDefault(e.getKey(), new double[4]);
      double[] a = e.getValue();
      if ((long) (a[0] - b[0]) == calls) {
        var d = new ParseCostExperiment.Server(calls, (long) (a[1] - b[1]), a[2] - b[2], a[3] - b[3]);
        if (found == null || d.execMs() > found.execMs()) {
          found = d;
        }
      }
    }
    return found;
  }
}
