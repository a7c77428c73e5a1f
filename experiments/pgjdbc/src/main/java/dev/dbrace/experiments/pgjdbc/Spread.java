package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import java.util.List;
import java.util.function.DoubleFunction;

/** A figure over the iterations of one point: median, lowest, highest, and how many iterations gave it. */
record Spread(double median, double min, double max, int n) {
  static Spread of(List<Double> values) {
    List<Double> ok = values.stream().filter(v -> !Double.isNaN(v)).toList();
    if (ok.isEmpty()) {
      return new Spread(Double.NaN, Double.NaN, Double.NaN, 0);
    }
    return new Spread(Figures.median(ok), ok.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
        ok.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), ok.size());
  }

  /** Whether either range holds a value of the other: their order is not established by these iterations. */
  boolean overlaps(Spread o) {
    return n > 0 && o.n > 0 && min <= o.max && o.min <= max;
  }

  /** "1.23 (1.10-1.40)", or the lone value for one iteration. */
  String text(DoubleFunction<String> format) {
    if (n == 0) {
      return "-";
    }
    return n == 1 ? format.apply(median) : format.apply(median) + " (" + format.apply(min) + "-" + format.apply(max) + ")";
  }

  String ms() {
    return text(Figures::ms);
  }

  String count() {
    return text(v -> Figures.count(Math.round(v)));
  }

  /**
   * One sentence on two points' figures: within each other's range (so the iterations do not order them), or
   * where the ranges part. {@code unit} follows each figure.
   */
  static String compare(String a, Spread sa, String b, Spread sb, DoubleFunction<String> format, String unit) {
    String ra = format.apply(sa.min) + "-" + format.apply(sa.max);
    String rb = format.apply(sb.min) + "-" + format.apply(sb.max);
    if (sa.n < 2 || sb.n < 2) {
      return a + " and " + b + " were measured once each, so there is no range to compare (" + format.apply(sa.median)
          + " vs " + format.apply(sb.median) + " " + unit + ").";
    }
    if (sa.overlaps(sb)) {
      return a + " and " + b + " are within each other's range (" + ra + " vs " + rb + " " + unit + " over "
          + Math.min(sa.n, sb.n) + " iterations): these runs do not tell them apart.";
    }
    return a + " and " + b + " are apart beyond their ranges (" + ra + " vs " + rb + " " + unit + " over "
        + Math.min(sa.n, sb.n) + " iterations).";
  }
}
