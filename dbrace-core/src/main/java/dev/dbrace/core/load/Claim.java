package dev.dbrace.core.load;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The claim on an operation in flight, kept in its slot of an {@link AtomicLongArray}: the operation's start while it
 * is in flight; {@link #DONE} once its completion took it, until recorded; {@link #CUT} once the cut-off (the end of
 * the drain) took it as unfinished; {@link #IDLE} when free. Its completion and the cut-off race for it, each with one
 * compare-and-set, so exactly one counts it: a completion that finds {@code CUT} records nothing in its phase (its
 * driver sends it to a phase nobody reads), where it once counted the operation a second time, verified, after the
 * cut-off had counted it unfinished; and the cut-off waits for the completions that won ({@link #awaitRecorded}), so
 * that what is read after it counts each operation once.
 */
final class Claim {
  /** A free slot. No start is one of these values: nanoTime would have to land on the lowest longs. */
  static final long IDLE = Long.MIN_VALUE;
  /** An operation the cut-off counted unfinished; its completion, if it comes, frees the slot. */
  static final long CUT = Long.MIN_VALUE + 1;
  /** An operation its completion claimed and is recording. */
  static final long DONE = Long.MIN_VALUE + 2;
  /** How long the cut-off waits for a completion it lost to: recording takes microseconds, a preempted thread longer. */
  private static final long RECORDED_WITHIN_NANOS = TimeUnit.SECONDS.toNanos(1);

  private Claim() {}

  /**
   * The completion's claim on the operation that started at {@code start} in slot {@code i}: 1 when the cut-off had
   * claimed it first, else 0, and the slot is {@code DONE} until {@link #free}. Arithmetic, not a branch: the
   * cut-off's way is never taken while the JIT compiles the completion during warm-up, and a branch it saw never taken
   * would be compiled as a trap (see ClosedLoop's IssueWindow).
   */
  static int take(AtomicLongArray slots, int i, long start) {
    long d = slots.compareAndExchange(i, start, DONE) ^ CUT;
    return (int) (((d - 1) & ~d) >>> 63); // 1 exactly when the slot held CUT
  }

  /** Frees slot {@code i} once its completion is recorded (or found it cut). */
  static void free(AtomicLongArray slots, int i) {
    slots.lazySet(i, IDLE);
  }

  /**
   * The cut-off's claim on the operation in slot {@code i}, after any completion that took it first was recorded: its
   * start (nanoTime) when the cut-off took it, else {@link #IDLE}.
   */
  static long cut(AtomicLongArray slots, int i) {
    long deadline = System.nanoTime() + RECORDED_WITHIN_NANOS;
    long v = slots.get(i);
    while (v == DONE && System.nanoTime() - deadline < 0) {
      Thread.yield();
      v = slots.get(i);
    }
    return inFlight(v) && slots.compareAndSet(i, v, CUT) ? v : IDLE;
  }

  /** Whether a slot's value is an operation's start, not a free, done or cut slot. */
  static boolean inFlight(long value) {
    return value != IDLE && value != CUT && value != DONE;
  }
}
