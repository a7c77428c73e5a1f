package dev.dbrace.report.chart;

import dev.dbrace.report.chart.ChartSpec.Point;
import java.io.FileNotFoundException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's HdrHistogram interval log (nanoseconds), read back: the measured intervals summed,
 * the warm-up intervals (tagged {@code warmup}) left out, as the run's own figures do.
 */
final class LatencyLog {
  static final String WARMUP_TAG = "warmup";
  /** HdrHistogram's usual resolution for percentile plots: 5 steps per halving of 1-p. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;

  private LatencyLog() {}

  /** The measured phase's latencies; throws with a one-line reason when the log is unreadable. */
  static Histogram measured(Path hlog) throws IOException {
    Histogram total = new Histogram(3); // auto-resizing: no need to know the logged range
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      EncodableHistogram interval;
      while ((interval = reader.nextIntervalHistogram()) != null) {
        if (WARMUP_TAG.equals(interval.getTag())) {
          continue;
        }
        if (!(interval instanceof Histogram h)) {
          throw new IOException(hlog.getFileName() + " holds floating-point histograms, not latencies in ns");
        }
        total.add(h);
      }
    } catch (FileNotFoundException e) {
      throw new IOException(hlog + " is missing", e);
    } catch (RuntimeException e) { // the reader reports corrupt lines as unchecked exceptions
      throw new IOException(hlog.getFileName() + " is not a readable HdrHistogram log (" + e.getMessage() + ")", e);
    }
    return total;
  }

  /**
   * The percentile distribution as points (x = 1/(1-p), y = ms), the shape HistogramLogAnalyzer
   * and {@code outputPercentileDistribution} plot. The maximum (p = 100 %) sits at x = the count:
   * one in N, the finest a sample of N can resolve.
   */
  static List<Point> percentiles(Histogram h) {
    List<Point> points = new ArrayList<>();
    long count = h.getTotalCount();
    if (count == 0) {
      return points;
    }
    for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double p = v.getPercentileLevelIteratedTo() / 100.0;
      double x = p >= 1.0 ? count : Math.min(count, 1 / (1 - p));
      double ms = Math.round(v.getValueIteratedTo() / 1e3) / 1e3;
      if (!points.isEmpty() && points.getLast().x() >= x) {
        continue;
      }
      points.add(new Point(round4(x), ms));
      if (x >= count) {
        break;
      }
    }
    return points;
  }

  private static double round4(double v) {
    return v == 0 ? 0 : new BigDecimal(v).round(new MathContext(4)).doubleValue();
  }
}
