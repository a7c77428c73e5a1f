package dev.dbrace.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How every run is guarded and how its JVMs start: a picocli mixin of every racing command. A
 * guard stops a run that hangs; the run is then marked, never left out of the table.
 */
final class GuardOptions {
  @Option(names = "--stall-timeout", converter = DurationConverter.class, description = "Stop a run"
      + " when no operation (at the service level: no request) completes for this long (default: ${DEFAULT-VALUE}).")
  long stallTimeoutMs;

  @Option(names = "--run-timeout", converter = DurationConverter.class,
      description = "Stop a run that takes longer than this (default: ${DEFAULT-VALUE}).")
  long runTimeoutMs;

  @Option(names = "--drain-timeout", converter = DurationConverter.class,
      description = "Wait this long for operations in flight at the end of a run (default: ${DEFAULT-VALUE}).")
  long drainTimeoutMs;

  @Option(names = "--warmup-max", converter = DurationConverter.class,
      description = "With --warmup auto:"
      + " the longest warm-up; a run that is not steady by then is measured anyway and marked not settled (default: ${DEFAULT-VALUE}).")
  long warmupMaxMs;

  @Option(names = "--jvm-arg", description = "Extra argument for every worker JVM (and, at the service level, every service's),"
      + " e.g. -Xmx512m.")
  List<String> jvmArgs = new ArrayList<>();
}
