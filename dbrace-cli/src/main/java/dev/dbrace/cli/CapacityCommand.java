package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.runner.CapacitySearch;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.scenario.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace capacity}: each stack's highest rate within an SLA. */
@Command(name = "capacity", description = "Find each stack's (or, with --level service, each service's) capacity: the highest open-loop rate with the SLA kept (e.g. --sla p99=10ms).",
    mixinStandardHelpOptions = true, sortOptions = false)
public final class CapacityCommand implements Callable<Integer> {
  public static final String DEFAULT_STEP = "8s";
  public static final String DEFAULT_WARMUP = "2s";
  public static final String DEFAULT_CONCURRENCY = "64";
  public static final String DEFAULT_PRECISION = "10";

  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml", description = "Your own workload as a scenario file (docs/scenario-file.md); its sla: is used unless --sla is given.")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Option(names = "--sla", converter = SlaConverter.class, description = "The latency target, e.g. p99=10ms (errors < 0.1 %% unless ,errors=N%% is added); required unless the scenario file has sla:.")
  Race.Sla sla;

  @Option(names = "--step-duration", converter = Durations.class, defaultValue = DEFAULT_STEP, description = "Measured time per search step (default: ${DEFAULT-VALUE}); lengthened, up to tenfold, where a rate needs it to give the percentile 10/(1-q) operations (1,000 for p99).")
  long stepMs;

  @Option(names = "--warmup", converter = WarmupConverter.class, defaultValue = DEFAULT_WARMUP, description = "Warm-up per step, excluded from figures (default: ${DEFAULT-VALUE}, or the scenario file's load.warmup).")
  long warmupMs;

  @Option(names = "--concurrency", defaultValue = DEFAULT_CONCURRENCY, description = "In flight during the closed-loop probe the search starts from (default: ${DEFAULT-VALUE}, or the scenario file's load.concurrency).")
  int concurrency;

  @Option(names = "--precision", defaultValue = DEFAULT_PRECISION, description = "Stop refining when the bracket is within this many percent (default: ${DEFAULT-VALUE}).")
  double precisionPct;

  @Mixin OpenLoadOptions open;

  @Mixin ServiceLevel service;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    var given = commandSpec.commandLine().getParseResult();
    Scenario file = scenarioFile == null ? null : Scenario.forPlan(scenarioFile, race, service, given);
    if (file == null) {
      race.applyScenario(commandSpec, service);
    } else {
      sla = file.sla(sla);
      warmupMs = file.warmupMs(warmupMs, given.hasMatchedOption("--warmup"));
      concurrency = file.concurrency(concurrency, given.hasMatchedOption("--concurrency"));
    }
    RaceOptions.require(!given.hasMatchedOption("--rounds") || race.rounds(1) == 1, "capacity runs one round: "
        + "its search picks each next rate from the last result, so rounds cannot be interleaved (use curve --rounds N at fixed rates)");
    if (race.rounds != null && race.rounds > 1) { // from the scenario file, which run and curve honour
      System.err.println("dbrace: capacity runs one round (its search picks each next rate from the last result);"
          + " the scenario file's load.rounds: " + race.rounds + " is for run and curve");
    }
    RaceOptions.require(sla != null, "capacity needs an SLA: --sla p99=10ms, or sla: in the scenario file");
    RaceOptions.require(stepMs > 0, "--step-duration must be > 0");
    RaceOptions.require(concurrency >= 1 && concurrency <= 100_000, "--concurrency must be 1..100000, got " + concurrency);
    RaceOptions.require(precisionPct >= 1 && precisionPct <= 50, "--precision must be 1..50 (percent), got " + precisionPct);
    open.open(1, stepMs); // validates the open-loop options before anything starts
    CapacitySearch search = new CapacitySearch(sla, stepMs, concurrency, precisionPct / 100, (rate, ms) -> open.open(rate, ms));
    LoadModel probe = new LoadModel.Closed(0, stepMs, concurrency);
    if (service.on()) {
      RaceSettings settings = race.settings(service.variants(race.engine()), service.workload(), probe, concurrency, warmupMs);
      return service.run(settings, search, sla, race.url, race.engine(), race.out, RunCommand.commandLine(commandSpec));
    }
    RaceSettings settings = race.settings(file == null ? race.workloadSpec() : file.workload(), probe, concurrency, warmupMs);
    return RaceSession.run(settings, search, sla, race.url, race.engine(), race.out, RunCommand.commandLine(commandSpec),
        RunCommand.tty(), null, file == null ? List.of() : file.setupFiles(race.engine()), null);
  }
}
