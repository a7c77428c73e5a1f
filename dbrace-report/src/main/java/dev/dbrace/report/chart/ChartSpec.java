package dev.dbrace.report.chart;

import java.util.List;

/**
 * One chart, as data: what the page's script hands to Chart.js. Built in Java so what a chart
 * shows is decided (and tested) here; the script only translates it. Serialised into the page's
 * JSON blob, snake_case like race.json.
 *
 * @param id the canvas id, unique in the page
 * @param type {@code line} or {@code bar}
 * @param labels the categories of a bar chart; null for a line chart (points carry x)
 * @param stacked bars of a series with the same {@link Series#stack} are stacked
 * @param horizontal bars run left to right (categories on the y axis)
 * @param height in CSS pixels: tall enough for the number of categories
 */
public record ChartSpec(
    String id,
    String title,
    String note,
    String type,
    Axis x,
    Axis y,
    List<String> labels,
    List<Series> series,
    boolean stacked,
    boolean horizontal,
    int height) {

  static final int HEIGHT = 340;

  /**
   * @param scale {@code linear}, {@code log}, {@code category}, or {@code percentile}: a log
   *     axis of 1/(1-p) labelled 50 %, 90 %, 99 %, 99.9 % ... (HdrHistogram's usual plot)
   */
  public record Axis(String title, String scale) {
    public static Axis linear(String title) {
      return new Axis(title, "linear");
    }

    public static Axis log(String title) {
      return new Axis(title, "log");
    }

    static Axis category(String title) {
      return new Axis(title, "category");
    }
  }

  /**
   * One line or one set of bars.
   *
   * @param data numbers (bars, one per label, null for none) or {@link Point}s (lines)
   * @param colors one colour per bar, when bars of one series differ (null otherwise)
   * @param stack the group this series stacks in (null: not stacked)
   * @param fill a line whose area down to 0 is filled, pale: a shaded time window
   */
  public record Series(String label, String color, List<String> colors, List<?> data, boolean dashed, String stack,
      boolean fill) {
    public Series(String label, String color, List<String> colors, List<?> data, boolean dashed, String stack) {
      this(label, color, colors, data, dashed, stack, false);
    }

    public static Series line(String label, String color, List<Point> points, boolean dashed) {
      return new Series(label, color, null, points, dashed, null);
    }

    /** A shaded box from {@code from} to {@code to} on the x axis, {@code top} high. */
    public static Series band(String label, String color, double from, double to, double top) {
      return new Series(label, color, null, List.of(new Point(from, 0), new Point(from, top), new Point(to, top),
          new Point(to, 0)), false, null, true);
    }

    public static Series bars(String label, String color, List<Double> values) {
      return new Series(label, color, null, values, false, null);
    }
  }

  public record Point(double x, double y) {}

  public static ChartSpec lines(String id, String title, String note, Axis x, Axis y, List<Series> series) {
    return new ChartSpec(id, title, note, "line", x, y, null, series, false, false, HEIGHT);
  }

  static ChartSpec bars(String id, String title, String note, Axis x, Axis y, List<String> labels,
      List<Series> series, boolean stacked) {
    return new ChartSpec(id, title, note, "bar", x, y, labels, series, stacked, false, HEIGHT);
  }

  /** Bars left to right, one row per label: for long category names (stack names, runs). */
  public static ChartSpec barsAcross(String id, String title, String note, Axis value, List<String> labels,
      List<Series> series, boolean stacked) {
    int rows = labels.size() * (stacked ? 1 : Math.max(1, series.size()));
    int height = Math.max(160, Math.min(900, 90 + rows * 26));
    return new ChartSpec(id, title, note, "bar", value, Axis.category(null), labels, series, stacked, true, height);
  }
}
