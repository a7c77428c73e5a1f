package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the runner needs for a race, validated by the command that builds it. {@code load} is the
 * race's load model; a curve or a capacity search gives each of its runs its own.
 *
 * @param requestTimeoutMs the service level's limit on a request, from when it left until its
 *     answer's last byte ({@code --request-timeout}); 0 at the driver level
 */
public record RaceSettings(
    List<String> stacks,
    WorkloadSpec workload,
    LoadModel load,
    int pool,
    int concurrency,
    int threads,
    long warmupMs,
    long seed,
    Map<String, Map<String, String>> stackOptions,
    List<String> workerJvmArgs,
    Path java,
    long stallTimeoutMs,
    long runTimeoutMs,
    long drainTimeoutMs,
    boolean jfr,
    long warmupMaxMs,
    long requestTimeoutMs) {

  /** The settings of a race of stacks, which has no request timeout. */
  public RaceSettings(List<String> stacks, WorkloadSpec workload, LoadModel load, int pool, int concurrency, int threads,
      long warmupMs, long seed, Map<String, Map<String, String>> stackOptions, List<String> workerJvmArgs, Path java,
      long stallTimeoutMs, long runTimeoutMs, long drainTimeoutMs, boolean jfr, long warmupMaxMs) {
    this(stacks, workload, load, pool, concurrency, threads, warmupMs, seed, stackOptions, workerJvmArgs, java, stallTimeoutMs,
        runTimeoutMs, drainTimeoutMs, jfr, warmupMaxMs, 0);
  }

  /** How race.json names the warm-up rule. */
  public String warmupRule() {
    return Warmups.describe(warmupMs, warmupMaxMs);
  }

  /** The same settings with another pool size (a curve over --pools: its first step's). */
  public RaceSettings withPool(int size) {
    return new RaceSettings(stacks, workload, load, size, concurrency, threads, warmupMs, seed, stackOptions, workerJvmArgs,
        java, stallTimeoutMs, runTimeoutMs, drainTimeoutMs, jfr, warmupMaxMs);
  }

  /** The same settings with another warm-up (capacity steps warm up less than a race). */
  RaceSettings withWarmup(long ms) {
    return new RaceSettings(stacks, workload, load, pool, concurrency, threads, ms, seed, stackOptions, workerJvmArgs,
        java, stallTimeoutMs, runTimeoutMs, drainTimeoutMs, jfr, warmupMaxMs, requestTimeoutMs);
  }
}
