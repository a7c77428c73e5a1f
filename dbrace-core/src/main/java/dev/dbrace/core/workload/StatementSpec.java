package dev.dbrace.core.workload;

import java.util.List;

/**
 * One statement of an operation, as data.
 *
 * @param sql SQL text with {@code $1, $2 ...} placeholders
 * @param params one generator per placeholder
 * @param rows the exact number of rows every execution must return
 * @param checks checks applied to every returned row
 */
public record StatementSpec(String sql, List<ParamGen> params, int rows, List<ColumnCheck> checks) {
  public StatementSpec {
    params = List.copyOf(params);
    checks = List.copyOf(checks);
    if (rows < 0) {
      throw new IllegalArgumentException("rows must be >= 0");
    }
  }
}
