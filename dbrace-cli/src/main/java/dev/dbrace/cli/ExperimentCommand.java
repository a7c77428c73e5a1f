package dev.dbrace.cli;

import dev.dbrace.cli.console.ExperimentConsole;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.experiment.ExperimentCatalog;
import dev.dbrace.runner.experiment.ExperimentSession;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dbrace experiment <name>}: one of E3's pgjdbc deep dives, in its own worker JVM. */
@Command(name = "experiment", description = "Run a named experiment (./dbrace list shows them and their --opt settings).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class ExperimentCommand implements Callable<Integer> {
  @Parameters(paramLabel = "NAME", description = "The experiment, e.g. plan-flip.")
  String name;

  @Option(names = "--url", description = "Your PostgreSQL (postgresql://user@host:port/db); default: the embedded one.")
  String url;

  @Option(names = "--out", paramLabel = "DIR", description = "Results folder (default: results/<timestamp>-<name>).")
  Path out;

  @Option(names = "--opt", paramLabel = "NAME=VALUE", description = "An experiment setting, e.g. --opt rows=1000000 (see ./dbrace list).")
  Map<String, String> opts = new LinkedHashMap<>();

  @Option(names = "--timeout", converter = DurationConverter.class, defaultValue = "30m",
      description = "Stop the experiment after this long (default: ${DEFAULT-VALUE}).")
  long timeoutMs;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    ExperimentCatalog.Entry entry = ExperimentCatalog.discover(Home.dir()).get(name);
    Map<String, String> options = options(entry, opts);
    return ExperimentSession.run(entry, options, url, out, RunCommand.commandLine(commandSpec), timeoutMs,
        ExperimentConsole.output(System.out, System.err));
  }

  /** The declared options with the user's values over the defaults; an unknown name is a one-line error. */
  static Map<String, String> options(ExperimentCatalog.Entry entry, Map<String, String> given) {
    Map<String, String> all = new LinkedHashMap<>();
    entry.options().forEach(o -> all.put(o.name(), o.defaultValue()));
    given.forEach((k, v) -> {
      if (!all.containsKey(k)) {
        throw new UserError("experiment " + entry.name() + " has no option '" + k + "' (known: "
            + (all.isEmpty() ? "none" : String.join(", ", all.keySet())) + ")");
      }
      all.put(k, v);
    });
    return all;
  }

  /** For ./dbrace list: "name=default" of each option. */
  static String describeOptions(ExperimentCatalog.Entry entry) {
    return entry.options().stream().map(o -> o.name() + "=" + o.defaultValue()).collect(Collectors.joining(" "));
  }
}
