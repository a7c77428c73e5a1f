package dev.dbrace.core.load;

import java.util.SplittableRandom;

/**
 * When an open loop's operations arrive: successive offsets from the schedule's start, in
 * nanoseconds, never decreasing. Offsets are computed from the arrival count (constant) or from a
 * seeded generator (poisson), never from the clock, so a run's schedule is the same on every
 * stack and every repetition. Not thread-safe: one scheduler thread draws from it.
 */
public interface ArrivalSchedule {

  /** The offset of the next arrival from the schedule's start (the first is 0, or an agent's part's offset). */
  long nextOffsetNanos();

  /** The schedule of an open-loop model; {@code seed} only matters for poisson arrivals. */
  static ArrivalSchedule of(LoadModel.Open model, long seed) {
    return of(model, seed, Share.WHOLE);
  }

  /**
   * The schedule of an agent's part of an open loop ({@code model} is the part, {@link Share#part}): poisson arrivals
   * from the part's own seed, constant ones offset by the part's place in their interval.
   */
  static ArrivalSchedule of(LoadModel.Open model, long seed, Share share) {
    return model.arrival().equals("poisson")
        ? new Poisson(model.rate(), share.seed(seed))
        : new Constant(model.rate(), share.offsetNanos(1e9 / model.rate()));
  }

  /**
   * Evenly spaced arrivals. Offset {@code k} is {@code first + round(k / rate)}, computed afresh each time
   * rather than by adding gaps, so rounding never accumulates into a drifting rate.
   */
  final class Constant implements ArrivalSchedule {
    private final double gapNanos;
    private final long firstNanos;
    private long count;

    public Constant(double ratePerSecond) {
      this(ratePerSecond, 0);
    }

    /** Arrivals from {@code firstNanos} on (an agent's part of a shared schedule, {@link Share#offsetNanos}). */
    public Constant(double ratePerSecond, long firstNanos) {
      this.gapNanos = 1e9 / ratePerSecond;
      this.firstNanos = firstNanos;
    }

    @Override
    public long nextOffsetNanos() {
      return firstNanos + Math.round(count++ * gapNanos);
    }
  }

  /**
   * A Poisson process: independent, exponentially distributed gaps with mean {@code 1 / rate}.
   * It models many independent clients better than a metronome does, with the bursts that
   * come with them. The first arrival is at 0, like the constant schedule's.
   */
  final class Poisson implements ArrivalSchedule {
    private final double meanGapNanos;
    private final SplittableRandom random;
    private double offset;
    private boolean first = true;

    public Poisson(double ratePerSecond, long seed) {
      this.meanGapNanos = 1e9 / ratePerSecond;
      this.random = new SplittableRandom(seed);
    }

    @Override
    public long nextOffsetNanos() {
      if (first) {
        first = false;
        return 0;
      }
      // Inverse transform sampling; 1 - u is in (0, 1], so the logarithm is finite.
      offset += -Math.log(1.0 - random.nextDouble()) * meanGapNanos;
      return (long) offset;
    }
  }
}
