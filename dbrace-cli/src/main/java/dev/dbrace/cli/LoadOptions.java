package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.UserError;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * One load point, closed or open: shared by run, validate (driver level) and serve-race (service
 * level). The fields are what the command line said; {@link RequestResolver} layers them over a
 * scenario's load and calls {@link #model} with the result.
 */
public final class LoadOptions {
  @Option(names = "--load", description = "Load model: closed (C in flight, each completion issues the next) "
      + "or open (a fixed arrival --rate, latency from the intended start) (default: ${DEFAULT-VALUE}).")
  String load;

  @Option(names = "--executions", description = "Closed load: measured operations per stack.")
  public Long executions;

  @Option(names = "--duration", converter = DurationConverter.class,
      description = "Measured time per run, e.g. 30s (default unless --executions: "
      + "5s for run, 10s for serve-race).")
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

  /**
   * The load model of resolved values, each checked; {@code durationMs} is already the command's
   * default when neither a duration nor executions were given.
   */
  static LoadModel model(String load, Long executions, Long durationMs, int concurrency, Double rate, OpenLoadOptions open) {
    UserError.require(durationMs == null || durationMs > 0, "--duration must be > 0");
    switch (load) {
      case "closed" -> {
        UserError.require(rate == null, "--rate is for --load open");
        open.noSpikes("a closed loop slows down with the stack, so a spike cannot be offered to it");
        UserError.require(executions == null || executions > 0, "--executions must be > 0");
        UserError.require(executions == null || durationMs == null, "give --executions or --duration, not both");
        UserError.require(concurrency >= 1 && concurrency <= Defaults.CONCURRENCY_MAX,
            "--concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + concurrency);
        return new LoadModel.Closed(executions == null ? 0 : executions, executions == null ? durationMs : 0, concurrency);
      }
      case "open" -> {
        UserError.require(rate != null, "--load open needs --rate (arrivals per second)");
        UserError.require(executions == null, "--executions is for --load closed; an open load runs for --duration");
        return open.open(rate, durationMs);
      }
      default -> throw new UserError("unknown load model '" + load + "' (known: closed, open)");
    }
  }
}
