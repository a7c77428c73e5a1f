package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.UserError;
import java.util.List;
import picocli.CommandLine.Option;

/** How open-loop arrivals are shaped: shared by run --load open, curve and capacity. */
final class OpenLoadOptions {
  @Option(names = "--max-in-flight",
      description = "Open loop: operations in flight at most; an arrival beyond it is not sent and counts against the SLA "
          + "(default: ${DEFAULT-VALUE}).")
  int maxInFlight;

  @Option(names = "--arrival",
      description = "Open loop: constant (evenly spaced) or poisson arrivals (default: ${DEFAULT-VALUE}).")
  String arrival;

  @Option(names = "--spike", converter = SpikeConverter.class, paramLabel = "RATE@AT+FOR",
      description = "Open loop: a load spike, RATE arrivals per second from AT after the start of the measured phase "
          + "for FOR, e.g. 8000@10s+5s (repeatable, one spike at a time); reported with each stack's time to recover.")
  List<LoadModel.Spike> spikes;

  /** Refuses --spike where no open loop takes it: {@code where} says what runs instead. */
  void noSpikes(String where) {
    UserError.require(spikes == null || spikes.isEmpty(), "--spike is for an open loop (--load open --rate R): " + where);
  }

  LoadModel.Open open(double rate, long durationMs) {
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
