package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.runner.CapacitySearch;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.inputs.OpenLoad;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dbrace capacity}: each stack's highest rate within an SLA. Each run of the search warms up
 * as run's do ({@code --warmup auto}), with capacity's own cap ({@link Defaults#CAPACITY_WARMUP_MAX}).
 */
@Command(name = "capacity", description = "Find each stack's (or, with --level service, each service's) capacity: "
    + "the highest open-loop rate with the SLA kept (e.g. --sla p99=10ms).",
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
public final class CapacityCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml",
      description = "Your own workload as a scenario file (docs/scenario-file.md); its sla: is used unless --sla is given.")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin DatabaseOptions database;

  @Mixin StackOptions stacks;

  @Mixin GuardOptions guards;

  @Option(names = "--sla", converter = SlaConverter.class,
      description = "The latency target, e.g. p99=10ms (errors < 0.1 %% unless ,errors=N%% is added); "
          + "required unless the scenario file has sla:.")
  Race.Sla sla;

  @Option(names = "--step-duration", converter = DurationConverter.class,
      description = "Measured time per search step (default: ${DEFAULT-VALUE}); lengthened, up to tenfold, where a rate needs it "
          + "to give the percentile 10/(1-q) operations (1,000 for p99).")
  long stepMs;

  @Option(names = "--warmup", converter = WarmupConverter.class,
      description = "Warm-up per run, excluded from figures: auto (until steady, at most --warmup-max) or a fixed duration"
          + " (default: ${DEFAULT-VALUE}, or the scenario file's load.warmup).")
  long warmupMs;

  @Option(names = "--concurrency",
      description = "In flight during the closed-loop probe the search starts from "
          + "(default: ${DEFAULT-VALUE}, or the scenario file's load.concurrency).")
  int concurrency;

  @Option(names = "--precision",
      description = "Stop refining when the bracket is within this many percent (default: ${DEFAULT-VALUE}).")
  double precisionPct;

  @Mixin OpenLoadOptions openLoad;

  @Mixin ServiceLevel service;

  @Mixin AgentOptions agents;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    RequestResolver resolver = new RequestResolver(commandSpec, scenarioFile, false);
    Race.Sla sla = resolver.sla();
    long warmup = resolver.warmup();
    int concurrency = resolver.concurrency();
    int rounds = resolver.rounds();
    UserError.require(rounds == 1 || !resolver.given("--rounds"), "capacity runs one round: "
        + "its search picks each next rate from the last result, so rounds cannot be interleaved (use curve --rounds N at fixed rates)");
    if (rounds > 1) { // from the scenario file, which run and curve honour
      System.err.println("dbrace: capacity runs one round (its search picks each next rate from the last result);"
          + " the scenario file's load.rounds: " + rounds + " is for run and curve");
    }
    UserError.require(sla != null, "capacity needs an SLA: --sla p99=10ms, or sla: in the scenario file");
    UserError.require(stepMs > 0, "--step-duration must be > 0");
    UserError.require(concurrency >= 1 && concurrency <= Defaults.CONCURRENCY_MAX,
        "--concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + concurrency);
    UserError.require(precisionPct >= Defaults.PRECISION_MIN && precisionPct <= Defaults.PRECISION_MAX,
        "--precision must be " + Defaults.PRECISION_MIN + ".." + Defaults.PRECISION_MAX + " (percent), got " + precisionPct);
    OpenLoad open = resolver.openLoad();
    open.noSpikes("capacity searches for the highest steady rate within the SLA; use run or curve --rates with --spike");
    open.open(1, stepMs); // validates the open-loop options before anything starts
    CapacitySearch search = new CapacitySearch(sla, stepMs, concurrency, precisionPct / 100, open::open);
    LoadModel probe = new LoadModel.Closed(0, stepMs, concurrency);
    if (resolver.serviceLevel()) {
      RaceSettings settings = resolver.serviceSettings(resolver.engine(), probe, concurrency, warmup);
      return service.run(resolver.request(settings, search, sla, null), race.console(), agents);
    }
    RaceSettings settings = resolver.stackSettings(resolver.workload(null), probe, concurrency, warmup);
    agents.count(); // refuses a list of counts: that is curve's scale curve
    RunListener console = race.console();
    try (AgentOptions.Shared shared = agents.open(resolver.request(settings, search, sla, null), console::message)) {
      return RaceSession.run(shared.request(), console);
    }
  }
}
