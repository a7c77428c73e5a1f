package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.ExperimentContext;
import java.util.Arrays;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Formatting of figures exactly as the pgjdbc parts do it (their {@code Numbers} is package-private
 * in another module), so merged tables read alike, and the prior part's facts read back.
 */
final class Numbers {
  private Numbers() {}

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

  /** The p-th percentile (nearest rank), as ProtocolExperiment computes it. */
  static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /** A numeric fact of the part run before this one, if it was run and reported it (JSON gives Integer, Long or Double). */
  static OptionalDouble priorFact(ExperimentContext ctx, String key) {
    return ctx.prior().map(r -> r.facts().get(key)).filter(Number.class::isInstance)
        .map(v -> OptionalDouble.of(((Number) v).doubleValue())).orElse(OptionalDouble.empty());
  }

  /** A label as a fact key, the way the pgjdbc reports derive theirs. */
  static String key(String label) {
    return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
  }
}
