package dev.dbrace.runner.inputs;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.UserError;
import java.util.List;

/**
 * How a race's open-loop arrivals are shaped ({@code --max-in-flight}, {@code --arrival}, {@code --spike}), resolved;
 * {@link #open} makes an open load of them at a rate, for run --load open and each step of curve and capacity.
 *
 * @param spikes null for none
 */
public record OpenLoad(int maxInFlight, String arrival, List<LoadModel.Spike> spikes) {
  public OpenLoad {
    spikes = spikes == null ? null : List.copyOf(spikes);
  }

  /** Refuses --spike where no open loop takes it: {@code where} says what runs instead. */
  public void noSpikes(String where) {
    UserError.require(spikes == null || spikes.isEmpty(), "--spike is for an open loop (--load open --rate R): " + where);
  }

  /** An open load at {@code rate} for {@code durationMs}, every setting checked; each problem the user's, in one line. */
  public LoadModel.Open open(double rate, long durationMs) {
    UserError.require(maxInFlight >= 1 && maxInFlight <= Defaults.MAX_IN_FLIGHT_LIMIT,
        "--max-in-flight must be 1.." + Defaults.MAX_IN_FLIGHT_LIMIT + ", got " + maxInFlight);
    UserError.require(arrival.equals("constant") || arrival.equals("poisson"), "--arrival must be constant or poisson, got " + arrival);
    UserError.require(rate > 0 && rate <= Defaults.RATE_MAX,
        "a rate must be > 0 and <= " + Defaults.RATE_MAX + " per second, got " + rate);
    for (LoadModel.Spike s : spikes == null ? List.<LoadModel.Spike>of() : spikes) {
      UserError.require(s.atMs() >= 1000, "--spike " + s.describe() + ": start it at 1s or later: its recovery is "
          + "measured against the p99 of the seconds before it");
    }
    try {
      return new LoadModel.Open(rate, durationMs, maxInFlight, arrival, spikes);
    } catch (IllegalArgumentException e) {
      throw new UserError("--spike: " + e.getMessage());
    }
  }
}
