package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A latency-vs-load curve: each stack through the same series of loads (open-loop rates, or
 * closed-loop concurrencies), one run per step; or, at one load, through a series of pool sizes or
 * platform threads ({@link #over}). A load series stops once the stack is clearly past
 * saturation, so a weak stack does not spend minutes drowning: when a step's errors (plus arrivals
 * not issued) exceed 1 %, when its latency exceeds 10x the SLA (if one is given), or when it
 * achieved less than half the offered rate.
 */
public final class CurvePlan implements RacePlan {
  static final double SATURATED_ERROR_RATE = 0.01;
  static final double SATURATED_SLA_FACTOR = 10;

  /** What a curve's steps vary: the load (rate or concurrency) or a setting of the stacks (pool, threads). */
  public enum Sweep {
    RATE, CONCURRENCY, POOL, THREADS, AGENTS;

    /** race.json's word for it. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * One step: the load, the pool and platform threads its runs get and how many agents share them (null: the race's).
   */
  public record Step(LoadModel load, Integer pool, Integer threads, Integer agents) {
    Step(LoadModel load, Integer pool, Integer threads) {
      this(load, pool, threads, null);
    }
  }

  private final List<Step> steps;
  private final Sweep sweep;
  private final Race.Sla sla;
  private final int rounds;
  private RaceSettings settings; // the race's, for the verdict's "holds for"

  public CurvePlan(List<LoadModel> steps, Race.Sla sla) {
    this(steps, sla, 1);
  }

  /** A curve whose every step runs {@code rounds} times per stack, the stacks interleaved in each round. */
  public CurvePlan(List<LoadModel> steps, Race.Sla sla, int rounds) {
    this(steps.stream().map(l -> new Step(l, null, null)).toList(),
        !steps.isEmpty() && steps.getFirst() instanceof LoadModel.Open ? Sweep.RATE : Sweep.CONCURRENCY, sla, rounds);
  }

  private CurvePlan(List<Step> steps, Sweep sweep, Race.Sla sla, int rounds) {
    this.steps = List.copyOf(steps);
    this.sweep = sweep;
    this.sla = sla;
    this.rounds = RacePlan.checkRounds(rounds, "--rounds");
  }

  /**
   * A curve over a setting of the driver level's stacks at one load: {@code values} pool sizes
   * ({@link Sweep#POOL}) or platform threads ({@link Sweep#THREADS}), one step each, in the order given.
   */
  public static CurvePlan over(Sweep setting, List<Integer> values, LoadModel load, Race.Sla sla, int rounds) {
    if (setting != Sweep.POOL && setting != Sweep.THREADS) {
      throw new IllegalArgumentException("a setting sweep is over pool or threads, not " + setting);
    }
    List<Step> steps = values.stream().map(v -> setting == Sweep.POOL ? new Step(load, v, null) : new Step(load, null, v))
        .toList();
    return new CurvePlan(steps, setting, sla, rounds);
  }

  /**
   * A scale curve: the same load per agent on {@code agents} agents, one step per count in the order given (a closed
   * loop's users or an open loop's rate multiplied by the count): where the database, not the client, saturates.
   */
  public static CurvePlan scale(List<Integer> agents, LoadModel perAgent, Race.Sla sla, int rounds) {
    List<Step> steps = agents.stream().map(k -> new Step(switch (perAgent) {
      case LoadModel.Closed c -> new LoadModel.Closed(c.executions() * k, c.durationMs(), c.concurrency() * k);
      case LoadModel.Open o -> new LoadModel.Open(o.rate() * k, o.durationMs(), o.maxInFlight() * k, o.arrival(),
          o.spikes().stream().map(sp -> new LoadModel.Spike(sp.rate() * k, sp.atMs(), sp.forMs())).toList());
    }, null, null, k)).toList();
    return new CurvePlan(steps, Sweep.AGENTS, sla, rounds);
  }

  @Override
  public String sweep() {
    return sweep.label();
  }

  @Override
  public int rounds() {
    return rounds;
  }

  @Override
  public dev.dbrace.core.result.Verdict verdict(List<RunRecord> runs, Race.Sla raceSla) {
    return settings == null || runs.isEmpty() ? null : Verdict.curve(runs, raceSla, settings.setup().pool(), Verdict.threads(settings),
        sweep);
  }

  @Override
  public String kind() {
    return "curve";
  }

  @Override
  public List<Double> steps() {
    return steps.stream().map(this::x).toList();
  }

  /** The step's position on the x axis: the swept setting's value. */
  private double x(Step s) {
    return switch (sweep) {
      case POOL -> s.pool();
      case THREADS -> s.threads();
      case AGENTS -> s.agents();
      default -> x(s.load());
    };
  }

  /** A load's position on the x axis: offered rate, or concurrency. */
  static double x(LoadModel m) {
    return switch (m) {
      case LoadModel.Open o -> o.rate();
      case LoadModel.Closed c -> c.concurrency();
    };
  }

  /**
   * Step by step, light to heavy; at each step every round runs the stacks still in the series one
   * after another, turned a place each round (A B C, B C A ...), so the machine's drift falls on every stack alike. A stack any
   * of whose rounds at a step is past saturation finishes that step's rounds and leaves the series.
   */
  @Override
  public void execute(RaceRunner runner) throws IOException, InterruptedException {
    settings = runner.settings();
    runner.rounds(rounds);
    List<String> live = new ArrayList<>(runner.settings().subjects().stacks());
    int total = live.size() * steps.size() * rounds;
    int done = 0;
    for (int i = 0; i < steps.size() && !live.isEmpty(); i++) {
      Map<String, String> past = new LinkedHashMap<>();
      for (int round = 1; round <= rounds; round++) {
        Step step = steps.get(i);
        int pool = step.pool() == null ? settings.setup().pool() : step.pool();
        int threads = step.threads() == null ? settings.setup().threads() : step.threads();
        for (String stack : RacePlan.roundOrder(live, round)) {
          RunRecord r = runner.run(new RunSlot(stack, step.load(), pool, threads, RunSlot.Purpose.CURVE, i + 1, round,
              step.agents()),
              total - done - 1);
          done++;
          String why = saturated(r, step.load());
          if (why != null) {
            past.putIfAbsent(stack, why);
          }
        }
      }
      // a bigger pool or more threads may do better where a smaller one drowned: a setting's series runs on
      if (i < steps.size() - 1 && (sweep == Sweep.RATE || sweep == Sweep.CONCURRENCY || sweep == Sweep.AGENTS)) {
        for (var e : past.entrySet()) {
          live.remove(e.getKey());
          total -= (steps.size() - i - 1) * rounds;
          runner.note(e.getKey() + " is past saturation at step " + (i + 1) + " (" + e.getValue()
              + "); skipping its remaining " + (steps.size() - i - 1) + " steps");
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
      return String.format(Locale.ROOT, "%.1f %% errors or not issued", r.errorRate() * 100);
    }
    if (sla != null && sla.latencyOf(r) > SATURATED_SLA_FACTOR * sla.ms()) {
      return String.format(Locale.ROOT, "%s %.1f ms > 10x the SLA", sla.percentile(), sla.latencyOf(r));
    }
    if (load instanceof LoadModel.Open o && r.result().throughputOpsS() < 0.5 * o.rate()) {
      return String.format(Locale.ROOT, "achieved %,.0f of %,.0f ops/s offered", r.result().throughputOpsS(), o.rate());
    }
    return null;
  }
}
