package dev.dbrace.core.run;

import org.HdrHistogram.Histogram;

/** Latency percentiles in milliseconds. */
public record Latency(double p50, double p90, double p99, double p999, double max, double mean) {

  /** From a histogram of nanoseconds; all zeros when it is empty. */
  public static Latency of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0);
    }
    return new Latency(
        ms(h.getValueAtPercentile(50)),
        ms(h.getValueAtPercentile(90)),
        ms(h.getValueAtPercentile(99)),
        ms(h.getValueAtPercentile(99.9)),
        ms(h.getMaxValue()),
        Math.round(h.getMean() / 1e3) / 1e3);
  }

  private static double ms(long nanos) {
    return Math.round(nanos / 1e3) / 1e3;
  }
}
