package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack once on the same workload and load. */
@Command(name = "run", description = {"Race stacks on one workload at one load (embedded PostgreSQL, or Firebird with --engine firebird, unless --url).",
    "The workload is a built-in one (--workload) or your own scenario file (docs/scenario-file.md): "
        + "./dbrace run examples/orders.yaml; options given here override the file's values."},
    mixinStandardHelpOptions = true, sortOptions = false)
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_STACKS = RaceOptions.DEFAULT_STACKS;

  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml", description = "Your own workload as a scenario file (see docs/scenario-file.md).")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin LoadOptions loadOptions;

  @Option(names = "--faults", paramLabel = "SPEC", description = {
      "Inject faults into an open-loop run: KIND[=VALUE]@AT[+FOR], comma-separated, times from the start of the "
          + "measured phase, one fault at a time, e.g. kill-connections@2s,latency=50ms@4s+1s,restart@7s. Kinds: "
          + "kill-connections[@AT[+FOR]] (pg_terminate_backend of the stack's backends, again every 250 ms for FOR), "
          + "restart@AT (stop and start the embedded server; not with --url), latency=MS@AT+FOR and stall@AT+FOR "
          + "(through a TCP proxy between worker and database), exhaust[=N]@AT+FOR (N connections, default the pool, "
          + "sleep in the server and the ledger table is locked). The workload defaults to ledger (one insert per "
          + "operation), so every success is checked against the rows afterwards."})
  String faults;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    RaceOptions.require(faults == null || scenarioFile == null,
        "--faults is not for scenario files yet: it checks the built-in ledger workload's rows");
    if (scenarioFile != null) {
      Scenario scenario = Scenario.load(scenarioFile, StackCatalog.discover(Main.home()).names());
      scenario.applyTo(race, loadOptions, commandSpec.commandLine().getParseResult());
      RaceSettings settings = race.settings(scenario.workload(), loadOptions.model(), loadOptions.concurrency, loadOptions.warmupMs);
      return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.engine(), race.out, commandLine(commandSpec),
          tty(), null, scenario.setupFiles(race.engine()), null);
    }
    race.applyScenario(commandSpec, null);
    FaultPlan plan = null;
    if (faults != null) {
      if (!commandSpec.commandLine().getParseResult().hasMatchedOption("--workload")) {
        race.workload = dev.dbrace.core.workload.Workloads.LEDGER;
      }
    }
    var spec = race.workloadSpec();
    LoadModel model = loadOptions.model();
    if (faults != null) {
      RaceOptions.require(model instanceof LoadModel.Open, "--faults needs --load open: a closed loop slows down with "
          + "the stack, so a fault would hide in fewer arrivals instead of showing as errors and latency");
      RaceOptions.require(race.engine() == dev.dbrace.core.spi.Engine.POSTGRESQL, "--faults runs on PostgreSQL only");
      plan = FaultPlan.parse(faults, ((LoadModel.Open) model).durationMs(), race.url == null);
    }
    RaceSettings settings = race.settings(spec, model, loadOptions.concurrency, loadOptions.warmupMs);
    return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.engine(), race.out, commandLine(commandSpec),
        tty(), null, java.util.List.of(), plan);
  }

  static boolean tty() {
    return "1".equals(System.getProperty("dbrace.tty"));
  }

  /** The command as typed, for rerunning; RaceSession redacts it once the password is known. */
  static String commandLine(CommandSpec spec) {
    return "./dbrace " + spec.name() + " " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
  }

  static String timestamp() {
    return Instant.now().toString().replaceAll("[-:]", "").replace("T", "-").substring(0, 15);
  }
}
