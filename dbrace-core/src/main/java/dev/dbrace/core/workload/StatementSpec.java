package dev.dbrace.core.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One statement of an operation, as data.
 *
 * @param sql SQL text with {@code $1, $2 ...} placeholders
 * @param params one generator per placeholder
 * @param minRows the fewest rows every execution must return; for a statement without a result
 *     set (INSERT, UPDATE, DELETE) the rows it changed, its update count
 * @param maxRows the most rows, likewise
 * @param checks checks applied to every returned row
 */
public record StatementSpec(String sql, List<ParamGen> params, long minRows, long maxRows, List<ColumnCheck> checks) {
  public StatementSpec {
    params = List.copyOf(params);
    checks = List.copyOf(checks);
    if (minRows < 0 || maxRows < minRows) {
      throw new IllegalArgumentException("rows must be 0 <= min <= max, got " + minRows + ".." + maxRows);
    }
  }

  /** A statement that must return exactly {@code rows} rows. */
  public StatementSpec(String sql, List<ParamGen> params, int rows, List<ColumnCheck> checks) {
    this(sql, params, rows, rows, checks);
  }

  /** Reads both forms: results written before row ranges hold one exact {@code rows}. */
  @JsonCreator
  static StatementSpec fromJson(@JsonProperty("sql") String sql, @JsonProperty("params") List<ParamGen> params,
      @JsonProperty("rows") Long rows, @JsonProperty("min_rows") Long minRows, @JsonProperty("max_rows") Long maxRows,
      @JsonProperty("checks") List<ColumnCheck> checks) {
    long min = minRows != null ? minRows : rows != null ? rows : 0;
    long max = maxRows != null ? maxRows : rows != null ? rows : Long.MAX_VALUE;
    return new StatementSpec(sql, params == null ? List.of() : params, min, max, checks == null ? List.of() : checks);
  }

  /** Whether {@code count} rows meet the expectation. */
  public boolean rowsOk(long count) {
    return count >= minRows && count <= maxRows;
  }

  /** The expectation as text: {@code 1}, {@code 0..10}, {@code >= 1}, {@code any}. */
  public String describeRows() {
    if (minRows == maxRows) {
      return Long.toString(minRows);
    }
    if (maxRows == Long.MAX_VALUE) {
      return minRows == 0 ? "any" : ">= " + minRows;
    }
    return minRows + ".." + maxRows;
  }
}
