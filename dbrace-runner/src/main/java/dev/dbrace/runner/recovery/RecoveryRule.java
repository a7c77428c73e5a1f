package dev.dbrace.runner.recovery;

import dev.dbrace.runner.recovery.IntervalSeries.Slice;
import java.util.List;

/**
 * When an interval counts as recovered from a disturbance (a spike, a fault), judged against the
 * undisturbed intervals before it, the baseline: its p99 ({@link Slice#p99Ms}, arrivals not issued ranked
 * as the worst) is at or under the recovery limit, the larger of {@value #FACTOR}x the baseline's p99 and
 * it + {@value #FLOOR_MS} ms (the floor keeps sub-millisecond jitter from counting as not recovered),
 * <i>and</i> it drops no larger a share of what was due in it (errors and arrivals not issued, over those
 * and its completions) than the baseline did: none, where that dropped none. A stack that sheds load by
 * refusing arrivals, or that fails fast, answers the few it completes fast: its p99 alone would say it
 * never slowed. The baseline's share rather than a flat none, so a stack with a steady trickle of errors
 * can recover; the shares are compared by cross-multiplying the integer counts. Where counts are
 * missing (no counts file), latency alone decides. An interval in which nothing completed and nothing
 * was refused never counts as recovered. Immutable.
 *
 * @param baselineP99Ms the baseline's p99, ms; null when it had none (no interval, or nothing in them): then
 *     no interval counts as recovered
 * @param counted whether every baseline interval has counts
 * @param droppedBefore errors and arrivals not issued in the baseline
 * @param dueBefore completions, errors and arrivals not issued in the baseline
 * @param worstNs where arrivals not issued rank: the run's slowest latency ({@link IntervalSeries#worstNs})
 */
public record RecoveryRule(Double baselineP99Ms, boolean counted, long droppedBefore, long dueBefore, long worstNs) {
  /** The recovery limit: this many times the baseline's p99 ... */
  public static final double FACTOR = 1.5;
  /** ... or the baseline's p99 plus this many ms, whichever is larger. */
  public static final double FLOOR_MS = 1.0;

  /** The rule whose baseline is {@code before}, the undisturbed intervals, of a run whose slowest latency is {@code worstNs}. */
  public static RecoveryRule after(List<Slice> before, long worstNs) {
    long dropped = 0;
    long due = 0;
    boolean counted = true;
    for (Slice s : before) {
      counted &= s.errors() != null;
      dropped += s.dropped();
      due += s.due();
    }
    return new RecoveryRule(IntervalSeries.p99Ms(before, worstNs), counted, dropped, due, worstNs);
  }

  /**
   * The p99 an interval must stay at or under to count as recovered from a disturbance whose undisturbed
   * p99 was {@code baselineMs}: the larger of {@value #FACTOR}x it and it + {@value #FLOOR_MS} ms.
   */
  public static double limitMs(double baselineMs) {
    return Math.max(FACTOR * baselineMs, baselineMs + FLOOR_MS);
  }

  /** {@link #limitMs(double)} of this baseline; null without one. */
  public Double limitMs() {
    return baselineP99Ms == null ? null : limitMs(baselineP99Ms);
  }

  /** Whether {@code s} counts as recovered. */
  public boolean recoveredIn(Slice s) {
    if (baselineP99Ms == null) {
      return false;
    }
    Double p99 = s.p99Ms(worstNs);
    boolean withinDrops = !counted || s.errors() == null || s.dropped() * dueBefore <= droppedBefore * s.due();
    return p99 != null && p99 <= limitMs(baselineP99Ms) && withinDrops;
  }
}
