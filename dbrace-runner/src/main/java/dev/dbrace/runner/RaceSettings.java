package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every run of a race gets, checked once when built ({@link Builder#build}): made by the command line's resolver,
 * changed only through {@link #toBuilder}, so no copy can drop a setting. {@code load} is the race's load model; a curve
 * or a capacity search gives each of its runs its own.
 *
 * @param level whether stacks race in their workers (driver) or services over HTTP (service)
 * @param stacks the stacks or service variants, replicas named {@code name#2}
 * @param threads jdbc-platform's executor threads ({@link StackConfig#ELASTIC_THREADS} for elastic); 0 at the service level
 * @param stackOptions each stack's own options (empty at the service level)
 * @param workerJvmArgs the arguments every forked JVM gets
 * @param java the java binary workers run on
 */
public record RaceSettings(Level level, List<String> stacks, WorkloadSpec workload, LoadModel load, int pool,
    int concurrency, int threads, long warmupMs, long warmupMaxMs, long seed, Map<String, Map<String, String>> stackOptions,
    List<String> workerJvmArgs, Path java, boolean jfr, Guards guards) {

  /** Where the race drives the database from: the stacks' own workers, or services over HTTP. */
  public enum Level {
    DRIVER, SERVICE
  }

  /**
   * How a run is kept from hanging.
   *
   * @param stallTimeoutMs no operation completing this long ends the run
   * @param runTimeoutMs the longest a run may take, warm-up included
   * @param drainTimeoutMs how long operations still in flight at the measured window's end get
   * @param requestTimeoutMs the service level's limit on one request, from when it left until its answer's last byte
   *     ({@code --request-timeout}); 0 at the driver level
   */
  public record Guards(long stallTimeoutMs, long runTimeoutMs, long drainTimeoutMs, long requestTimeoutMs) {}

  public RaceSettings {
    Objects.requireNonNull(level, "level");
    Objects.requireNonNull(workload, "workload");
    Objects.requireNonNull(load, "load");
    Objects.requireNonNull(java, "java");
    Objects.requireNonNull(guards, "guards");
    stacks = List.copyOf(stacks);
    stackOptions = Map.copyOf(stackOptions);
    workerJvmArgs = List.copyOf(workerJvmArgs);
    if (stacks.isEmpty() || pool < 1) {
      throw new IllegalArgumentException("a race needs stacks and a pool of at least 1");
    }
    if ((level == Level.SERVICE) != (guards.requestTimeoutMs() > 0)) {
      throw new IllegalArgumentException("a request timeout is the service level's, and the service level has one");
    }
  }

  public boolean serviceLevel() {
    return level == Level.SERVICE;
  }

  /** How race.json names the warm-up rule. */
  public String warmupRule() {
    return Warmups.describe(warmupMs, warmupMaxMs);
  }

  /** The same settings with another pool size (a curve over --pools: its first step's). */
  public RaceSettings withPool(int size) {
    return toBuilder().pool(size).build();
  }

  /** The same settings with another warm-up. */
  RaceSettings withWarmup(long ms) {
    return toBuilder().warmupMs(ms).build();
  }

  /**
   * The settings as race.json records them, with what the plan adds (its steps, sweep and rounds) and the TLS mode
   * every stack was asked for ({@code target}'s; null off PostgreSQL).
   */
  public Race.Settings record(RacePlan plan, DbTarget target) {
    return new Race.Settings(stacks, workload.name(), workload.options(), load.describe(), load, plan.steps(), plan.sweep(),
        pool, concurrency, threads, threadPool(), warmupMs, seed, stackOptions, workerJvmArgs, jfr, plan.rounds(), warmupRule(),
        target.sslMode() == null ? null : target.sslMode().libpq(), serviceLevel() ? guards.requestTimeoutMs() : null);
  }

  /** {@code fixed} or {@code elastic} at the driver level; null for services, which have no such setting. */
  private String threadPool() {
    if (serviceLevel()) {
      return null;
    }
    return threads == StackConfig.ELASTIC_THREADS ? "elastic" : "fixed";
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return new Builder(null);
  }

  /** Builds a {@link RaceSettings}; every field is required but the stack options (none) and jfr (off). */
  public static final class Builder {
    private Level level;
    private List<String> stacks;
    private WorkloadSpec workload;
    private LoadModel load;
    private int pool;
    private int concurrency;
    private int threads;
    private long warmupMs;
    private long warmupMaxMs;
    private long seed;
    private Map<String, Map<String, String>> stackOptions = Map.of();
    private List<String> workerJvmArgs;
    private Path java;
    private boolean jfr;
    private Guards guards;

    private Builder(RaceSettings from) {
      if (from != null) {
        level = from.level;
        stacks = from.stacks;
        workload = from.workload;
        load = from.load;
        pool = from.pool;
        concurrency = from.concurrency;
        threads = from.threads;
        warmupMs = from.warmupMs;
        warmupMaxMs = from.warmupMaxMs;
        seed = from.seed;
        stackOptions = from.stackOptions;
        workerJvmArgs = from.workerJvmArgs;
        java = from.java;
        jfr = from.jfr;
        guards = from.guards;
      }
    }

    public Builder level(Level value) {
      level = value;
      return this;
    }

    public Builder stacks(List<String> value) {
      stacks = value;
      return this;
    }

    public Builder workload(WorkloadSpec value) {
      workload = value;
      return this;
    }

    public Builder load(LoadModel value) {
      load = value;
      return this;
    }

    public Builder pool(int value) {
      pool = value;
      return this;
    }

    public Builder concurrency(int value) {
      concurrency = value;
      return this;
    }

    public Builder threads(int value) {
      threads = value;
      return this;
    }

    public Builder warmupMs(long value) {
      warmupMs = value;
      return this;
    }

    public Builder warmupMaxMs(long value) {
      warmupMaxMs = value;
      return this;
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public Builder stackOptions(Map<String, Map<String, String>> value) {
      stackOptions = value;
      return this;
    }

    public Builder workerJvmArgs(List<String> value) {
      workerJvmArgs = value;
      return this;
    }

    public Builder java(Path value) {
      java = value;
      return this;
    }

    public Builder jfr(boolean value) {
      jfr = value;
      return this;
    }

    public Builder guards(Guards value) {
      guards = value;
      return this;
    }

    /** The settings, checked; an {@link IllegalArgumentException} or NullPointerException names what is missing. */
    public RaceSettings build() {
      return new RaceSettings(level, stacks, workload, load, pool, concurrency, threads, warmupMs, warmupMaxMs, seed,
          stackOptions, workerJvmArgs, java, jfr, guards);
    }
  }
}
