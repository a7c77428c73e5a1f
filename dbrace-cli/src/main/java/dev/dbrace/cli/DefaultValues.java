package dev.dbrace.cli;

import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Durations;
import dev.dbrace.runner.Warmups;
import java.util.Locale;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The racing commands' option defaults as picocli takes them, as text written from the typed {@link Defaults}: what
 * {@code ${DEFAULT-VALUE}} shows in {@code --help}, and what an option's field holds when the option is not given. A
 * default differing by command ({@link Defaults.Command}: capacity's --warmup-max, each command's step) is the asking
 * command's. Options it does not name keep their own (none, or a {@code defaultValue} of their own).
 */
public final class DefaultValues implements IDefaultValueProvider {
  @Override
  public String defaultValue(ArgSpec arg) {
    if (!(arg instanceof OptionSpec option)) {
      return null;
    }
    return text(option.longestName(), Defaults.Command.named(option.command().name()));
  }

  /** The default of {@code option} in {@code command} (null for a command without per-command defaults) as text; else null. */
  static String text(String option, Defaults.Command command) {
    return switch (option) {
      case "--seed" -> Long.toString(Defaults.SEED);
      case "--pool" -> Integer.toString(Defaults.POOL);
      case "--stacks" -> String.join(",", Defaults.STACKS);
      case "--workload" -> Defaults.WORKLOAD;
      case "--threads" -> Integer.toString(Defaults.THREADS);
      case "--load" -> Defaults.LOAD;
      case "--concurrency" -> Integer.toString(Defaults.CONCURRENCY);
      case "--max-in-flight" -> Integer.toString(Defaults.MAX_IN_FLIGHT);
      case "--arrival" -> Defaults.ARRIVAL;
      case "--warmup" -> Warmups.text(Defaults.WARMUP_MS);
      case "--warmup-max" -> Durations.text(command == null ? Defaults.WARMUP_MAX : command.warmupMax());
      case "--duration", "--step-duration" -> command == null ? null : Durations.text(command.measured());
      case "--stall-timeout" -> Durations.text(Defaults.STALL_TIMEOUT);
      case "--run-timeout" -> Durations.text(Defaults.RUN_TIMEOUT);
      case "--drain-timeout" -> Durations.text(Defaults.DRAIN_TIMEOUT);
      case "--precision" -> Integer.toString(Defaults.CAPACITY_PRECISION);
      case "--level" -> Defaults.LEVEL.name().toLowerCase(Locale.ROOT);
      case "--endpoint" -> Defaults.ENDPOINT;
      case "--remote-delay" -> Defaults.REMOTE_DELAY_MIN_MS + "-" + Defaults.REMOTE_DELAY_MAX_MS;
      case "--request-timeout" -> Durations.text(Defaults.REQUEST_TIMEOUT);
      default -> null;
    };
  }
}
