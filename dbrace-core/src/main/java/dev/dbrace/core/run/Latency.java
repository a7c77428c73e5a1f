package dev.dbrace.core.run;

import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds. */
public record Latency(double p50, double p90, double p99, double p999, double max, double mean) {

  /** From a histogram of nanoseconds; all zeros when it is empty. */
  public static Latency of(Histogram h) {
    return of(h, h);
  }

  /**
   * The percentiles and max of {@code ranked}, the mean of {@code averaged} (nanoseconds; zeros where empty): a
   * latency whose percentiles rank operations that have no latency of their own (unfinished, refused) while its mean
   * is the verified operations' alone.
   */
  public static Latency of(Histogram ranked, Histogram averaged) {
    double mean = averaged.getTotalCount() == 0 ? 0 : Math.round(averaged.getMean() / 1e3) / 1e3;
    if (ranked.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, mean);
    }
    return new Latency(
        ms(ranked.getValueAtPercentile(50)),
        ms(ranked.getValueAtPercentile(90)),
        ms(ranked.getValueAtPercentile(99)),
        ms(ranked.getValueAtPercentile(99.9)),
        ms(ranked.getMaxValue()),
        mean);
  }

  /**
   * {@code measured} (ns) with {@code refused} arrivals ranked as the worst operations, at {@code worstNs}
   * (the open loop's arrivals refused at its in-flight limit: one that was never sent is worse than
   * any that was answered). {@code measured} itself when nothing was refused or {@code worstNs} is not
   * positive (nothing was measured to rank them by); else a copy, which grows to hold {@code worstNs}.
   */
  public static Histogram refusedAsWorst(Histogram measured, long refused, long worstNs) {
    if (refused == 0 || worstNs <= 0) {
      return measured;
    }
    Histogram h = measured.copy();
    h.setAutoResize(true);
    h.recordValueWithCount(worstNs, refused);
    return h;
  }

  private static double ms(long nanos) {
    return Math.round(nanos / 1e3) / 1e3;
  }
}
