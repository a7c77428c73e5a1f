package dev.dbrace.core.workload;

import java.util.List;

/**
 * One kind of operation in a workload's mix.
 *
 * @param name short name, shown in errors
 * @param weight relative frequency in the mix (> 0)
 * @param repeat how many times the statement list runs per operation (queries-20 runs one
 *     point select 20 times, each with its own parameter)
 * @param statements the statements, run in order
 * @param transaction whether the statements run in one database transaction (committed at the
 *     end, rolled back on an error); else each is its own (autocommit)
 */
public record OperationSpec(String name, int weight, int repeat, List<StatementSpec> statements, boolean transaction) {
  public OperationSpec {
    statements = List.copyOf(statements);
    if (weight <= 0 || repeat <= 0 || statements.isEmpty()) {
      throw new IllegalArgumentException(name + ": weight and repeat must be > 0, statements non-empty");
    }
  }

  /** An operation whose statements each commit on their own. */
  public OperationSpec(String name, int weight, int repeat, List<StatementSpec> statements) {
    this(name, weight, repeat, statements, false);
  }

  /** Statements executed per operation. */
  public int statementCount() {
    return repeat * statements.size();
  }
}
