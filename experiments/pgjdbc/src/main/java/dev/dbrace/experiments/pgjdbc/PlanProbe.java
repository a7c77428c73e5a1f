package dev.dbrace.experiments.pgjdbc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's own view of a parameterized query's two plans: it PREPAREs the query on a
 * connection of its own and runs {@code EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE} once with
 * {@code plan_cache_mode = force_generic_plan} and once with {@code force_custom_plan}, so the
 * generic plan the plan cache may switch to is seen with what it costs on real data.
 */
final class PlanProbe {
  /** One executed plan: its shape (node types and indexes), buffers touched and server time. */
  record Plan(String shape, long buffers, double executionMs) {}

  record Pair(Plan generic, Plan custom) {
    boolean sameShape() {
      return generic.shape().equals(custom.shape());
    }
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  private PlanProbe() {}

  /**
   * @param sqlWithDollarParams the query with $1, $2 ... and {@code types} their SQL types
   * @param args the literal arguments of EXECUTE
   */
  static Pair probe(Connection c, String sqlWithDollarParams, String types, String args) throws SQLException {
    Sql.exec(c, "DEALLOCATE ALL", "PREPARE dbrace_probe(" + types + ") AS " + sqlWithDollarParams);
    try {
      return new Pair(explain(c, "force_generic_plan", args), explain(c, "force_custom_plan", args));
    } finally {
      Sql.exec(c, "DEALLOCATE dbrace_probe", "RESET plan_cache_mode");
    }
  }

  private static Plan explain(Connection c, String mode, String args) throws SQLException {
    Sql.exec(c, "SET plan_cache_mode = " + mode);
    String json = Sql.string(c, "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) EXECUTE dbrace_probe(" + args + ")");
    try {
      JsonNode root = JSON.readTree(json).get(0);
      JsonNode plan = root.get("Plan");
      List<String> nodes = new ArrayList<>();
      shape(plan, nodes);
      long buffers = plan.path("Shared Hit Blocks").asLong() + plan.path("Shared Read Blocks").asLong();
      return new Plan(String.join(" > ", nodes), buffers, root.path("Execution Time").asDouble());
    } catch (IOException e) {
      throw new SQLException("unreadable EXPLAIN output: " + e.getMessage(), e);
    }
  }

  private static void shape(JsonNode node, List<String> out) {
    String type = node.path("Node Type").asText();
    String index = node.path("Index Name").asText("");
    out.add(index.isEmpty() ? type : type + " on " + index);
    for (JsonNode child : node.path("Plans")) {
      shape(child, out);
    }
  }
}
