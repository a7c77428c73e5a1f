package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.UserError;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** One load point, closed or open: shared by run (driver level) and serve-race (service level). */
public final class LoadOptions {
  @Option(names = "--load", defaultValue = "closed", description = "Load model: closed (C in flight, each completion issues the next) or open (a fixed arrival --rate, latency from the intended start) (default: ${DEFAULT-VALUE}).")
  public String load;

  @Option(names = "--executions", description = "Closed load: measured operations per stack.")
  public Long executions;

  @Option(names = "--duration", converter = Durations.class, description = "Measured time per run, e.g. 30s (default unless --executions: 5s for run, 10s for serve-race).")
  public Long durationMs;

  @Option(names = "--concurrency", defaultValue = "64", description = "Closed load: operations in flight (default: ${DEFAULT-VALUE}).")
  public int concurrency;

  @Option(names = "--rate", description = "Open load: arrivals per second.")
  public Double rate;

  @Mixin OpenLoadOptions open;

  @Option(names = "--warmup", converter = WarmupConverter.class, defaultValue = "auto", description = "Warm-up per run, excluded from "
      + "figures: auto (until steady: the JIT compiler threads under 5 %% of the worker's CPU and throughput flat within 5 %% "
      + "over 3 s, at most --warmup-max) or a fixed duration, e.g. 20s (default: ${DEFAULT-VALUE}).")
  public long warmupMs;

  LoadModel model() {
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
}
