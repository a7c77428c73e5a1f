package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What every run of a race gets, in four parts: what races ({@link Subjects}), how each is set up ({@link Setup}), the
 * load put on it ({@link LoadPlan}) and what keeps a run from hanging ({@link Guards}). Made by the command line's
 * resolver through {@link Builder}, checked once here, changed only through {@link #toBuilder}, so no copy can drop a
 * setting. race.json's {@link Race.Settings} ({@link #record}) and the worker's {@link RunSpec} ({@link #runSpec}) are
 * derived from it here and nowhere else. Immutable.
 */
public record RaceSettings(Subjects subjects, Setup setup, LoadPlan loadPlan, Guards guards) {

  /** Where the race drives the database from: the stacks' own workers, or services over HTTP. */
  public enum Level {
    DRIVER, SERVICE
  }

  /**
   * What races.
   *
   * @param level whether stacks race in their workers (driver) or services over HTTP (service)
   * @param stacks the stacks or service variants, replicas named {@code name#2}
   * @param stackOptions each stack's own options (empty at the service level)
   */
  public record Subjects(Level level, List<String> stacks, Map<String, Map<String, String>> stackOptions) {
    public Subjects {
      stacks = List.copyOf(Objects.requireNonNull(stacks, "stacks"));
      stackOptions = Map.copyOf(Objects.requireNonNull(stackOptions, "stackOptions"));
    }
  }

  /**
   * How each run's processes are set up.
   *
   * @param pool each stack's (or service's) connection pool; a curve or capacity search may give a step its own
   * @param threads jdbc-platform's executor threads ({@link StackConfig#ELASTIC_THREADS} for elastic); 0 at the service level
   * @param workerJvmArgs the arguments every forked JVM gets
   * @param java the java binary workers run on
   * @param jfr whether each run's measured JVM records a Flight Recorder file
   * @param aot whether each worker JVM starts from (or trains) JDK 25's ahead-of-time cache ({@code --aot})
   */
  public record Setup(int pool, int threads, List<String> workerJvmArgs, Path java, boolean jfr, boolean aot) {
    public Setup {
      workerJvmArgs = List.copyOf(Objects.requireNonNull(workerJvmArgs, "workerJvmArgs"));
    }
  }

  /**
   * The load and its phases.
   *
   * @param load the race's load model; a curve or a capacity search gives each of its runs its own
   * @param concurrency operations (or requests) in flight
   * @param warmupMs a fixed warm-up, 0 for none, or {@link dev.dbrace.core.run.WarmupRule#AUTO}: until steady
   * @param warmupMaxMs with auto: the cap on warm-up
   * @param seed the workload's random seed
   */
  public record LoadPlan(WorkloadSpec workload, LoadModel load, int concurrency, long warmupMs, long warmupMaxMs,
      long seed) {}

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

  /** How often the worker reports progress; the stall guard counts on it. */
  static final long PROGRESS_INTERVAL_MS = 500;

  /** Every check, in one place: the parts only copy their lists and maps. */
  public RaceSettings {
    Objects.requireNonNull(subjects, "subjects");
    Objects.requireNonNull(setup, "setup");
    Objects.requireNonNull(loadPlan, "loadPlan");
    Objects.requireNonNull(guards, "guards");
    Objects.requireNonNull(subjects.level(), "level");
    Objects.requireNonNull(setup.java(), "java");
    Objects.requireNonNull(loadPlan.workload(), "workload");
    Objects.requireNonNull(loadPlan.load(), "load");
    if (subjects.stacks().isEmpty() || setup.pool() < 1) {
      throw new IllegalArgumentException("a race needs stacks and a pool of at least 1");
    }
    if ((subjects.level() == Level.SERVICE) != (guards.requestTimeoutMs() > 0)) {
      throw new IllegalArgumentException("a request timeout is the service level's, and the service level has one");
    }
  }

  public boolean serviceLevel() {
    return subjects.level() == Level.SERVICE;
  }

  /** How race.json names the warm-up rule. */
  public String warmupRule() {
    return Warmups.describe(loadPlan.warmupMs(), loadPlan.warmupMaxMs());
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
   * every stack was asked for ({@code target}'s; null off PostgreSQL). Not recorded: the java binary (the environment
   * names the JDK), the warm-up cap apart from {@code warmupRule}, and the guards but the service level's request timeout.
   */
  public Race.Settings record(RacePlan plan, DbTarget target) {
    return new Race.Settings(subjects.stacks(), loadPlan.workload().name(), loadPlan.workload().options(),
        loadPlan.load().describe(), loadPlan.load(), plan.steps(), plan.sweep(), setup.pool(), loadPlan.concurrency(),
        setup.threads(), threadPool(), loadPlan.warmupMs(), loadPlan.seed(), subjects.stackOptions(), setup.workerJvmArgs(),
        setup.jfr(), plan.rounds(), warmupRule(), target.sslMode() == null ? null : target.sslMode().libpq(),
        serviceLevel() ? guards.requestTimeoutMs() : null);
  }

  /**
   * The worker's spec for one run: the race's workload, warm-up, seed and drain guard, with what only the run knows.
   *
   * @param runId the run's id, for the worker's log lines
   * @param slot the run's load, pool and threads (a curve's or capacity search's step has its own)
   * @param subject what the worker runs: the stack, or at the service level the HTTP generator, with its options
   * @param applicationName the run's connections' application_name
   * @param route where the worker reaches {@code target} (a fault run's proxy, else the database itself)
   * @param successLog null, or where an open loop appends the operations it counted successful (fault runs)
   */
  public RunSpec runSpec(String runId, RunSlot slot, RunSubject.Started subject, String applicationName, DbTarget target,
      InetSocketAddress route, Path hlog, Path successLog) {
    return new RunSpec(runId, subject.worker().name(),
        new RunSpec.Endpoint(route.getHostString(), route.getPort(), target.database(), target.user(), target.engine(),
            target.sslMode(), target.sslRootCert()),
        new RunSpec.Setup(slot.pool(), slot.threads(), subject.stackOptions(), applicationName),
        new RunSpec.LoadPlan(loadPlan.workload(), slot.load(), loadPlan.warmupMs(), loadPlan.warmupMaxMs(), loadPlan.seed(),
            PROGRESS_INTERVAL_MS, guards.drainTimeoutMs()),
        new RunSpec.LogFiles(hlog.toString(), successLog == null ? null : successLog.toString()));
  }

  /** {@code fixed} or {@code elastic} at the driver level; null for services, which have no such setting. */
  private String threadPool() {
    if (serviceLevel()) {
      return null;
    }
    return setup.threads() == StackConfig.ELASTIC_THREADS ? "elastic" : "fixed";
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  public static Builder builder() {
    return new Builder(null);
  }

  /**
   * Builds a {@link RaceSettings} one setting at a time, so a copy changes one and keeps the rest; every setting is
   * required but the stack options (none) and jfr (off).
   */
  public static final class Builder {
    private Level level;
    private List<String> stacks;
    private Map<String, Map<String, String>> stackOptions = Map.of();
    private int pool;
    private int threads;
    private List<String> workerJvmArgs;
    private Path java;
    private boolean jfr;
    private boolean aot;
    private WorkloadSpec workload;
    private LoadModel load;
    private int concurrency;
    private long warmupMs;
    private long warmupMaxMs;
    private long seed;
    private Guards guards;

    private Builder(RaceSettings from) {
      if (from != null) {
        level = from.subjects.level();
        stacks = from.subjects.stacks();
        stackOptions = from.subjects.stackOptions();
        pool = from.setup.pool();
        threads = from.setup.threads();
        workerJvmArgs = from.setup.workerJvmArgs();
        java = from.setup.java();
        jfr = from.setup.jfr();
        aot = from.setup.aot();
        workload = from.loadPlan.workload();
        load = from.loadPlan.load();
        concurrency = from.loadPlan.concurrency();
        warmupMs = from.loadPlan.warmupMs();
        warmupMaxMs = from.loadPlan.warmupMaxMs();
        seed = from.loadPlan.seed();
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

    public Builder stackOptions(Map<String, Map<String, String>> value) {
      stackOptions = value;
      return this;
    }

    public Builder pool(int value) {
      pool = value;
      return this;
    }

    public Builder threads(int value) {
      threads = value;
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

    public Builder aot(boolean value) {
      aot = value;
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

    public Builder concurrency(int value) {
      concurrency = value;
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

    public Builder guards(Guards value) {
      guards = value;
      return this;
    }

    /** The settings, checked; an {@link IllegalArgumentException} or NullPointerException names what is missing. */
    public RaceSettings build() {
      return new RaceSettings(new Subjects(level, stacks, stackOptions), new Setup(pool, threads, workerJvmArgs, java, jfr, aot),
          new LoadPlan(workload, load, concurrency, warmupMs, warmupMaxMs, seed), guards);
    }
  }
}
