package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack once on the same workload and load. */
@Command(name = "run", description = {"Race stacks on one workload at one load (embedded PostgreSQL unless --url).",
    "The workload is a built-in one (--workload) or your own scenario file (docs/scenario-file.md): "
        + "./dbrace run examples/orders.yaml; options given here override the file's values."},
    mixinStandardHelpOptions = true, sortOptions = false)
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_STACKS = RaceOptions.DEFAULT_STACKS;

  @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO.yaml", description = "Your own workload as a scenario file (see docs/scenario-file.md).")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin LoadOptions loadOptions;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    if (scenarioFile != null) {
      Scenario scenario = Scenario.load(scenarioFile, StackCatalog.discover(Main.home()).names());
      scenario.applyTo(race, loadOptions, commandSpec.commandLine().getParseResult());
      RaceSettings settings = race.settings(scenario.workload(), loadOptions.model(), loadOptions.concurrency, loadOptions.warmupMs);
      return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.out, commandLine(commandSpec), tty(), null,
          scenario.setupFiles());
    }
    race.applyScenario(commandSpec, null);
    var spec = race.workloadSpec();
    LoadModel model = loadOptions.model();
    RaceSettings settings = race.settings(spec, model, loadOptions.concurrency, loadOptions.warmupMs);
    return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.out, commandLine(commandSpec), tty());
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
