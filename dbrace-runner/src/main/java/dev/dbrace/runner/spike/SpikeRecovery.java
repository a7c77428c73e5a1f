package dev.dbrace.runner.spike;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord.Second;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
import dev.dbrace.core.run.Latency;
import dev.dbrace.runner.recovery.IntervalSeries.Slice;
import dev.dbrace.runner.recovery.IntervalSeries;
import dev.dbrace.runner.recovery.RecoveryRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a run took its spikes, from the files the worker wrote as it went: the latency log's measured
 * intervals (about 1 s each) and, beside it, their counts ({@link IntervalLog#COUNTS_FILE}). Per
 * spike:
 *
 * <ul>
 *   <li>the <b>pre-spike p99</b>: the p99 of the last {@value #BASELINE} measured intervals that ended by the first
 *       spike's start (the seconds right before it, not the open loop's first second from idle);
 *   <li>the <b>time to recover</b>: from the window's end to the start of the first interval ending after it
 *       that begins {@value #STEADY} consecutive recovered intervals ({@link RecoveryRule}, the pre-spike
 *       intervals its baseline), each with a p99 at or under the recovery limit, the larger of
 *       {@value RecoveryRule#FACTOR}x the pre-spike p99 and the pre-spike p99 + {@value RecoveryRule#FLOOR_MS} ms
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
 * left out of the search. The series is {@link IntervalSeries}'s: without the counts file nothing is
 * known refused, and a recovery rests on latency alone. Stateless.
 */
public final class SpikeRecovery {
  /** Consecutive intervals within the limit that make a recovery. */
  public static final int STEADY = 3;
  /** Intervals shorter than this (the run's last, its drain) count neither for nor against a recovery. */
  public static final long MIN_INTERVAL_MS = 500;
  /** The intervals right before the first spike whose p99 is the baseline. */
  public static final int BASELINE = 3;

  private SpikeRecovery() {}

  /**
   * The figures of a run whose measured phase began at {@code measureStartMs} (epoch ms), from its
   * latency log {@code hlog} and the counts file beside it.
   */
  public static Spikes of(List<LoadModel.Spike> spikes, long measureStartMs, Path hlog) {
    IntervalSeries series;
    try {
      series = IntervalSeries.read(hlog);
    } catch (IOException | RuntimeException e) {
      return new Spikes(null, null, List.of(), List.of(), "latency log unreadable: " + e.getMessage());
    }
    // the worker's own note of its measured phase's start, where it wrote one: the spikes were timed from it
    long zero = series.measureStartMs() != null ? series.measureStartMs() : measureStartMs;
    return of(spikes, zero, series.slices(), series.worstNs(), series.note());
  }

  private static Spikes of(List<LoadModel.Spike> spikes, long zero, List<Slice> slices, long worst, String note) {
    List<Second> seconds = slices.stream().map(s -> new Second(sec(s.startMs() - zero), sec(s.endMs() - zero), s.p99Ms(worst),
        s.ok(), s.errors(), s.notIssued())).toList();
    if (spikes.isEmpty()) {
      return new Spikes(null, null, List.of(), seconds, note);
    }
    long firstStart = zero + spikes.getFirst().atMs();
    List<Slice> earlier = slices.stream().filter(s -> s.endMs() <= firstStart).toList();
    RecoveryRule rule = RecoveryRule.after(earlier.subList(Math.max(0, earlier.size() - BASELINE), earlier.size()), worst);
    Double baseline = rule.baselineP99Ms();
    if (baseline == null) {
      note = join(note, "no measured interval ended before the first spike, so no recovery can be stated "
          + "(leave a few seconds before it)");
    }
    List<SpikeWindow> windows = new ArrayList<>();
    for (int i = 0; i < spikes.size(); i++) {
      LoadModel.Spike spike = spikes.get(i);
      long start = zero + spike.atMs();
      long end = zero + spike.endMs();
      long next = i + 1 < spikes.size() ? zero + spikes.get(i + 1).atMs() : Long.MAX_VALUE;
      windows.add(window(spike, start, end, next, slices, rule, worst, zero));
    }
    return new Spikes(baseline, rule.limitMs(), windows, seconds, note);
  }

  private static SpikeWindow window(LoadModel.Spike spike, long start, long end, long next, List<Slice> slices,
      RecoveryRule rule, long worst, long zero) {
    // the recovery: the first interval ending after the window that begins STEADY good ones, all before the next spike
    Long recoveredAt = null;
    if (rule.baselineP99Ms() != null) {
      List<Slice> whole = slices.stream().filter(s -> s.endMs() - s.startMs() >= MIN_INTERVAL_MS).toList();
      for (int k = 0; k < whole.size() && recoveredAt == null; k++) {
        if (whole.get(k).endMs() <= end || whole.get(k).startMs() >= next) {
          continue;
        }
        boolean steady = k + STEADY <= whole.size();
        for (int j = k; j < k + STEADY && steady; j++) {
          steady = whole.get(j).endMs() <= next && rule.recoveredIn(whole.get(j));
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

  private static String join(String a, String b) {
    return a == null ? b : a + "; " + b;
  }

  private static double sec(long ms) {
    return ms / 1000.0;
  }
}
