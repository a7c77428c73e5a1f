package dev.dbrace.core.load;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The extra arrivals of an open loop's spikes: during each spike's window, a second schedule of
 * the spike's rate less the base rate, beside the base schedule, so that the two together arrive
 * at the spike's rate. Offsets are from the start of the measured phase (the open loop adds them
 * to it once measurement has begun) and come, like the base schedule's, from the arrival count or
 * a seeded generator (poisson, a stream of its own per spike), never from the clock. Two Poisson
 * streams together are a Poisson stream of the summed rate; two constant ones are evenly spaced
 * each, so together the spike's rate with gaps that alternate. Not thread-safe: the scheduler's.
 */
final class SpikeArrivals {
  private final List<LoadModel.Spike> spikes;
  private final double baseRate;
  private final String arrival;
  private final long seed;
  private final Share share;
  private int spike = -1;
  private ArrivalSchedule schedule;
  private long next;

  /** {@code model} is an agent's part of the open loop ({@link Share#part}) where {@code share} is not the whole. */
  SpikeArrivals(LoadModel.Open model, long seed, Share share) {
    this.spikes = model.spikes();
    this.baseRate = model.rate();
    this.arrival = model.arrival();
    this.seed = share.seed(seed);
    this.share = share;
    nextSpike();
  }

  /** Whether an arrival is left. */
  boolean pending() {
    return spike < spikes.size();
  }

  /** The next arrival's offset from the measured phase's start, in ns; only while {@link #pending}. */
  long peekOffsetNanos() {
    return next;
  }

  /** Moves past the arrival {@link #peekOffsetNanos} gave. */
  void advance() {
    LoadModel.Spike s = spikes.get(spike);
    long offset = schedule.nextOffsetNanos();
    if (offset < TimeUnit.MILLISECONDS.toNanos(s.forMs())) {
      next = TimeUnit.MILLISECONDS.toNanos(s.atMs()) + offset;
    } else {
      nextSpike();
    }
  }

  private void nextSpike() {
    spike++;
    if (spike < spikes.size()) {
      LoadModel.Spike s = spikes.get(spike);
      double extra = s.rate() - baseRate;
      // a stream of its own per spike, apart from the base schedule's (seeded with seed itself)
      schedule = arrival.equals("poisson") ? new ArrivalSchedule.Poisson(extra, seed * 31 + spike + 1)
          : new ArrivalSchedule.Constant(extra, share.offsetNanos(1e9 / extra));
      next = TimeUnit.MILLISECONDS.toNanos(s.atMs()) + schedule.nextOffsetNanos(); // the first is at the window's start
    }
  }
}
