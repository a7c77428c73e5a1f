package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.service.UserServices;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.inputs.Input;
import dev.dbrace.runner.inputs.RaceInputs;
import dev.dbrace.runner.inputs.RaceResolution;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * A racing command's inputs: the command line's layer, read from picocli's parse (each option the user gave, and
 * only those: an option's field holds its default when not given, {@link DefaultValues}), resolved over the scenario
 * and the defaults by the runner's {@link RaceResolution}. What only the console does is here: which service variants
 * race (built and said in a line), the command as typed.
 */
final class RequestResolver extends RaceResolution {
  private final CommandSpec spec;

  /**
   * @param file the scenario file given as the command's parameter, or null
   * @param servicesOnly whether the command races services whatever --level says (serve-race)
   */
  RequestResolver(CommandSpec spec, Path file, boolean servicesOnly) {
    this(spec, file, servicesOnly, RaceInputs.none());
  }

  /** The same, with what the command itself sets over its command line ({@code swept}: a curve's first step of a sweep). */
  RequestResolver(CommandSpec spec, Path file, boolean servicesOnly, RaceInputs swept) {
    super(swept.over(commandLine(spec.commandLine().getParseResult())), file, level(spec, servicesOnly),
        Defaults.Command.named(spec.name()));
    this.spec = spec;
  }

  /** The options picocli matched on the command line that are a race's inputs, with their values. */
  static RaceInputs commandLine(ParseResult parsed) {
    Map<Input<?>, Object> given = new LinkedHashMap<>();
    for (OptionSpec option : parsed.matchedOptions()) {
      Input<?> input = Input.byOption(option.longestName());
      if (input != null) {
        given.put(input, option.getValue());
      }
    }
    return RaceInputs.of(given);
  }

  private static RaceSettings.Level level(CommandSpec spec, boolean servicesOnly) {
    ServiceLevel service = spec.mixins().values().stream().map(CommandSpec::userObject).filter(ServiceLevel.class::isInstance)
        .map(ServiceLevel.class::cast).findFirst().orElse(null);
    boolean levelGiven = spec.commandLine().getParseResult().hasMatchedOption("--level");
    UserError.require(!servicesOnly || !levelGiven || service.on(),
        spec.name() + " races services; --level driver is for run, curve and capacity");
    return servicesOnly || (service != null && service.on()) ? RaceSettings.Level.SERVICE : RaceSettings.Level.DRIVER;
  }

  /** Whether picocli matched {@code option} on the command line. */
  boolean given(String option) {
    return spec.commandLine().getParseResult().hasMatchedOption(option);
  }

  /** The engine as the command line typed it (serve-race's {@code both}), else null. */
  String engineTyped() {
    return commandLine().get(Input.ENGINE).orElse(null);
  }

  /** The results folder as given, or null. */
  Path out() {
    return commandLine().get(Input.OUT).orElse(null);
  }

  /** The service variants on {@code engine}: --services, else the scenario's (those the engine lacks left out), else every one. */
  List<String> variants(Engine engine, Consumer<String> notices) {
    dbCpus(); // refused before any variant is looked at or its addon built
    return ServiceLevel.variants(engine, services(), servicesFromScenario(), url(), notices);
  }

  /**
   * The settings of a race of service variants on {@code engine}, at the resolved endpoint; with service files
   * ({@code --service}), of the users' services (and the variants --services names beside them) on the files' endpoints.
   */
  RaceSettings serviceSettings(Engine engine, LoadModel load, int concurrency, long warmupMs) {
    // what the variant selection leaves out is said once the whole request checked out: a bad option's error is the only line
    List<String> notices = new ArrayList<>();
    UserServices users = serviceOptions().users();
    RaceSettings settings;
    if (users.isEmpty()) {
      settings = settings(variants(engine, notices::add), endpoint(), load, concurrency, warmupMs);
    } else {
      UserError.require(!given("--endpoint"), "--endpoint names an endpoint of dbrace's service contract; the service "
          + "files name the endpoints they race: leave it out");
      List<String> raced = new ArrayList<>(users.names());
      if (given("--services")) {
        List<String> ours = variants(engine, notices::add);
        List<String> clash = users.clashes(Set.copyOf(ours));
        if (!clash.isEmpty()) {
          throw new UserError("a service file names its service " + clash.getFirst() + ", as a variant of dbrace's is "
              + "named: rename it in the file");
        }
        raced.addAll(ours);
      }
      settings = settings(raced, users.workload(), load, concurrency, warmupMs);
    }
    notices.forEach(System.err::println);
    return settings;
  }

  /** The command's service-level options (serve-race, curve, capacity). */
  private ServiceLevel serviceOptions() {
    return spec.mixins().values().stream().map(CommandSpec::userObject).filter(ServiceLevel.class::isInstance)
        .map(ServiceLevel.class::cast).findFirst().orElseThrow();
  }

  /** The race as one immutable request, on the resolved database, into --out. */
  RaceRequest request(RaceSettings settings, RacePlan plan, Race.Sla sla, FaultPlan faults) {
    return request(settings, plan, sla, faults, engine(), out());
  }

  /** The same on {@code engine} into {@code out} (serve-race --engine both: one race per engine). */
  RaceRequest request(RaceSettings settings, RacePlan plan, Race.Sla sla, FaultPlan faults, Engine engine, Path out) {
    return request(settings, plan, sla, faults, engine, out, RunCommand.commandLine(spec));
  }
}
