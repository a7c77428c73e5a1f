package dev.dbrace.db.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.postgresql.core.BaseStatement;
import org.postgresql.core.QueryExecutor;

/**
 * The server's own count of executions of a workload's statements, from pg_stat_statements.
 *
 * <p>A statement is matched by its query identifier where the server can tell it (PostgreSQL 16+,
 * {@code EXPLAIN (VERBOSE, GENERIC_PLAN)}), else by normalized text (placeholders and numbers
 * become {@code ?}). The identifier matters for stacks that render the workload's SQL in their own
 * words: Hibernate's {@code select w1_0.id,w1_0.randomnumber from world w1_0 where w1_0.id=$1} is
 * the same statement as {@code SELECT id, randomnumber FROM world WHERE id = $1} and
 * pg_stat_statements counts both under one entry, but the text stored for it is whichever came
 * first, so text alone would count them or not depending on which stack ran first.
 *
 * <p>The identifier also depends on the types a client binds: a JDBC stack binding a Java int to a
 * bigint column is another entry than the explained statement (whose {@code $1} the server typed
 * as bigint). Text matching catches those, with the literals pg_stat_statements replaces by
 * {@code $n} (numbers, strings, true/false/null) normalized on both sides.
 */
public final class StatementCounts {
  private static final Pattern QUERY_ID = Pattern.compile("Query Identifier: (-?\\d+)");

  private StatementCounts() {}

  /** Sum of calls of the given statements in the current database; null without the extension. */
  public static Long calls(Connection c, List<String> sqlTexts) {
    Set<String> wanted = sqlTexts.stream().map(StatementCounts::normalize).collect(Collectors.toSet());
    Set<Long> ids = queryIds(c, Set.copyOf(sqlTexts));
    String q = "SELECT queryid, query, calls FROM pg_stat_statements WHERE dbid = "
        + "(SELECT oid FROM pg_database WHERE datname = current_database())";
    try (var st = c.createStatement(); ResultSet rs = st.executeQuery(q)) {
      long sum = 0;
      while (rs.next()) {
        if (ids.contains(rs.getLong(1)) || wanted.contains(normalize(rs.getString(2)))) {
          sum += rs.getLong(3);
        }
      }
      return sum;
    } catch (SQLException e) {
      return null;
    }
  }

  /**
   * The query identifiers of the statements the server can explain without running them; an
   * empty set on servers before 16 or with query ids off (text matching then does the work). The
   * explains run in one transaction that is rolled back, so the commits counted around a run stay
   * the run's own.
   */
  public static Set<Long> queryIds(Connection c, Set<String> sqlTexts) {
    Set<Long> ids = new HashSet<>();
    try {
      boolean autoCommit = c.getAutoCommit();
      c.setAutoCommit(false);
      try (var st = c.createStatement()) {
        for (String sql : sqlTexts) {
          st.execute("SAVEPOINT explain");
          try {
            // The simple query protocol: over the extended one the server would expect values for $n.
            st.unwrap(BaseStatement.class).executeWithFlags("EXPLAIN (VERBOSE, GENERIC_PLAN) " + sql,
                QueryExecutor.QUERY_EXECUTE_AS_SIMPLE);
          } catch (SQLException e) {
            // not explainable here (server before 16, not a plannable statement): text matching only
            st.execute("ROLLBACK TO SAVEPOINT explain");
            continue;
          }
          try (ResultSet rs = st.getResultSet()) {
            while (rs.next()) {
              Matcher m = QUERY_ID.matcher(rs.getString(1));
              if (m.find()) {
                ids.add(Long.parseLong(m.group(1)));
              }
            }
          }
        }
      } finally {
        c.rollback();
        c.setAutoCommit(autoCommit);
      }
    } catch (SQLException e) {
      return Set.of();
    }
    return ids;
  }

  static String normalize(String sql) {
    return sql.toLowerCase(Locale.ROOT)
        .replaceAll("\\$\\d+", "?")
        .replaceAll("'(?:[^']|'')*'", "?")
        .replaceAll("\\b(?:true|false|null)\\b", "?")
        .replaceAll("\\b\\d+(\\.\\d+)?\\b", "?")
        .replaceAll("\\s+", " ")
        .trim();
  }
}
