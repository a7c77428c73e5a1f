package dev.dbrace.runner.recovery;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.run.Latency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A run's measured intervals (about 1 s each) from the files the worker writes as it goes: the counts
 * file's ({@link IntervalLog#COUNTS_FILE}, one line per interval, even an empty one), each joined by its
 * end with the latency log's histogram; without the counts file, the log's intervals alone (no counts,
 * and empty intervals missing): then nothing is known refused or failed. Every p99 of a series ranks
 * an interval's arrivals not issued as its worst operations, at the run's slowest measured latency
 * ({@link #worstNs}), as the run's own percentiles do ({@link Latency#refusedAsWorst}); errors'
 * latencies are kept apart, as there. Immutable (the histograms are not to be changed).
 *
 * @param measureStartMs when the worker says its measured phase began, epoch ms; null when it does not
 * @param counted whether the counts file was there
 */
public record IntervalSeries(List<Slice> slices, Long measureStartMs, boolean counted) {

  /**
   * One interval, absolute epoch ms; {@code histogram} null when nothing completed in it; the counts
   * null without the counts file.
   */
  public record Slice(long startMs, long endMs, Histogram histogram, Long errors, Long notIssued) {
    /** Verified operations completed in it. */
    public long ok() {
      return histogram == null ? 0 : histogram.getTotalCount();
    }

    /** Its latencies with its arrivals not issued ranked as the worst, at {@code worstNs}. */
    public Histogram ranked(long worstNs) {
      return Latency.refusedAsWorst(histogram == null ? new Histogram(3) : histogram, notIssued == null ? 0 : notIssued,
          worstNs);
    }

    /** The p99 of {@link #ranked}, ms; null when nothing completed and nothing was refused. */
    public Double p99Ms(long worstNs) {
      Histogram h = ranked(worstNs);
      return h.getTotalCount() == 0 ? null : ms(h.getValueAtPercentile(99));
    }

    /** Errors and arrivals not issued; 0 without counts. */
    public long dropped() {
      return errors == null ? 0 : errors + notIssued;
    }

    /** What was due in it, as far as it knows: completions, errors and arrivals not issued. */
    public long due() {
      return ok() + dropped();
    }
  }

  public IntervalSeries {
    slices = List.copyOf(slices);
  }

  /** The run's slowest measured latency, ns, at which its refused arrivals rank; 0 when nothing completed. */
  public long worstNs() {
    return slices.stream().filter(s -> s.histogram() != null).mapToLong(s -> s.histogram().getMaxValue()).max().orElse(0);
  }

  /** The p99 of {@code slices} together, each {@link Slice#ranked ranked}, ms; null when they hold nothing. */
  public static Double p99Ms(List<Slice> slices, long worstNs) {
    Histogram sum = new Histogram(3);
    slices.forEach(s -> sum.add(s.ranked(worstNs)));
    return sum.getTotalCount() == 0 ? null : ms(sum.getValueAtPercentile(99));
  }

  /** What a reader of the figures must know of the series: null, or that the counts are missing. */
  public String note() {
    return counted ? null
        : IntervalLog.COUNTS_FILE + " is missing: no errors or not issued per second, so a recovery rests on latency alone";
  }

  /**
   * The measured (untagged) intervals of the log {@code hlog} and the counts file beside it. A last line
   * of the counts file not yet ended (the worker writing it as this reads, mid-run) is left out.
   */
  public static IntervalSeries read(Path hlog) throws IOException {
    if (!Files.exists(hlog)) {
      throw new IOException(hlog.getFileName() + " is missing");
    }
    TreeMap<Long, Histogram> byEnd = new TreeMap<>();
    List<Slice> logged = new ArrayList<>();
    try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h.getTag() == null && h instanceof Histogram hist) {
          byEnd.put(h.getEndTimeStamp(), hist);
          logged.add(new Slice(h.getStartTimeStamp(), h.getEndTimeStamp(), hist, null, null));
        }
      }
    }
    Path counts = hlog.resolveSibling(IntervalLog.COUNTS_FILE);
    if (!Files.exists(counts)) {
      return new IntervalSeries(logged, null, false);
    }
    List<Slice> out = new ArrayList<>();
    Long measureStart = null;
    String text = Files.readString(counts);
    for (String line : text.substring(0, text.lastIndexOf('\n') + 1).lines().toList()) {
      if (line.startsWith(IntervalLog.MEASURE_START)) {
        measureStart = Long.parseLong(line.substring(IntervalLog.MEASURE_START.length()).trim());
        continue;
      }
      if (line.isBlank() || line.equals(IntervalLog.COUNTS_HEADER)) {
        continue;
      }
      String[] f = line.split(",");
      if (f.length != 5) {
        throw new IOException(IntervalLog.COUNTS_FILE + ": not " + IntervalLog.COUNTS_HEADER + ": " + line);
      }
      long start = Long.parseLong(f[0]);
      long end = Long.parseLong(f[1]);
      // the log keeps its times to the millisecond as seconds from a base: allow a rounding either way
      Map.Entry<Long, Histogram> match = byEnd.ceilingEntry(end - 2);
      Histogram h = match != null && match.getKey() <= end + 2 ? match.getValue() : null;
      out.add(new Slice(start, end, h, Long.parseLong(f[3]), Long.parseLong(f[4])));
    }
    return new IntervalSeries(out, measureStart, true);
  }

  private static double ms(double ns) {
    return Math.round(ns / 1e3) / 1e3;
  }
}
