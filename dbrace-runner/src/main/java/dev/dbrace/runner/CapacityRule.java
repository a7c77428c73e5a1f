package dev.dbrace.runner;

import java.io.IOException;

/**
 * The capacity search's decisions, apart from running anything: which rate to try next, and what
 * the runs at a rate say. Pure, so the rule can be checked on a scripted sequence of outcomes.
 *
 * <p><b>Judging a rate.</b> A p99 over a few seconds rests on few samples, and one hiccup of a
 * shared machine (a GC, a neighbour's burst) must not decide a stack's capacity; neither must one
 * lucky run. So every rate is judged by the best two of three runs: two runs that agree decide, a
 * split is broken by a third. The rule is the same for held and missed: a rate whose single runs
 * hold half of the time is declared held half of the time (confirming misses only would declare
 * it held 75 % of the time, and give noisy stacks higher capacities: docs/decisions.md).
 *
 * <p><b>Choosing rates.</b> From the closed-loop probe's throughput X a coarse pass offers 0.25X,
 * 0.5X, 0.75X, X, 1.25X until a rate misses (going lower, halving, if even 0.25X misses; higher,
 * by 1.5x, if 1.25X holds); a fine pass bisects between the last rate that held and the first
 * that missed until they are within {@code precision} of each other, or {@link #MAX_FINE_STEPS}
 * rates were spent. A rate the step cannot measure with enough operations for the percentile
 * ({@link Outcome#TOO_FEW}) is not run: the coarse pass moves on to the next, higher rate, and the
 * downward search stops there.
 */
public final class CapacityRule {
  static final double[] COARSE = {0.25, 0.5, 0.75, 1.0, 1.25};
  static final int MAX_LOWER_STEPS = 4;
  static final int MAX_HIGHER_STEPS = 3;
  static final int MAX_FINE_STEPS = 4;
  /** Runs per rate at most (best two of three). */
  static final int RUNS_PER_RATE = 3;

  private CapacityRule() {}

  /** What runs at a rate say. */
  enum Outcome {
    HELD, MISSED,
    /** The rate was not run: a step at it cannot give enough operations for the SLA's percentile. */
    TOO_FEW
  }

  /** One run at a rate. */
  @FunctionalInterface
  interface Trial {
    Outcome run(double rate) throws IOException, InterruptedException;
  }

  /**
   * What the search found.
   *
   * @param held the highest rate judged held; null if none was
   * @param missed the lowest rate above it judged missed; null if none was (the search's ceiling)
   * @param tooFew the highest rate the search wanted but could not judge for too few operations; null if none
   * @param runs the open-loop runs spent
   */
  record Bracket(Double held, Double missed, Double tooFew, int runs) {}

  /** Best two of three: HELD or MISSED once two runs agree; null while another run is needed. */
  static Outcome judge(int held, int missed) {
    int majority = RUNS_PER_RATE / 2 + 1;
    return held >= majority ? Outcome.HELD : missed >= majority ? Outcome.MISSED : null;
  }

  /** The bracket of a stack whose closed-loop probe reached {@code x} operations per second. */
  static Bracket search(double x, double precision, Trial trial) throws IOException, InterruptedException {
    Rates rates = new Rates(trial);
    Double held = null;
    Double missed = null;
    for (double f : COARSE) {
      double rate = round(f * x);
      Outcome o = rates.judge(rate);
      if (o == Outcome.HELD) {
        held = rate;
      } else if (o == Outcome.MISSED) {
        missed = rate;
        break;
      }
    }
    if (held == null && missed != null) { // even the lowest rate judged misses the SLA: go lower
      double rate = round(missed / 2);
      for (int i = 0; i < MAX_LOWER_STEPS && rate >= 1; i++, rate = round(rate / 2)) {
        Outcome o = rates.judge(rate);
        if (o == Outcome.TOO_FEW) {
          break;
        }
        if (o == Outcome.HELD) {
          held = rate;
          break;
        }
        missed = rate;
      }
    } else if (held != null && missed == null) { // the probe underestimated (e.g. its concurrency was the limit)
      double rate = round(held * 1.5);
      for (int i = 0; i < MAX_HIGHER_STEPS; i++, rate = round(rate * 1.5)) {
        if (rates.judge(rate) != Outcome.HELD) { // TOO_FEW cannot happen above a rate that was judged
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
      Outcome o = rates.judge(mid);
      if (o == Outcome.HELD) {
        held = mid;
      } else if (o == Outcome.MISSED) {
        missed = mid;
      } else {
        break;
      }
    }
    return new Bracket(held, missed, rates.tooFew, rates.runs);
  }

  /** Rates with two or three significant digits: 4,800 rather than 4,813.27. */
  static double round(double rate) {
    if (rate < 10) {
      return Math.max(1, Math.round(rate));
    }
    double unit = Math.pow(10, Math.floor(Math.log10(rate)) - 1);
    return Math.round(rate / unit) * unit;
  }

  /** Runs a rate until the rule decides. */
  private static final class Rates {
    private final Trial trial;
    int runs;
    Double tooFew;

    Rates(Trial trial) {
      this.trial = trial;
    }

    Outcome judge(double rate) throws IOException, InterruptedException {
      int held = 0;
      int missed = 0;
      while (true) {
        Outcome o = trial.run(rate);
        if (o == Outcome.TOO_FEW) {
          tooFew = tooFew == null ? rate : Math.max(tooFew, rate);
          return o;
        }
        runs++;
        if (o == Outcome.HELD) {
          held++;
        } else {
          missed++;
        }
        Outcome verdict = CapacityRule.judge(held, missed);
        if (verdict != null) {
          return verdict;
        }
      }
    }
  }
}
