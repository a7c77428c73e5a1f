package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How open-loop arrivals are shaped: shared by run --load open, curve and capacity; checked and applied by the runner's
 * {@code OpenLoad}.
 */
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
}
