package dev.dbrace.experiments.pgjdbc;

import java.util.List;
import java.util.Locale;

/** Medians and the formatting of figures in tables and findings. */
final class Numbers {
  private Numbers() {}

  /** The median, or NaN for no values. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** Milliseconds with three significant digits (0.0412, 1.23, 45.6, 789). */
  static String ms(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
  }

  /** A ratio like 12.3x (two significant digits below 10). */
  static String ratio(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, v >= 10 ? "%.0fx" : "%.1fx", v);
  }

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }
}
