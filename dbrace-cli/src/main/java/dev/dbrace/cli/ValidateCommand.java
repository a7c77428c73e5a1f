package dev.dbrace.cli;

import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.scenario.ScenarioReader;
import dev.dbrace.runner.service.UserServices;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace validate}: checks a scenario file and tells what {@code run} would do, without running it. */
@Command(name = "validate", description = {"Check a scenario file without running it: prints what ./dbrace run would race (exit 0),",
    "or one line naming the file, line and field of the first problem (exit 2). Takes run's options, which override the file's.",
    "A service file (docs/service-file.md) is checked as serve-race --service reads it."},
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
final class ValidateCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "SCENARIO.yaml", description = "The scenario file (docs/scenario-file.md) or a "
      + "service file (docs/service-file.md).")
  Path scenarioFile;

  @Mixin RaceOptions race;

  @Mixin DatabaseOptions database;

  @Mixin StackOptions stacks;

  @Mixin LoadOptions loadOptions;

  @Mixin GuardOptions guards;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    if (ScenarioReader.isServiceFile(scenarioFile)) {
      // a user's service (docs/service-file.md): its file checked as serve-race --service reads it
      System.out.println(UserServices.read(List.of(scenarioFile)).describe());
      return 0;
    }
    // the request run would make, with every check run makes, but not raced
    RequestResolver resolver = new RequestResolver(commandSpec, scenarioFile, false);
    RacePlan.Fixed rounds = new RacePlan.Fixed(resolver.rounds());
    var workload = resolver.workload(null);
    var model = resolver.loadModel();
    RaceSettings settings = resolver.stackSettings(workload, model, resolver.concurrency(), resolver.warmup());
    System.out.println(resolver.scenario().summary(resolver.request(settings, rounds, null, null)));
    System.out.println(resolver.scenario().capacitySummary());
    return 0;
  }
}
