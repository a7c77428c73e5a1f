package dev.dbrace.core.load;

import java.util.stream.LongStream;

/**
 * A phase's operations in flight at one moment: how many, and the oldest one's age then.
 *
 * @param count operations in flight
 * @param oldestAgeNanos the oldest one's age, ns: from its issue (closed loop) or its intended start (open loop); 0
 *     when none
 */
public record InFlight(long count, long oldestAgeNanos) {
  /** Nothing in flight, or not looked at (before the moment came). */
  public static final InFlight NONE = new InFlight(0, 0);

  /** From the starts (nanoTime) of the operations in flight at {@code nowNanos}. */
  static InFlight of(LongStream starts, long nowNanos) {
    var s = starts.summaryStatistics();
    return s.getCount() == 0 ? NONE : new InFlight(s.getCount(), Math.max(0, nowNanos - s.getMin()));
  }
}
