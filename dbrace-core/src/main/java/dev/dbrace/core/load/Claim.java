package dev.dbrace.core.load;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The claim on an operation in flight, kept in its slot of an {@link AtomicLongArray}: the operation's start while it
 * is in flight, {@link #IDLE} once its completion took it, {@link #CUT} once the cut-off (the end of the drain) took it
 * as unfinished. Its completion and the cut-off race for it, each with one atomic operation, so exactly one counts it:
 * a completion that reads back {@code CUT} records nothing in its phase (its driver sends it to a phase nobody reads),
 * where it once counted the operation a second time, verified, after the cut-off had counted it unfinished.
 */
final class Claim {
  /** A free slot. No start is this value: nanoTime would have to land on Long.MIN_VALUE. */
  static final long IDLE = Long.MIN_VALUE;
  /** An operation the cut-off counted unfinished; its completion, if it comes, frees the slot. */
  static final long CUT = Long.MIN_VALUE + 1;

  private Claim() {}

  /**
   * The completion's claim on the operation in slot {@code i}, which it frees: 1 when the cut-off had claimed the
   * operation first, else 0. Arithmetic, not a branch: the cut-off's way is never taken while the JIT compiles the
   * completion during warm-up, and a branch it saw never taken would be compiled as a trap (see ClosedLoop's
   * IssueWindow).
   */
  static int release(AtomicLongArray slots, int i) {
    long d = slots.getAndSet(i, IDLE) ^ CUT;
    return (int) (((d - 1) & ~d) >>> 63); // 1 exactly when d == 0
  }

  /** The cut-off's claim on the operation that started at {@code start} in slot {@code i}; false when its completion came first. */
  static boolean cut(AtomicLongArray slots, int i, long start) {
    return inFlight(start) && slots.compareAndSet(i, start, CUT);
  }

  /** Whether a slot's value is an operation's start, not a free or cut slot. */
  static boolean inFlight(long value) {
    return value != IDLE && value != CUT;
  }
}
