package dev.dbrace.core.load;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes per-interval histograms of both phases to a standard {@code .hlog} (warm-up intervals
 * tagged {@code warmup}) and accumulates each phase's total. Times to first item, where the stack
 * tells them (the HTTP generator), go the same way into {@link #TTFB_FILE} beside it, created at
 * the first such interval. Called from one thread only.
 */
public final class IntervalLog implements AutoCloseable {
  /** The time-to-first-item log's name, in the latency log's folder. */
  public static final String TTFB_FILE = "ttfb.hlog";

  private final long startMillis;
  private final Path ttfbFile;
  private final Channel latency;
  private Channel ttfb;
  /** Until {@link #ttfb} exists: the empty first-item interval histograms, handed back to their recorders. */
  private Histogram idleWarmup;
  private Histogram idleMeasured;

  /** One log file and the totals of what it logged. */
  private static final class Channel {
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final Histogram warmupTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
    private final Histogram measuredTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
    private Histogram recycleWarmup;
    private Histogram recycleMeasured;

    Channel(Path file, long startMillis) throws FileNotFoundException {
      out = new PrintStream(file.toFile());
      writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(startMillis);
      writer.setBaseTime(startMillis);
      writer.outputLegend();
    }

    void take(Histogram warmup, Histogram measured) {
      recycleWarmup = log(warmup, warmupTotal, "warmup");
      recycleMeasured = log(measured, measuredTotal, null);
    }

    private Histogram log(Histogram interval, Histogram total, String tag) {
      if (interval.getTotalCount() > 0) {
        interval.setTag(tag);
        writer.outputIntervalHistogram(interval);
        total.add(interval);
      }
      return interval;
    }
  }

  public IntervalLog(Path file, long startMillis) throws FileNotFoundException {
    this.startMillis = startMillis;
    this.ttfbFile = file.resolveSibling(TTFB_FILE);
    this.latency = new Channel(file, startMillis);
  }

  /** Takes the interval histograms recorded since the last call, logs and accumulates them. */
  public void sample(PhaseStats warmup, PhaseStats measured) {
    latency.take(warmup.recorder.getIntervalHistogram(latency.recycleWarmup),
        measured.recorder.getIntervalHistogram(latency.recycleMeasured));
    Histogram w = warmup.firstItem.getIntervalHistogram(ttfb == null ? idleWarmup : ttfb.recycleWarmup);
    Histogram m = measured.firstItem.getIntervalHistogram(ttfb == null ? idleMeasured : ttfb.recycleMeasured);
    if (ttfb == null && w.getTotalCount() + m.getTotalCount() == 0) {
      // no stack that tells first items yet: recycle the empty pair, or each call would allocate two
      // concurrent histograms of ~270 KB (an hour at 3 digits) in the recorders, for nothing
      idleWarmup = w;
      idleMeasured = m;
      return;
    }
    if (ttfb == null) {
      try {
        ttfb = new Channel(ttfbFile, startMillis);
      } catch (FileNotFoundException e) {
        throw new UncheckedIOException(e);
      }
    }
    ttfb.take(w, m);
  }

  public Histogram warmupTotal() {
    return latency.warmupTotal;
  }

  public Histogram measuredTotal() {
    return latency.measuredTotal;
  }

  /**
   * The measured phase's times to first item; null when the stack told none (every driver-level
   * stack) or no measured operation succeeded.
   */
  public Histogram measuredFirstItemTotal() {
    return ttfb == null || ttfb.measuredTotal.getTotalCount() == 0 ? null : ttfb.measuredTotal;
  }

  @Override
  public void close() {
    latency.out.close();
    if (ttfb != null) {
      ttfb.out.close();
    }
  }
}
