package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dbrace capacity}: each stack's highest rate within an SLA. */
@Command(name = "capacity", description = "Find each stack's (or, with --level service, each service's) capacity: the highest open-loop rate with the SLA kept (e.g. --sla p99=10ms).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class CapacityCommand implements Callable<Integer> {
  @Mixin RaceOptions race;

  @Option(names = "--sla", required = true, converter = SlaConverter.class, description = "The latency target, e.g. p99=10ms (errors < 0.1 % unless ,errors=N%% is added).")
  Race.Sla sla;

  @Option(names = "--step-duration", converter = Durations.class, defaultValue = "8s", description = "Measured time per search step (default: ${DEFAULT-VALUE}).")
  long stepMs;

  @Option(names = "--warmup", converter = Durations.class, defaultValue = "2s", description = "Warm-up per step, excluded from figures (default: ${DEFAULT-VALUE}).")
  long warmupMs;

  @Option(names = "--concurrency", defaultValue = "64", description = "In flight during the closed-loop probe the search starts from (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(names = "--precision", defaultValue = "10", description = "Stop refining when the bracket is within this many percent (default: ${DEFAULT-VALUE}).")
  double precisionPct;

  @Mixin OpenLoadOptions open;

  @Mixin ServiceLevel service;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    race.applyScenario(commandSpec, service);
    RaceOptions.require(stepMs > 0, "--step-duration must be > 0");
    RaceOptions.require(concurrency >= 1 && concurrency <= 100_000, "--concurrency must be 1..100000, got " + concurrency);
    RaceOptions.require(precisionPct >= 1 && precisionPct <= 50, "--precision must be 1..50 (percent), got " + precisionPct);
    open.open(1, stepMs); // validates the open-loop options before anything starts
    CapacitySearch search = new CapacitySearch(sla, stepMs, concurrency, precisionPct / 100, rate -> open.open(rate, stepMs));
    LoadModel probe = new LoadModel.Closed(0, stepMs, concurrency);
    if (service.on()) {
      RaceSettings settings = race.settings(service.variants(race.engine()), service.workload(), probe, concurrency, warmupMs);
      return service.run(settings, search, sla, race.url, race.engine(), race.out, RunCommand.commandLine(commandSpec));
    }
    RaceSettings settings = race.settings(race.workloadSpec(), probe, concurrency, warmupMs);
    return RaceSession.run(settings, search, sla, race.url, race.engine(), race.out, RunCommand.commandLine(commandSpec), RunCommand.tty());
  }
}
