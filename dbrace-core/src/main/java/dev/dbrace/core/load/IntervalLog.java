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
 * the first such interval. The measured phase's counts per interval (verified, errors, not issued)
 * go to {@link #COUNTS_FILE} beside it, one line per interval from the first measured operation on,
 * with the same start and end as that interval's histogram in the log (a spike's analysis reads
 * both). Called from one thread only.
 */
public final class IntervalLog implements AutoCloseable {
  /** The time-to-first-item log's name, in the latency log's folder. */
  public static final String TTFB_FILE = "ttfb.hlog";
  /** The measured phase's counts per interval, in the latency log's folder. */
  public static final String COUNTS_FILE = "intervals.csv";
  /** The counts file's header. */
  public static final String COUNTS_HEADER = "start_ms,end_ms,ok,errors,not_issued";
  /** The counts file's line that says when the measured phase began. */
  public static final String MEASURE_START = "# measure_start_ms=";

  private final long startMillis;
  private final Path ttfbFile;
  private final Channel latency;
  private Channel ttfb;
  private final PrintStream counts;
  private long okBefore;
  private long errorsBefore;
  private long notIssuedBefore;
  private boolean counting;
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
    this.counts = new PrintStream(file.resolveSibling(COUNTS_FILE).toFile());
    counts.println(COUNTS_HEADER);
  }

  /** Takes the interval histograms recorded since the last call, logs and accumulates them. */
  public void sample(PhaseStats warmup, PhaseStats measured) {
    Histogram interval = measured.recorder.getIntervalHistogram(latency.recycleMeasured);
    count(measured, interval); // at once: the counts of the interval the histogram just closed
    latency.take(warmup.recorder.getIntervalHistogram(latency.recycleWarmup), interval);
    Histogram w = warmup.firstItem.getIntervalHistogram(ttfb == null ? idleWarmup : ttfb.recycleWarmup);
    Histogram m = measured.firstItem.getIntervalHistogram(ttfb == null ? idleMeasured : ttfb.recycleMeasured);
    if (ttfb == null && w.getTotalCount() + m.getTotalCount() == 0) {
      // no stack that tells first items yet: recycle the empty pair, or each call would allocate two
      // histograms of ~270 KB (an hour at 3 digits), for nothing
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

  /**
   * Notes in the counts file when the measured phase began, epoch ms by the worker's clock (the runner
   * hears of it a little later): a line {@value #MEASURE_START} followed by the time.
   */
  public void measuring(long epochMs) {
    counts.println(MEASURE_START + epochMs);
    counts.flush();
  }

  /** One line of counts for the measured interval just taken, from the first measured operation on. */
  private void count(PhaseStats measured, Histogram interval) {
    long ok = measured.ok();
    long errors = measured.errors();
    long notIssued = measured.notIssued();
    counting |= ok + errors + notIssued > 0;
    if (counting) {
      counts.println(interval.getStartTimeStamp() + "," + interval.getEndTimeStamp() + "," + (ok - okBefore) + ","
          + (errors - errorsBefore) + "," + (notIssued - notIssuedBefore));
      counts.flush();
    }
    okBefore = ok;
    errorsBefore = errors;
    notIssuedBefore = notIssued;
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
    counts.close();
    if (ttfb != null) {
      ttfb.out.close();
    }
  }
}
