package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import java.util.Locale;

/**
 * One run a plan asks for, as a value: which stack, at which load, with which pool and platform threads, why, and where
 * in its stack's series and the race's rounds. {@link RaceRunner#run(RunSlot, int)} runs it.
 *
 * @param threads platform threads for the stacks with a fixed pool ({@link dev.dbrace.core.spi.StackConfig#ELASTIC_THREADS}
 *     for elastic)
 * @param step the run's position in its stack's series (0 for a plain race)
 * @param round which round of the race (1-based); rounds after the first get folders of their own
 * @param agents how many agents share the run (a scale curve's step, {@code curve --agents 1,2,4}); null: the race's
 *     (every agent the race waited for, or none: this machine)
 */
public record RunSlot(String stack, LoadModel load, int pool, int threads, Purpose purpose, int step, int round,
    Integer agents) {

  /** A run on the race's agents (or this machine). */
  public RunSlot(String stack, LoadModel load, int pool, int threads, Purpose purpose, int step, int round) {
    this(stack, load, pool, threads, purpose, step, round, null);
  }

  /** Why a run was made; race.json's {@code purpose} is its label. */
  public enum Purpose {
    /** A plain race's run. */
    RACE,
    /** A curve's step. */
    CURVE,
    /** The closed-loop run a capacity search starts from. */
    PROBE,
    /** A capacity search's open-loop step. */
    CAPACITY;

    /** {@code race}, {@code curve}, {@code probe} or {@code capacity}. */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** A run with the race's own pool and threads. */
  public static RunSlot of(RaceSettings settings, String stack, LoadModel load, Purpose purpose, int step, int round) {
    return new RunSlot(stack, load, settings.setup().pool(), settings.setup().threads(), purpose, step, round);
  }
}
