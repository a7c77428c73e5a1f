package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dbrace run}: one race, every stack once on the same workload and load. */
@Command(name = "run", description = "Race stacks on one workload at one load (embedded PostgreSQL unless --url).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class RunCommand implements Callable<Integer> {
  static final String DEFAULT_STACKS = RaceOptions.DEFAULT_STACKS;

  @Mixin RaceOptions race;

  @Option(names = "--load", defaultValue = "closed", description = "Load model: closed (C in flight, each completion issues the next) or open (a fixed arrival --rate, latency from the intended start) (default: ${DEFAULT-VALUE}).")
  String load;

  @Option(names = "--executions", description = "Closed load: measured operations per stack.")
  Long executions;

  @Option(names = "--duration", converter = Durations.class, description = "Measured time per stack, e.g. 30s (default 10s unless --executions).")
  Long durationMs;

  @Option(names = "--concurrency", defaultValue = "64", description = "Closed load: operations in flight (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(names = "--rate", description = "Open load: arrivals per second.")
  Double rate;

  @Mixin OpenLoadOptions open;

  @Option(names = "--warmup", converter = Durations.class, defaultValue = "3s", description = "Warm-up per stack, excluded from figures (default: ${DEFAULT-VALUE}).")
  long warmupMs;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    var spec = race.workloadSpec();
    LoadModel model = loadModel();
    RaceSettings settings = race.settings(spec, model, concurrency, warmupMs);
    return RaceSession.run(settings, new RacePlan.Fixed(), null, race.url, race.out, commandLine(commandSpec), tty());
  }

  private LoadModel loadModel() {
    RaceOptions.require(durationMs == null || durationMs > 0, "--duration must be > 0");
    switch (load) {
      case "closed" -> {
        RaceOptions.require(rate == null, "--rate is for --load open");
        RaceOptions.require(executions == null || executions > 0, "--executions must be > 0");
        RaceOptions.require(executions == null || durationMs == null, "give --executions or --duration, not both");
        RaceOptions.require(concurrency >= 1 && concurrency <= 100_000, "--concurrency must be 1..100000, got " + concurrency);
        long n = executions == null ? 0 : executions;
        long d = executions == null ? (durationMs == null ? 10_000 : durationMs) : 0;
        return new LoadModel.Closed(n, d, concurrency);
      }
      case "open" -> {
        RaceOptions.require(rate != null, "--load open needs --rate (arrivals per second)");
        RaceOptions.require(executions == null, "--executions is for --load closed; an open load runs for --duration");
        return open.open(rate, durationMs == null ? 10_000 : durationMs);
      }
      default -> throw new UserError("unknown load model '" + load + "' (known: closed, open)");
    }
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
