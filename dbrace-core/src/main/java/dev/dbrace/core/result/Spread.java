package dev.dbrace.core.result;

import java.util.Arrays;
import java.util.Collection;

/**
 * One figure over a race's rounds: the median (what tables and verdicts quote) and the range
 * (min to max), whose overlap with another stack's range says the difference between them is
 * within the run-to-run noise. With one round the range is that round's figure alone.
 *
 * @param n how many rounds the figure comes from
 */
public record Spread(double median, double min, double max, int n) {

  /** The spread of {@code values}; none may be NaN, and there must be at least one. */
  public static Spread of(Collection<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a spread of no values");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return new Spread(median, v[0], v[n - 1], n);
  }

  /** The same for an array. */
  public static Spread of(double... values) {
    return of(Arrays.stream(values).boxed().toList());
  }

  /** Whether the two ranges share any value (touching ends count: neither is clearly above the other). */
  public boolean overlaps(Spread other) {
    return min <= other.max && other.min <= max;
  }
}
