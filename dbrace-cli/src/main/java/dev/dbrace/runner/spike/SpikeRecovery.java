package dev.dbrace.runner.spike;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord.Second;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
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
 * How a run took its spikes, from the files the worker wrote as it went: the latency log's measured
 * intervals (about 1 s each) and, beside it, their counts ({@link IntervalLog#COUNTS_FILE}). Per
 * spike:
 *
 * <ul>
 *   <li>the <b>pre-spike p99</b>: the p99 of the last {@value #BASELINE} measured intervals that ended by the first
 *       spike's start (the seconds right before it, not the open loop's first second from idle);
 *   <li>the <b>time to recover</b>: from the window's end to the start of the first interval ending after it
 *       that begins {@value #STEADY} consecutive recovered intervals, each with a p99 at or under the recovery
 *       limit, the larger of {@value #FACTOR}x the pre-spike p99 and the pre-spike p99 + {@value #FLOOR_MS} ms
 *       (the floor keeps sub-millisecond jitter from counting as not recovered), <i>and</i> dropping no larger
 *       share of its arrivals (errors and not issued, over those and its completions) than the pre-spike
 *       intervals did: none, where they dropped none. A stack that sheds a spike by refusing arrivals answers
 *       the few it takes fast; its p99 alone would say it never slowed. 0 when that interval starts before the
 *       window's end, none when no such run of intervals starts before the next spike or the run's end;
 *   <li>the <b>peak p99</b>: the highest interval p99 from the window's start until the recovery (or the next
 *       spike, or the run's end);
 *   <li>what was <b>dropped</b>: errors and arrivals not issued (the in-flight limit) in the intervals
 *       overlapping the window, and in those after it until the recovery.
 * </ul>
 *
 * Every p99 here, the pre-spike one, each interval's and the peak, ranks the interval's arrivals not
 * issued as its worst operations, at the slowest latency measured in the run, as the run's own
 * percentiles do ({@link Latency#refusedAsWorst}); errors' latencies are kept apart, as there. An
 * interval in which nothing completed and nothing was refused has no p99 and never counts as
 * recovered; one shorter than {@value #MIN_INTERVAL_MS} ms (the last, the drain's few completions) is
 * left out of the search. The series is the counts file's intervals (one per interval, even an empty
 * one) joined with the log's by their end; without the counts file, the log's alone (no counts, and
 * empty intervals missing): then nothing is known refused, and a recovery rests on latency alone.
 * Stateless.
 */
public final class SpikeRecovery {
  /** The recovery limit: this many times the pre-spike p99 ... */
  public static final double FACTOR = 1.5;
  /** ... or the pre-spike p99 plus this many ms, whichever is larger. */
  public static final double FLOOR_MS = 1.0;
  /** Consecutive intervals within the limit that make a recovery. */
  public static final int STEADY = 3;
  /** Intervals shorter than this (the run's last, its drain) count neither for nor against a recovery. */
  public static final long MIN_INTERVAL_MS = 500;
  /** The intervals right before the first spike whose p99 is the baseline. */
  public static final int BASELINE = 3;

  private SpikeRecovery() {}

  /**
   * The p99 an interval must stay at or under to count as recovered from a disturbance (a spike or a
   * fault) whose undisturbed p99 was {@code baselineMs}: the larger of {@value #FACTOR}x it and it +
   * {@value #FLOOR_MS} ms.
   */
  public static double limitMs(double baselineMs) {
    return Math.max(FACTOR * baselineMs, baselineMs + FLOOR_MS);
  }

  /**
   * One interval, absolute epoch ms; {@code histogram} null when nothing completed in it; the counts
   * null without the counts file.
   */
  record Slice(long startMs, long endMs, Histogram histogram, Long errors, Long notIssued) {
    long ok() {
      return histogram == null ? 0 : histogram.getTotalCount();
    }

    /** Its latencies with its arrivals not issued ranked as the worst, at {@code worstNs}. */
    Histogram ranked(long worstNs) {
      return Latency.refusedAsWorst(histogram == null ? new Histogram(3) : histogram, notIssued == null ? 0 : notIssued,
          worstNs);
    }

    /** The p99 of {@link #ranked}; null when nothing completed and nothing was refused. */
    Double p99Ms(long worstNs) {
      Histogram h = ranked(worstNs);
      return h.getTotalCount() == 0 ? null : ms(h.getValueAtPercentile(99));
    }

    /** Errors and arrivals not issued; 0 without counts. */
    long dropped() {
      return errors == null ? 0 : errors + notIssued;
    }

    /** What was due in it, as far as it knows: completions, errors and arrivals not issued. */
    long due() {
      return ok() + dropped();
    }
  }

  /**
   * What an interval must meet to count as recovered: a p99 at or under {@code limitMs} and, where
   * counted, no larger a share of drops than the pre-spike intervals' {@code droppedBefore} of
   * {@code dueBefore} ({@code counted} false: their counts are unknown, latency alone decides).
   */
  private record Recovered(double limitMs, boolean counted, long droppedBefore, long dueBefore, long worstNs) {
    boolean by(Slice s) {
      Double p99 = s.p99Ms(worstNs);
      boolean withinDrops = !counted || s.errors() == null || s.dropped() * dueBefore <= droppedBefore * s.due();
      return p99 != null && p99 <= limitMs && withinDrops;
    }
  }

  /**
   * The figures of a run whose measured phase began at {@code measureStartMs} (epoch ms), from its
   * latency log {@code hlog} and the counts file beside it.
   */
  public static Spikes of(List<LoadModel.Spike> spikes, long measureStartMs, Path hlog) {
    Series series;
    try {
      series = read(hlog);
    } catch (IOException | RuntimeException e) {
      return new Spikes(null, null, List.of(), List.of(), "latency log unreadable: " + e.getMessage());
    }
    // the worker's own note of its measured phase's start, where it wrote one: the spikes were timed from it
    long zero = series.measureStartMs() != null ? series.measureStartMs() : measureStartMs;
    return of(spikes, zero, series.slices(), Files.exists(hlog.resolveSibling(IntervalLog.COUNTS_FILE)) ? null
        : IntervalLog.COUNTS_FILE + " is missing: no errors or not issued per second, so a recovery rests on latency alone");
  }

  /** The intervals, and when the worker says its measured phase began (null when it does not). */
  record Series(List<Slice> slices, Long measureStartMs) {}

  static Spikes of(List<LoadModel.Spike> spikes, long zero, List<Slice> slices, String note) {
    // the run's slowest latency, at which its refused arrivals rank (the measured total's maximum)
    long worst = slices.stream().filter(s -> s.histogram() != null).mapToLong(s -> s.histogram().getMaxValue()).max().orElse(0);
    List<Second> seconds = slices.stream().map(s -> new Second(sec(s.startMs() - zero), sec(s.endMs() - zero), s.p99Ms(worst),
        s.ok(), s.errors(), s.notIssued())).toList();
    if (spikes.isEmpty()) {
      return new Spikes(null, null, List.of(), seconds, note);
    }
    long firstStart = zero + spikes.getFirst().atMs();
    List<Slice> earlier = slices.stream().filter(s -> s.endMs() <= firstStart).toList();
    Histogram before = new Histogram(3);
    long droppedBefore = 0;
    long dueBefore = 0;
    boolean counted = true;
    for (Slice s : earlier.subList(Math.max(0, earlier.size() - BASELINE), earlier.size())) {
      before.add(s.ranked(worst));
      counted &= s.errors() != null;
      droppedBefore += s.dropped();
      dueBefore += s.due();
    }
    Double baseline = before.getTotalCount() == 0 ? null : ms(before.getValueAtPercentile(99));
    Double limit = baseline == null ? null : limitMs(baseline);
    if (baseline == null) {
      note = join(note, "no measured interval ended before the first spike, so no recovery can be stated "
          + "(leave a few seconds before it)");
    }
    Recovered rule = limit == null ? null : new Recovered(limit, counted, droppedBefore, dueBefore, worst);
    List<SpikeWindow> windows = new ArrayList<>();
    for (int i = 0; i < spikes.size(); i++) {
      LoadModel.Spike spike = spikes.get(i);
      long start = zero + spike.atMs();
      long end = zero + spike.endMs();
      long next = i + 1 < spikes.size() ? zero + spikes.get(i + 1).atMs() : Long.MAX_VALUE;
      windows.add(window(spike, start, end, next, slices, rule, worst, zero));
    }
    return new Spikes(baseline, limit, windows, seconds, note);
  }

  private static SpikeWindow window(LoadModel.Spike spike, long start, long end, long next, List<Slice> slices, Recovered rule,
      long worst, long zero) {
    // the recovery: the first interval ending after the window that begins STEADY good ones, all before the next spike
    Long recoveredAt = null;
    if (rule != null) {
      List<Slice> whole = slices.stream().filter(s -> s.endMs() - s.startMs() >= MIN_INTERVAL_MS).toList();
      for (int k = 0; k < whole.size() && recoveredAt == null; k++) {
        if (whole.get(k).endMs() <= end || whole.get(k).startMs() >= next) {
          continue;
        }
        boolean steady = k + STEADY <= whole.size();
        for (int j = k; j < k + STEADY && steady; j++) {
          steady = whole.get(j).endMs() <= next && rule.by(whole.get(j));
        }
        if (steady) {
          recoveredAt = Math.max(end, whole.get(k).startMs());
        }
      }
    }
    long until = recoveredAt != null ? recoveredAt : next;
    Double peak = null;
    long errorsIn = 0;
    long notIssuedIn = 0;
    long errorsAfter = 0;
    long notIssuedAfter = 0;
    boolean counted = true;
    for (Slice s : slices) {
      boolean during = s.endMs() > start && s.startMs() < end;
      boolean after = s.startMs() >= end && s.startMs() < until;
      if (!during && !after) {
        continue;
      }
      Double p99 = s.p99Ms(worst);
      if (p99 != null && (peak == null || p99 > peak)) {
        peak = p99;
      }
      if (s.errors() == null) {
        counted = false;
        continue;
      }
      if (during) {
        errorsIn += s.errors();
        notIssuedIn += s.notIssued();
      } else {
        errorsAfter += s.errors();
        notIssuedAfter += s.notIssued();
      }
    }
    return new SpikeWindow(spike.describe(), sec(start - zero), sec(end - zero), peak,
        recoveredAt == null ? null : sec(recoveredAt - end), counted ? errorsIn : null, counted ? notIssuedIn : null,
        counted ? errorsAfter : null, counted ? notIssuedAfter : null);
  }

  /**
   * The measured intervals: the counts file's, each joined with the log's interval of the same end
   * (its histogram), or the log's alone when there is no counts file.
   */
  static Series read(Path hlog) throws IOException {
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
      return new Series(logged, null);
    }
    List<Slice> out = new ArrayList<>();
    Long measureStart = null;
    for (String line : Files.readAllLines(counts)) {
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
    return new Series(out, measureStart);
  }

  private static String join(String a, String b) {
    return a == null ? b : a + "; " + b;
  }

  private static double ms(double ns) {
    return Math.round(ns / 1e3) / 1e3;
  }

  private static double sec(long ms) {
    return ms / 1000.0;
  }
}
