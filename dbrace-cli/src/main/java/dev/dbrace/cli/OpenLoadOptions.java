package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.Defaults;
import picocli.CommandLine.Option;

/** How open-loop arrivals are shaped: shared by run --load open, curve and capacity. */
final class OpenLoadOptions {
  @Option(names = "--max-in-flight", defaultValue = Defaults.MAX_IN_FLIGHT,
      description = "Open loop: operations in flight at most; an arrival beyond it is not sent and counts against the SLA "
          + "(default: ${DEFAULT-VALUE}).")
  int maxInFlight;

  @Option(names = "--arrival", defaultValue = Defaults.ARRIVAL,
      description = "Open loop: constant (evenly spaced) or poisson arrivals (default: ${DEFAULT-VALUE}).")
  String arrival;

  LoadModel.Open open(double rate, long durationMs) {
    RaceOptions.require(maxInFlight >= 1 && maxInFlight <= Defaults.MAX_IN_FLIGHT_LIMIT,
        "--max-in-flight must be 1.." + Defaults.MAX_IN_FLIGHT_LIMIT + ", got " + maxInFlight);
    RaceOptions.require(arrival.equals("constant") || arrival.equals("poisson"), "--arrival must be constant or poisson, got " + arrival);
    RaceOptions.require(rate > 0 && rate <= Defaults.RATE_MAX,
        "a rate must be > 0 and <= " + Defaults.RATE_MAX + " per second, got " + rate);
    return new LoadModel.Open(rate, durationMs, maxInFlight, arrival);
  }
}
