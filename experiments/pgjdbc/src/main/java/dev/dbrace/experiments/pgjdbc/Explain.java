package dev.dbrace.experiments.pgjdbc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One {@code EXPLAIN (ANALYZE, SUMMARY)} sample of a parse-cost mode, the server's planning and
 * execution time of a single execution: for the unprepared mode the statement with its arguments
 * as literals (parsed and planned by that EXPLAIN); for the prepared modes an SQL-level PREPARE run
 * six times first (past the plan cache's five custom plans) under the mode's plan_cache_mode, then
 * explained, so the sample is a reuse.
 */
final class Explain {
  /** Planning and execution ms of one explained execution. */
  record Sample(double planningMs, double executionMs) {}

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String NAME = "dbrace_parse_cost";

  private Explain() {}

  static Sample sample(Connection c, ParseCostExperiment.Statement st, ParseCostExperiment.Mode mode) throws SQLException {
    List<String> literals = st.args().stream().map(v -> "'" + v.replace("'", "''") + "'").toList();
    if (mode.key().equals(ParseCostExperiment.UNPREPARED)) {
      return read(Sql.string(c, "EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) "
          + ParseCostExperiment.rewrite(st.sql(), i -> literals.get(i - 1))));
    }
    String cacheMode = mode.settings().contains("force_generic_plan") ? "force_generic_plan" : "auto";
    String args = literals.isEmpty() ? "" : "(" + String.join(", ", literals) + ")";
    Sql.exec(c, "SET plan_cache_mode = " + cacheMode,
        "PREPARE " + NAME + " AS " + ParseCostExperiment.rewrite(st.sql(), i -> "$" + i));
    try {
      for (int i = 0; i < 6; i++) {
        Sql.exec(c, "EXECUTE " + NAME + args);
      }
      return read(Sql.string(c, "EXPLAIN (ANALYZE, SUMMARY, FORMAT JSON) EXECUTE " + NAME + args));
    } finally {
      Sql.exec(c, "DEALLOCATE " + NAME, "RESET plan_cache_mode");
    }
  }

  private static Sample read(String json) throws SQLException {
    try {
      JsonNode root = JSON.readTree(json).get(0);
      return new Sample(root.path("Planning Time").asDouble(Double.NaN), root.path("Execution Time").asDouble(Double.NaN));
    } catch (IOException e) {
      throw new SQLException("unreadable EXPLAIN output: " + e.getMessage(), e);
    }
  }
}
