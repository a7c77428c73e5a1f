package dev.dbrace.core.workload;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import java.util.List;

/** Checks an operation's result against its workload's expectations. Stateless, thread-safe. */
public final class Verifier {
  private final WorkloadSpec workload;

  public Verifier(WorkloadSpec workload) {
    this.workload = workload;
  }

  /** Null when every statement returned what was expected, else the first problem found. */
  public String check(Operation op, OpResult result) {
    OperationSpec spec = workload.mix().get(op.kind());
    if (result == null || result.rows() == null) {
      return spec.name() + ": no result";
    }
    if (result.rows().size() != op.statements().size()) {
      return spec.name() + ": " + result.rows().size() + " statement results, expected "
          + op.statements().size();
    }
    int perRepeat = spec.statements().size();
    for (int i = 0; i < op.statements().size(); i++) {
      StatementSpec s = spec.statements().get(i % perRepeat);
      List<Object[]> rows = result.rows().get(i);
      // a statement without a result set (UPDATE, INSERT ...) is held to its update count
      long[] counts = result.updateCounts();
      boolean changed = rows.isEmpty() && counts != null && i < counts.length && counts[i] > 0;
      long count = changed ? counts[i] : rows.size();
      if (!s.rowsOk(count)) {
        return spec.name() + ": statement " + (i + 1) + (changed ? " changed " : " returned ") + count
            + " rows, expected " + s.describeRows();
      }
      Object[] params = op.statements().get(i).params();
      for (Object[] row : rows) {
        for (ColumnCheck c : s.checks()) {
          if (c.column() >= row.length) {
            return spec.name() + ": statement " + (i + 1) + " has no column " + c.column();
          }
          String problem = c.check(row[c.column()], params);
          if (problem != null) {
            return spec.name() + ": statement " + (i + 1) + ": " + problem;
          }
        }
      }
    }
    return null;
  }
}
