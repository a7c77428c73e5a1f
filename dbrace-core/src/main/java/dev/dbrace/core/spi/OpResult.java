package dev.dbrace.core.spi;

import java.util.List;

/**
 * What the database returned for one operation: for each statement, its rows, each row its
 * column values as the driver decoded them (Integer, Long, String, ...). Update statements give
 * an empty row list and their update count.
 *
 * @param statementsSent the statements the stack actually sent to the server for this operation:
 *     one per statement, unless the stack answered some without the server (an ORM's session
 *     serving an entity it already loaded); the client's count set against pg_stat_statements
 * @param sentNanos {@link System#nanoTime()} when the stack's first request actually left for the
 *     server (the HTTP generator: when a connection took it, after any wait for a free one); 0 when
 *     the stack does not tell, and the operation's service time then starts when it was handed over
 * @param firstItemNanos {@link System#nanoTime()} when the first complete item of the answer arrived
 *     (the HTTP generator: the first full line of a streamed NDJSON answer); {@link #FIRST_ITEM_AT_END}
 *     when it came with the answer's last byte (a buffered answer), so its time is the operation's
 *     latency itself; 0 when the stack does not tell (every driver-level stack: a result set has no
 *     "first item" apart from its end)
 */
public record OpResult(List<List<Object[]>> rows, long[] updateCounts, int statementsSent, long sentNanos,
    long firstItemNanos) {
  /** {@link #firstItemNanos}: the first item arrived with the last byte (a buffered answer). */
  public static final long FIRST_ITEM_AT_END = Long.MAX_VALUE;

  /** A result whose every statement was sent, timed from the hand-over. */
  public OpResult(List<List<Object[]>> rows, long[] updateCounts) {
    this(rows, updateCounts, rows.size(), 0, 0);
  }

  public static OpResult ofRows(List<List<Object[]>> rows) {
    return new OpResult(rows, new long[rows.size()]);
  }

  /** The same result, of which only {@code n} statements reached the server. */
  public OpResult withStatementsSent(int n) {
    return new OpResult(rows, updateCounts, n, sentNanos, firstItemNanos);
  }

  /** The same result, its first request sent at {@code nanos} (System.nanoTime()). */
  public OpResult sentAt(long nanos) {
    return new OpResult(rows, updateCounts, statementsSent, nanos, firstItemNanos);
  }

  /** The same result, its first item arrived at {@code nanos} (System.nanoTime(), or {@link #FIRST_ITEM_AT_END}). */
  public OpResult firstItemAt(long nanos) {
    return new OpResult(rows, updateCounts, statementsSent, sentNanos, nanos);
  }
}
