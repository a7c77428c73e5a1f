package dev.dbrace.cli;

import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.scenario.Scenario;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace validate}: checks a scenario file and tells what {@code run} would do, without running it. */
@Command(name = "validate", description = {"Check a scenario file without running it: prints what ./dbrace run would race (exit 0),",
    "or one line naming the file, line and field of the first problem (exit 2). Takes run's options, which override the file's."},
    mixinStandardHelpOptions = true, sortOptions = false)
public final class ValidateCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario file (see docs/scenario-file.md).")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin LoadOptions loadOptions;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    Scenario scenario = Scenario.load(scenarioFile, StackCatalog.discover(Main.home()).names());
    scenario.applyTo(race, loadOptions, commandSpec.commandLine().getParseResult());
    var model = RunCommand.model(loadOptions);
    race.rounds(RunCommand.DEFAULT_ROUNDS); // checks the file's load.rounds as run does
    race.settings(scenario.workload(), model, loadOptions.concurrency, loadOptions.warmupMs); // the checks run does
    System.out.println(scenario.summary(race, model, loadOptions.warmupMs));
    System.out.println(scenario.capacitySummary());
    return 0;
  }
}
