package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack once on the same workload and load. */
@Command(name = "run", description = "Race stacks on one workload at one load (embedded PostgreSQL, or Firebird with --engine firebird, unless --url).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_STACKS = RaceOptions.DEFAULT_STACKS;

  @Mixin RaceOptions race;

  @Mixin LoadOptions loadOptions;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    race.applyScenario(commandSpec);
    var spec = race.workloadSpec();
    LoadModel model = loadOptions.model();
    RaceSettings settings = race.settings(spec, model, loadOptions.concurrency, loadOptions.warmupMs);
    return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.engine(), race.out, commandLine(commandSpec), tty());
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
