package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * Finds each stack's capacity: the highest open-loop rate at which it keeps the SLA (latency
 * percentile within target, errors plus arrivals not issued under the budget).
 *
 * <p>Per stack: a short closed-loop probe gives the throughput X the stack reaches flat out; a
 * coarse pass then offers 0.25X, 0.5X, 0.75X, X, 1.25X until a step misses the SLA (going lower,
 * halving, if even 0.25X misses; higher, by 1.5x, if 1.25X holds); a fine pass bisects between the
 * last rate that held and the first that missed until they are within {@code precision} of each
 * other (or {@link #MAX_FINE_STEPS} steps were spent). A rate counts as missed only when a second
 * run at it misses too. The answer is stated with its bracket: the
 * capacity is at least the rate that held and below the one that missed.
 */
final class CapacitySearch implements RacePlan {
  static final double[] COARSE = {0.25, 0.5, 0.75, 1.0, 1.25};
  static final int MAX_LOWER_STEPS = 4;
  static final int MAX_HIGHER_STEPS = 3;
  static final int MAX_FINE_STEPS = 4;
  /** Runs a stack's search typically takes; for the ETA only. */
  static final int TYPICAL_RUNS = 1 + 4 + 3;

  private final Race.Sla sla;
  private final long stepMs;
  private final int probeConcurrency;
  private final double precision;
  private final DoubleFunction<LoadModel.Open> openAt;
  private final List<Race.Capacity> verdicts = new ArrayList<>();

  /**
   * @param openAt the open-loop model of a step at a given rate (duration, in-flight limit, arrivals)
   * @param precision the bracket width, relative to the failing rate, at which the search stops
   */
  CapacitySearch(Race.Sla sla, long stepMs, int probeConcurrency, double precision, DoubleFunction<LoadModel.Open> openAt) {
    this.sla = sla;
    this.stepMs = stepMs;
    this.probeConcurrency = probeConcurrency;
    this.precision = precision;
    this.openAt = openAt;
  }

  @Override
  public String kind() {
    return "capacity";
  }

  List<Race.Capacity> verdicts() {
    return List.copyOf(verdicts);
  }

  @Override
  public void execute(RaceRunner runner) throws IOException, InterruptedException {
    List<String> stacks = runner.settings().stacks();
    for (int i = 0; i < stacks.size(); i++) {
      Race.Capacity c = search(runner, stacks.get(i), (stacks.size() - i - 1) * TYPICAL_RUNS);
      verdicts.add(c);
      runner.store().capacity(verdicts);
      runner.store().save(runner.snapshot());
      runner.note(c.stack() + ": " + c.verdict());
    }
  }

  /** One stack's search; {@code laterRuns} is the estimate for the stacks after it (ETA). */
  private Race.Capacity search(RaceRunner runner, String stack, int laterRuns) throws IOException, InterruptedException {
    Steps steps = new Steps(runner, stack, laterRuns);
    RunRecord probe = runner.run(stack, new LoadModel.Closed(0, stepMs, probeConcurrency), "probe", 0,
        TYPICAL_RUNS - 1 + laterRuns);
    if (RacePlan.broken(probe) || probe.ops() == 0) {
      return new Race.Capacity(stack, runner.settings().workload().name(), null, null, null, 1,
          "no capacity found: the closed-loop probe " + (probe.ok() ? "completed no operation" : probe.status()
              + (probe.message() == null ? "" : " (" + probe.message() + ")")));
    }
    double x = probe.throughputOpsS();
    Double held = null;
    Double missed = null;
    for (double f : COARSE) {
      double rate = round(f * x);
      if (steps.holds(rate)) {
        held = rate;
      } else {
        missed = rate;
        break;
      }
    }
    if (held == null) { // even a quarter of the flat-out throughput misses the SLA: go lower
      double rate = round(missed / 2);
      for (int i = 0; i < MAX_LOWER_STEPS && rate >= 1; i++, rate = round(rate / 2)) {
        if (steps.holds(rate)) {
          held = rate;
          break;
        }
        missed = rate;
      }
    } else if (missed == null) { // the probe underestimated (e.g. its concurrency was the limit): go higher
      double rate = round(held * 1.5);
      for (int i = 0; i < MAX_HIGHER_STEPS; i++, rate = round(rate * 1.5)) {
        if (!steps.holds(rate)) {
          missed = rate;
          break;
        }
        held = rate;
      }
    }
    for (int i = 0; i < MAX_FINE_STEPS && held != null && missed != null && (missed - held) / missed > precision; i++) {
      double mid = round((held + missed) / 2);
      if (mid <= held || mid >= missed) {
        break;
      }
      if (steps.holds(mid)) {
        held = mid;
      } else {
        missed = mid;
      }
    }
    return new Race.Capacity(stack, runner.settings().workload().name(), held, missed, x, steps.count + 1,
        verdict(held, missed));
  }

  String verdict(Double held, Double missed) {
    String target = sla.describe();
    if (held == null) {
      return String.format(Locale.ROOT, "misses %s even at %,.0f ops/s", target, missed);
    }
    if (missed == null) {
      return String.format(Locale.ROOT, "holds %s at every rate tried, up to %,.0f ops/s (the search's ceiling)",
          target, held);
    }
    return String.format(Locale.ROOT, "holds %s up to %,.0f ops/s; misses it at %,.0f ops/s (bracket %.0f %%)",
        target, held, missed, (missed - held) / missed * 100);
  }

  /** Rates with two or three significant digits: 4,800 rather than 4,813.27. */
  static double round(double rate) {
    if (rate < 10) {
      return Math.max(1, Math.round(rate));
    }
    double unit = Math.pow(10, Math.floor(Math.log10(rate)) - 1);
    return Math.round(rate / unit) * unit;
  }

  /** The open-loop steps of one stack's search. */
  private final class Steps {
    private final RaceRunner runner;
    private final String stack;
    private final int laterRuns;
    int count;

    Steps(RaceRunner runner, String stack, int laterRuns) {
      this.runner = runner;
      this.stack = stack;
      this.laterRuns = laterRuns;
    }

    /**
     * Whether the stack keeps the SLA at this rate. A miss is confirmed by a second run at the same
     * rate before it counts: a p99 over a few seconds rests on few samples, and one hiccup of a
     * shared machine (a GC, a neighbour's burst) must not decide a stack's capacity. Both runs are
     * recorded.
     */
    boolean holds(double rate) throws IOException, InterruptedException {
      if (step(rate)) {
        return true;
      }
      runner.note(String.format(Locale.ROOT, "%s missed the SLA at %,.0f ops/s; confirming with a second run", stack, rate));
      return step(rate);
    }

    private boolean step(double rate) throws IOException, InterruptedException {
      count++;
      int left = Math.max(0, TYPICAL_RUNS - 1 - count) + laterRuns;
      RunRecord r = runner.run(stack, openAt.apply(rate), "capacity", count, left);
      return sla.metBy(r);
    }
  }
}
