package dev.dbrace.core.experiment;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Medians, percentiles and the formatting of figures in experiments' tables and findings, shared by
 * every experiment module, so the parts of one experiment (pgjdbc, Vert.x, R2DBC) read alike when
 * their tables are merged, and a companion reads the facts of the parts before it the same way.
 */
public final class Figures {
  private Figures() {}

  /** The median, or NaN for no values. */
  public static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
  }

  /** The p-th percentile by nearest rank; {@code values} is not changed. */
  public static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** Milliseconds with three significant digits (0.0412, 1.23, 45.6, 789). */
  public static String ms(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
  }

  /** A ratio like 12.3x (two significant digits below 10); "-" when there is none. */
  public static String ratio(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(Locale.ROOT, v >= 10 ? "%.0fx" : "%.1fx", v);
  }

  /** A ratio with two significant digits, for small ones: 0.052x, 1.3x, 14x. */
  public static String ratio2(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "-";
    }
    return new BigDecimal(v).round(new MathContext(2)).stripTrailingZeros().toPlainString() + "x";
  }

  /** 12,345. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A label as a fact key: "extended, prepareThreshold=5 (default)" becomes extended_preparethreshold_5_default. */
  public static String key(String label) {
    return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
  }

  /** A numeric fact of the parts run before this one, if they reported it (JSON gives Integer, Long or Double). */
  public static OptionalDouble priorFact(ExperimentContext ctx, String key) {
    return ctx.prior().map(r -> r.facts().get(key)).filter(Number.class::isInstance)
        .map(v -> OptionalDouble.of(((Number) v).doubleValue())).orElse(OptionalDouble.empty());
  }
}
