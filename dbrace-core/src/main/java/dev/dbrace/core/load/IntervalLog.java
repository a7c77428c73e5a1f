package dev.dbrace.core.load;

import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes per-interval histograms of both phases to a standard {@code .hlog} (warm-up intervals
 * tagged {@code warmup}) and accumulates each phase's total. Called from one thread only.
 */
public final class IntervalLog implements AutoCloseable {
  private final PrintStream out;
  private final HistogramLogWriter writer;
  private final Histogram warmupTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
  private final Histogram measuredTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
  private Histogram recycleWarmup;
  private Histogram recycleMeasured;

  public IntervalLog(Path file, long startMillis) throws FileNotFoundException {
    out = new PrintStream(file.toFile());
    writer = new HistogramLogWriter(out);
    writer.outputLogFormatVersion();
    writer.outputStartTime(startMillis);
    writer.setBaseTime(startMillis);
    writer.outputLegend();
  }

  /** Takes the interval histograms recorded since the last call, logs and accumulates them. */
  public void sample(PhaseStats warmup, PhaseStats measured) {
    recycleWarmup = take(warmup, recycleWarmup, warmupTotal, "warmup");
    recycleMeasured = take(measured, recycleMeasured, measuredTotal, null);
  }

  private Histogram take(PhaseStats phase, Histogram recycle, Histogram total, String tag) {
    Histogram interval = phase.recorder.getIntervalHistogram(recycle);
    if (interval.getTotalCount() > 0) {
      interval.setTag(tag);
      writer.outputIntervalHistogram(interval);
      total.add(interval);
    }
    return interval;
  }

  public Histogram warmupTotal() {
    return warmupTotal;
  }

  public Histogram measuredTotal() {
    return measuredTotal;
  }

  @Override
  public void close() {
    out.close();
  }
}
