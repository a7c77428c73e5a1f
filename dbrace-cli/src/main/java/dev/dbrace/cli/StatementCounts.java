package dev.dbrace.cli;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The server's own count of executions of a workload's statements, from pg_stat_statements.
 * Matching is on normalized text (placeholders and numbers become {@code ?}), because the
 * extension stores literals as {@code $n} and drivers differ in how they send parameters.
 */
final class StatementCounts {
  private StatementCounts() {}

  /** Sum of calls of the given statements in the current database; null without the extension. */
  static Long calls(Connection c, List<String> sqlTexts) {
    Set<String> wanted = sqlTexts.stream().map(StatementCounts::normalize).collect(Collectors.toSet());
    String q = "SELECT query, calls FROM pg_stat_statements WHERE dbid = "
        + "(SELECT oid FROM pg_database WHERE datname = current_database())";
    try (var st = c.createStatement(); ResultSet rs = st.executeQuery(q)) {
      long sum = 0;
      while (rs.next()) {
        if (wanted.contains(normalize(rs.getString(1)))) {
          sum += rs.getLong(2);
        }
      }
      return sum;
    } catch (SQLException e) {
      return null;
    }
  }

  static String normalize(String sql) {
    return sql.toLowerCase(Locale.ROOT)
        .replaceAll("\\$\\d+", "?")
        .replaceAll("\\b\\d+(\\.\\d+)?\\b", "?")
        .replaceAll("\\s+", " ")
        .trim();
  }
}
