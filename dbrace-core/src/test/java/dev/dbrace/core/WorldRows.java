package dev.dbrace.core;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import java.util.ArrayList;
import java.util.List;

/** Answers point selects the way the world table would, for in-memory stacks that test the load generator. */
final class WorldRows {
  private WorldRows() {}

  /** The rows the database would return: one {@code (id, randomnumber)} row per statement. */
  static OpResult answer(Operation op) {
    return answer(op, false);
  }

  /** As {@link #answer(Operation)}, but every 10th operation (by index) wrongly gets no rows when asked to lie. */
  static OpResult answer(Operation op, boolean lieSometimes) {
    List<List<Object[]>> all = new ArrayList<>();
    for (var st : op.statements()) {
      int id = (Integer) st.params()[0];
      boolean lie = lieSometimes && op.index() % 10 == 0;
      all.add(lie ? List.of() : List.<Object[]>of(new Object[] {id, 1 + id % 10_000}));
    }
    return OpResult.ofRows(all);
  }
}
