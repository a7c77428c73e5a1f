package dev.dbrace.core.spi;

import java.util.List;

/**
 * One unit of work: the statements a stack runs in order for one request.
 *
 * @param index position in the race's seeded sequence; every stack sees the same operation at
 *     the same index
 * @param kind which operation of the workload's mix this is (index into the mix)
 * @param statements the statements, executed sequentially
 * @param transactional whether the statements run in one transaction on one connection (begin,
 *     statements, commit; rollback on an error). Only stacks whose provider says
 *     {@link StackProvider#transactions()} get such operations.
 */
public record Operation(long index, int kind, List<Statement> statements, boolean transactional) {

  /** An operation whose statements run in autocommit mode. */
  public Operation(long index, int kind, List<Statement> statements) {
    this(index, kind, statements, false);
  }
}
