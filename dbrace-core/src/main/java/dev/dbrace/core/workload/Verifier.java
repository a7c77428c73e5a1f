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
      if (rows.size() != s.rows()) {
        return spec.name() + ": statement " + (i + 1) + " returned " + rows.size() + " rows, expected " + s.rows();
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
