package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.runner.CurvePlan;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.inputs.Input;
import dev.dbrace.runner.inputs.OpenLoad;
import dev.dbrace.runner.inputs.RaceInputs;
import dev.dbrace.runner.inputs.StackChecks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace curve}: latency vs load (or vs a pool or threads setting at one load), one run per stack per step. */
@Command(name = "curve", description = "Latency-vs-load curves: "
    + "each stack through a series of open-loop rates (or closed-loop concurrencies), or at one load through a series "
    + "of pool sizes (--pools) or platform threads (--threads 50,200,...).",
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
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

  @Option(names = "--pools", split = ",", description = "Pool sizes instead, one step each at one load, e.g. 10,20,50,100"
      + " (the load: one --concurrencies or --rates value, else concurrency " + Defaults.CONCURRENCY + "; driver level only).")
  List<Integer> pools;

  @Option(names = "--step-duration", converter = DurationConverter.class,
      description = "Measured time per step (default: ${DEFAULT-VALUE}).")
  long stepMs;

  @Option(names = "--warmup", converter = WarmupConverter.class,
      description = "Warm-up per step, excluded from figures: "
          + "auto (until steady, at most --warmup-max) or a duration (default: ${DEFAULT-VALUE}).")
  long warmupMs;

  @Option(names = "--sla", converter = SlaConverter.class, description = "Draw this SLA on the curves and stop a stack's series at 10x it, "
      + "e.g. p99=10ms.")
  Race.Sla sla;

  @Mixin OpenLoadOptions openLoad;

  @Mixin ServiceLevel service;

  @Mixin AgentOptions agents;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    List<Integer> threadSteps = threadSteps();
    // a threads sweep's race setting is its first step's
    RaceInputs swept = threadSteps == null ? RaceInputs.none()
        : RaceInputs.none().with(Input.THREADS, Integer.toString(Collections.min(threadSteps)));
    RequestResolver resolver = new RequestResolver(commandSpec, scenarioFile, false, swept);
    Race.Sla sla = resolver.sla();
    long warmup = resolver.warmup();
    OpenLoad open = resolver.openLoad();
    CurvePlan.Sweep setting = pools != null ? CurvePlan.Sweep.POOL : threadSteps != null ? CurvePlan.Sweep.THREADS : null;
    UserError.require(pools == null || threadSteps == null, "sweep one setting at a time: --pools or a list of --threads, not both");
    UserError.require(stepMs > 0, "--step-duration must be > 0");
    List<LoadModel> steps = new ArrayList<>();
    CurvePlan plan;
    List<Integer> scale = agents.scale();
    if (scale != null) {
      UserError.require(setting == null, "sweep one setting at a time: a list of --agents, or --pools, or a list of --threads");
      UserError.require((rates == null || rates.size() == 1) && (concurrencies == null || concurrencies.size() == 1)
          && (rates == null) != (concurrencies == null), "a scale curve (a list of --agents) runs one load per agent: "
          + "give one --rates or one --concurrencies value, which every agent gets");
      UserError.require(scale.size() <= Defaults.CURVE_MAX_STEPS, "at most " + Defaults.CURVE_MAX_STEPS + " steps, got "
          + scale.size());
      LoadModel perAgent = rates != null ? open.open(rates.getFirst(), stepMs)
          : new LoadModel.Closed(0, stepMs, concurrencies.getFirst());
      plan = CurvePlan.scale(scale, perAgent, sla, resolver.rounds());
      steps.add(perAgent);
    } else if (setting != null) {
      String axis = setting == CurvePlan.Sweep.POOL ? "--pools" : "a list of --threads";
      UserError.require(rates == null || concurrencies == null, "give " + axis + " one load: --rates R or --concurrencies C, not both");
      UserError.require((rates == null || rates.size() == 1) && (concurrencies == null || concurrencies.size() == 1),
          "sweep one setting at a time: " + axis + " runs at one load, so give one --rates or --concurrencies value");
      UserError.require(!resolver.serviceLevel(), axis + " sweeps the driver level's stacks; a service sizes its own pool");
      UserError.require(setting != CurvePlan.Sweep.POOL || !resolver.given("--pool"),
          "--pool is one pool size and --pools sweeps it: give one of them");
      List<Integer> values = setting == CurvePlan.Sweep.POOL ? pools : threadSteps;
      UserError.require(values.size() >= 2, axis + " needs at least two values to sweep, got " + values.size());
      UserError.require(values.size() <= Defaults.CURVE_MAX_STEPS,
          "at most " + Defaults.CURVE_MAX_STEPS + " steps, got " + values.size());
      for (int v : values) {
        if (setting == CurvePlan.Sweep.POOL) {
          UserError.require(v >= 1 && v <= Defaults.POOL_MAX, "a pool size must be 1.." + Defaults.POOL_MAX + ", got " + v);
        }
      }
      LoadModel load = rates != null ? open.open(rates.getFirst(), stepMs)
          : new LoadModel.Closed(0, stepMs, concurrencies != null ? concurrencies.getFirst() : Defaults.CONCURRENCY);
      if (load instanceof LoadModel.Closed c) {
        UserError.require(c.concurrency() >= 1 && c.concurrency() <= Defaults.CONCURRENCY_MAX,
            "a concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + c.concurrency());
      }
      steps.add(load);
      List<Integer> ordered = values.stream().sorted().distinct().toList();
      plan = CurvePlan.over(setting, ordered, load, sla, resolver.rounds());
    } else {
      UserError.require((rates == null) != (concurrencies == null),
          "give --rates (open loop) or --concurrencies (closed loop), or sweep --pools or a list of --threads");
      if (rates != null) {
        rates.stream().sorted().distinct().forEach(r -> steps.add(open.open(r, stepMs)));
      } else {
        concurrencies.stream().sorted().distinct().forEach(c -> {
          UserError.require(c >= 1 && c <= Defaults.CONCURRENCY_MAX,
              "a concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + c);
          steps.add(new LoadModel.Closed(0, stepMs, c));
        });
      }
      UserError.require(steps.size() <= Defaults.CURVE_MAX_STEPS, "at most " + Defaults.CURVE_MAX_STEPS + " steps, got " + steps.size());
      plan = new CurvePlan(steps, sla, resolver.rounds());
    }
    if (steps.getFirst() instanceof LoadModel.Closed) {
      open.noSpikes("a closed curve's steps slow down with the stack; give --rates for a curve with spikes");
    }
    int concurrency = steps.get(0) instanceof LoadModel.Closed c ? c.concurrency() : open.maxInFlight();
    if (resolver.serviceLevel()) {
      UserError.require(scale == null, "a scale curve (a list of --agents) is the driver level's: at the service level "
          + "the service, not the agents, is what a curve measures; give one --agents count");
      RaceSettings settings = resolver.serviceSettings(resolver.engine(), steps.get(0), concurrency, warmup);
      return service.run(resolver.request(settings, plan, sla, null), race.console(), agents);
    }
    RaceSettings settings = resolver.stackSettings(resolver.workload(null), steps.get(0), concurrency, warmup);
    if (setting == CurvePlan.Sweep.POOL) {
      settings = settings.withPool(plan.steps().getFirst().intValue()); // the race's pool: the first step's
    }
    RunListener console = race.console();
    try (AgentOptions.Shared shared = agents.open(resolver.request(settings, plan, sla, null), console::message)) {
      return RaceSession.run(shared.request(), console);
    }
  }

  /** A list of --threads: the values of a threads sweep (elastic is not a point on its axis); null for one value. */
  private List<Integer> threadSteps() {
    if (stacks.threads == null || !stacks.threads.contains(",")) {
      return null;
    }
    List<Integer> values = new ArrayList<>();
    for (String v : stacks.threads.split(",")) {
      UserError.require(!v.trim().equalsIgnoreCase("elastic"),
          "--threads elastic is one setting, not a step of a sweep: run it on its own (--threads elastic)");
      values.add(StackChecks.threads(v));
    }
    return values;
  }
}
