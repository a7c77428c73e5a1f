package dev.dbrace.core.load;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * The measured phase's rate window: how many verified operations completed within
 * {@code [start, start + length]}, whichever phase issued them. A run's throughput is that count
 * over the window's length, so neither the operations still in flight when the window closes (a
 * closed loop's last wave: about the tail latency over the duration) nor one that never completes
 * (which would stretch the span to the drain timeout) bends it: operations in flight at the window's start complete
 * inside it, those in flight at its end outside, and in a steady run the two balance.
 *
 * <p>{@link #completed} is called on every completion, on every completing thread, during warm-up
 * too: it tests the window with arithmetic instead of a branch, so the JIT compiles the same code
 * for both phases (see ClosedLoop's IssueWindow for what a branch never taken in warm-up costs).
 */
final class RateWindow {
  /** 73 years: "never" in nanoTime arithmetic. */
  static final long FAR_NANOS = Long.MAX_VALUE / 4;

  private final LongAdder inside = new LongAdder();
  /** Completions inside the window that the load driver counted itself (a closed loop's, per user: see {@link #inside}). */
  private final LongSupplier insideElsewhere;
  private volatile long start;
  private volatile long end;
  private volatile long lengthNanos = FAR_NANOS;
  private volatile long stoppedAt; // 0: not stopped before the window's end

  /** Completions counted by {@link #completed} only: the open loop's way. */
  RateWindow() {
    this(() -> 0);
  }

  /** {@code insideElsewhere}: completions the load driver counts itself with {@link #inside}, added to the count. */
  RateWindow(LongSupplier insideElsewhere) {
    this.insideElsewhere = insideElsewhere;
    long never = System.nanoTime() + FAR_NANOS;
    start = never;
    end = never;
  }

  /** Opens the window at {@code startNanos} for {@code lengthNanos} (capped at {@link #FAR_NANOS}). */
  void open(long startNanos, long lengthNanos) {
    this.lengthNanos = Math.min(lengthNanos, FAR_NANOS);
    end = startNanos + this.lengthNanos; // end first: a reader never pairs the new start with the old end
    start = startNanos;
  }

  /** Issuing stopped at {@code nowNanos} (the runner's stop, Ctrl-C); before the window's end, the window ends there. */
  void stopped(long nowNanos) {
    if (stoppedAt == 0 && nowNanos - end < 0) {
      stoppedAt = nowNanos;
    }
  }

  /** Whether the window ran its full, finite length: then its rate is completions inside it over its length. */
  private boolean full() {
    return lengthNanos < FAR_NANOS && stoppedAt == 0;
  }

  /**
   * The rate window's length once the run is over: the measured duration when it ran in full;
   * otherwise (an execution count, or stopped early) up to the last verified completion of the
   * measured phase, or {@code endNanos} when there was none.
   */
  double seconds(PhaseStats measured, long endNanos) {
    if (full()) {
      return lengthNanos / 1e9;
    }
    long last = measured.lastOkNanos();
    long until = last == Long.MIN_VALUE ? endNanos : last;
    return Math.max(0, until - start) / 1e9;
  }

  /** Verified operations per second over {@link #seconds}. */
  double throughput(PhaseStats measured, long endNanos) {
    double s = seconds(measured, endNanos);
    if (s <= 0) {
      return 0;
    }
    return (full() ? count() : measured.ok()) / s;
  }

  /** A verified operation completed at {@code nowNanos}. */
  void completed(long nowNanos) {
    inside.add(inside(nowNanos));
  }

  /** 1 when {@code nowNanos} lies inside the window, else 0: for a driver that counts its completions itself. */
  long inside(long nowNanos) {
    // 1 exactly when start <= now <= end: the sign bits of now - start and end - now, both clear
    return (~(nowNanos - start) >>> 63) & (~(end - nowNanos) >>> 63);
  }

  /** Verified completions inside the window so far. */
  long count() {
    return inside.sum() + insideElsewhere.getAsLong();
  }
}
