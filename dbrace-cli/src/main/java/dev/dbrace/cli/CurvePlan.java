package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.util.List;

/**
 * A latency-vs-load curve: each stack through the same series of loads (open-loop rates, or
 * closed-loop concurrencies), one run per step. A stack's series stops once it is clearly past
 * saturation, so a weak stack does not spend minutes drowning: when a step's errors (plus arrivals
 * not issued) exceed 1 %, when its latency exceeds 10x the SLA (if one is given), or when it
 * achieved less than half the offered rate.
 */
final class CurvePlan implements RacePlan {
  static final double SATURATED_ERROR_RATE = 0.01;
  static final double SATURATED_SLA_FACTOR = 10;

  private final List<LoadModel> steps;
  private final Race.Sla sla;

  CurvePlan(List<LoadModel> steps, Race.Sla sla) {
    this.steps = List.copyOf(steps);
    this.sla = sla;
  }

  @Override
  public String kind() {
    return "curve";
  }

  @Override
  public List<Double> steps() {
    return steps.stream().map(CurvePlan::x).toList();
  }

  /** The step's position on the x axis: offered rate, or concurrency. */
  static double x(LoadModel m) {
    return switch (m) {
      case LoadModel.Open o -> o.rate();
      case LoadModel.Closed c -> c.concurrency();
    };
  }

  @Override
  public void execute(RaceRunner runner) throws IOException, InterruptedException {
    List<String> stacks = runner.settings().stacks();
    int total = stacks.size() * steps.size();
    int done = 0;
    for (String stack : stacks) {
      for (int i = 0; i < steps.size(); i++) {
        RunRecord r = runner.run(stack, steps.get(i), "curve", i + 1, total - done - 1);
        done++;
        String why = saturated(r, steps.get(i));
        if (why != null && i < steps.size() - 1) {
          total -= steps.size() - i - 1;
          runner.note(stack + " is past saturation at step " + (i + 1) + " (" + why
              + "); skipping its remaining " + (steps.size() - i - 1) + " steps");
          break;
        }
      }
    }
  }

  /** Why this step shows the stack past saturation, or null. */
  String saturated(RunRecord r, LoadModel load) {
    if (RacePlan.broken(r)) {
      return "the run " + r.status();
    }
    if (r.errorRate() > SATURATED_ERROR_RATE) {
      return String.format(java.util.Locale.ROOT, "%.1f %% errors or not issued", r.errorRate() * 100);
    }
    if (sla != null && sla.latencyOf(r) > SATURATED_SLA_FACTOR * sla.ms()) {
      return String.format(java.util.Locale.ROOT, "%s %.1f ms > 10x the SLA", sla.percentile(), sla.latencyOf(r));
    }
    if (load instanceof LoadModel.Open o && r.throughputOpsS() < 0.5 * o.rate()) {
      return String.format(java.util.Locale.ROOT, "achieved %,.0f of %,.0f ops/s offered", r.throughputOpsS(), o.rate());
    }
    return null;
  }
}
