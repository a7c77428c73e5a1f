package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import picocli.CommandLine.Option;

/** How open-loop arrivals are shaped: shared by run --load open, curve and capacity. */
final class OpenLoadOptions {
  @Option(names = "--max-in-flight", defaultValue = "1024", description = "Open loop: operations in flight at most; an arrival beyond it is not sent and counts against the SLA (default: ${DEFAULT-VALUE}).")
  int maxInFlight;

  @Option(names = "--arrival", defaultValue = "constant", description = "Open loop: constant (evenly spaced) or poisson arrivals (default: ${DEFAULT-VALUE}).")
  String arrival;

  LoadModel.Open open(double rate, long durationMs) {
    RaceOptions.require(maxInFlight >= 1 && maxInFlight <= 1_000_000, "--max-in-flight must be 1..1000000, got " + maxInFlight);
    RaceOptions.require(arrival.equals("constant") || arrival.equals("poisson"), "--arrival must be constant or poisson, got " + arrival);
    RaceOptions.require(rate > 0 && rate <= 10_000_000, "a rate must be > 0 and <= 10000000 per second, got " + rate);
    return new LoadModel.Open(rate, durationMs, maxInFlight, arrival);
  }
}
