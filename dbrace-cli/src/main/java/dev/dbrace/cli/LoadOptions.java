package dev.dbrace.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * One load point, closed or open: shared by run, validate (driver level) and serve-race (service
 * level). The fields are what the command line said; {@link RequestResolver} layers them over a
 * scenario's load, and the runner's {@code RaceResolution#loadModel} makes the load of the result.
 */
public final class LoadOptions {
  @Option(names = "--load", description = "Load model: closed (C in flight, each completion issues the next) "
      + "or open (a fixed arrival --rate, latency from the intended start) (default: ${DEFAULT-VALUE}).")
  String load;

  @Option(names = "--executions", description = "Closed load: measured operations per stack.")
  public Long executions;

  @Option(names = "--duration", converter = DurationConverter.class,
      description = "Measured time per run, e.g. 30s (default unless --executions: ${DEFAULT-VALUE}).")
  public Long durationMs;

  @Option(names = "--concurrency",
      description = "Closed load: operations in flight (default: ${DEFAULT-VALUE}).")
  int concurrency;

  @Option(names = "--rate", description = "Open load: arrivals per second.")
  public Double rate;

  @Mixin OpenLoadOptions open;

  @Option(names = "--warmup", converter = WarmupConverter.class,
      description = "Warm-up per run, excluded from figures: "
          + "auto (until steady: the JIT compiler threads under 5 %% of the worker's CPU and throughput flat within 5 %% "
          + "over 3 s, not ramping, at most --warmup-max) or a fixed duration, e.g. 20s (default: ${DEFAULT-VALUE}).")
  public long warmupMs;
}
