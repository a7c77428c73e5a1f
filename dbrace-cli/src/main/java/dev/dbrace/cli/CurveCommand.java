package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.runner.CurvePlan;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.scenario.Scenario;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace curve}: latency vs load, one run per stack per step. */
@Command(name = "curve", description = "Latency-vs-load curves: "
    + "each stack through a series of open-loop rates (or closed-loop concurrencies).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class CurveCommand implements Callable<Integer> {
  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml",
      description = "Your own workload as a scenario file (docs/scenario-file.md); its sla: is drawn unless --sla is given.")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin DatabaseOptions database;

  @Mixin StackOptions stacks;

  @Mixin GuardOptions guards;

  @Option(names = "--rates", split = ",", description = "Open-loop arrival rates per second, one step each, e.g. 1000,2000,5000.")
  List<Double> rates;

  @Option(names = "--concurrencies", split = ",", description = "Closed-loop concurrencies instead, one step each, e.g. 1,4,16,64,256 "
      + "(throughput vs concurrency).")
  List<Integer> concurrencies;

  @Option(names = "--step-duration", converter = Durations.class, defaultValue = Defaults.CURVE_STEP,
      description = "Measured time per step (default: ${DEFAULT-VALUE}).")
  long stepMs;

  @Option(names = "--warmup", converter = WarmupConverter.class, defaultValue = Defaults.WARMUP,
      description = "Warm-up per step, excluded from figures: "
          + "auto (until steady, at most --warmup-max) or a duration (default: ${DEFAULT-VALUE}).")
  long warmupMs;

  @Option(names = "--sla", converter = SlaConverter.class, description = "Draw this SLA on the curves and stop a stack's series at 10x it, "
      + "e.g. p99=10ms.")
  Race.Sla sla;

  @Mixin OpenLoadOptions open;

  @Mixin ServiceLevel service;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    RequestResolver resolver = new RequestResolver(commandSpec, scenarioFile, false);
    Race.Sla sla = resolver.sla(this.sla);
    long warmup = resolver.warmup(warmupMs);
    RaceOptions.require((rates == null) != (concurrencies == null), "give --rates (open loop) or --concurrencies (closed loop)");
    RaceOptions.require(stepMs > 0, "--step-duration must be > 0");
    List<LoadModel> steps = new ArrayList<>();
    if (rates != null) {
      rates.stream().sorted().distinct().forEach(r -> steps.add(open.open(r, stepMs)));
    } else {
      concurrencies.stream().sorted().distinct().forEach(c -> {
        RaceOptions.require(c >= 1 && c <= Defaults.CONCURRENCY_MAX, "a concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + c);
        steps.add(new LoadModel.Closed(0, stepMs, c));
      });
    }
    RaceOptions.require(steps.size() <= Defaults.CURVE_MAX_STEPS, "at most " + Defaults.CURVE_MAX_STEPS + " steps, got " + steps.size());
    CurvePlan plan = new CurvePlan(steps, sla, resolver.rounds(Defaults.CURVE_ROUNDS));
    int concurrency = steps.get(0) instanceof LoadModel.Closed c ? c.concurrency() : open.maxInFlight;
    if (resolver.serviceLevel()) {
      RaceSettings settings = resolver.serviceSettings(resolver.engine(), steps.get(0), concurrency, warmup);
      return service.run(resolver.request(settings, plan, sla, null));
    }
    RaceSettings settings = resolver.stackSettings(resolver.workload(null), steps.get(0), concurrency, warmup);
    return RaceSession.run(resolver.request(settings, plan, sla, null));
  }
}
