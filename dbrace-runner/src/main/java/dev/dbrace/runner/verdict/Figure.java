package dev.dbrace.runner.verdict;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A figure the verdict judges: how to read it from an ok run, which way is better, and what keeps a stack from
 * leading on it ({@link #disqualified}).
 *
 * @param name race.json's name for the dimension
 * @param label the figure in words with its unit, as the verdict's text and race.json say it (e.g. {@code p99 ms})
 * @param higherIsBetter true for throughput alone
 * @param value the run's figure; NaN where the run has none (a run without process figures)
 * @param disqualified why a stack cannot lead on this figure (null when it can), from its ok rounds
 */
public record Figure(String name, String label, boolean higherIsBetter, ToDoubleFunction<RunRecord> value,
    Function<List<RunRecord>, String> disqualified) {

  /** Verified completions per second in the measured window: what a closed loop is judged on. */
  public static Figure throughput() {
    return new Figure("throughput", "ops/s", true, r -> r.result().throughputOpsS(), rounds -> null);
  }

  /**
   * Latency at the SLA's percentile (p99 without one), from the intended start on an open loop. A stack whose
   * errors, unfinished operations and refused arrivals exceed the error budget (the SLA's, else
   * {@link Race.Sla#DEFAULT_ERROR_BUDGET}) in its median round cannot lead: failing fast is not answering fast.
   */
  public static Figure latency(Race.Sla sla) {
    String pct = sla == null ? "p99" : sla.percentile().equals("p999") ? "p99.9" : sla.percentile();
    double budget = sla == null ? Race.Sla.DEFAULT_ERROR_BUDGET : sla.maxErrorRate();
    return new Figure("latency", pct + " ms", false, r -> sla == null ? r.result().latencyMs().p99() : sla.latencyOf(r),
        rounds -> {
          double rate = LeadTest.median(rounds.stream().mapToDouble(RunRecord::errorRate).toArray());
          return rate > budget ? String.format(Locale.ROOT, "%.2f %% errors and refusals, over the %.2f %% budget",
              100 * rate, 100 * budget) : null;
        });
  }

  /**
   * The worker's CPU per 1,000 verified operations. A stack whose runs verified under half of what they issued
   * cannot lead: CPU over a few successes among many failures says nothing (docs/decisions.md).
   */
  public static Figure cpu() {
    return new Figure("cpu", "cpu ms per 1k ops", false, r -> r.process() == null ? Double.NaN : r.process().cpuMsPer1kOps(),
        rounds -> {
          long ops = rounds.stream().mapToLong(r -> r.result().ops()).sum();
          long due = rounds.stream().mapToLong(r -> r.result().issued() + r.result().notIssued()).sum();
          return due > 0 && 2 * ops < due ? "verified under half of the operations it was due" : null;
        });
  }

  /** The worker's peak resident memory over the measured phase. */
  public static Figure rss() {
    return new Figure("rss", "peak RSS MB", false, r -> r.process() == null ? Double.NaN : r.process().peakRssMb(),
        rounds -> null);
  }

  /** The worker's peak thread count over the measured phase. */
  public static Figure threads() {
    return new Figure("threads", "threads", false, r -> r.process() == null ? Double.NaN : r.process().peakThreads(),
        rounds -> null);
  }
}
