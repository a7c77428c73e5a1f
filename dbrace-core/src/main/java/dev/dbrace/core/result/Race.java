package dev.dbrace.core.result;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.WorkloadSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything race.json holds: enough to understand, report and rerun the race. Written by the
 * runner after every run, read by the report and by {@code compare}.
 *
 * @param format the layout of race.json: 1 for files written before the number existed, {@link #FORMAT}
 *     for those written now. Format 2 has format 1's fields in the same places (only {@code format} is
 *     new); format 3 turns {@code verdict} from a string into an object (its text and its dimensions).
 *     A reader refuses a format newer than its own.
 * @param kind {@code race} (one load point per stack), {@code curve} (a series of load steps per
 *     stack) or {@code capacity} (a search for the highest rate within the SLA)
 * @param sla the latency target of a capacity search or curve; null for a plain race
 * @param capacity one verdict per stack of a capacity search; empty otherwise
 * @param verdict the race's conclusion: its sentences and, per figure judged, the leader and whether the
 *     rounds support the lead ({@link Verdict}); null until the race has finished (and in results written
 *     before verdicts existed). Formats 1 and 2 held the sentences alone, as a string; they read as a
 *     verdict without dimensions
 */
public record Race(
    int format,
    String id,
    String kind,
    String command,
    String started,
    String finished,
    Environment environment,
    Settings settings,
    WorkloadSpec workload,
    Sla sla,
    List<RunRecord> runs,
    List<Capacity> capacity,
    Verdict verdict) {

  /** The format this dbrace writes and the newest it reads. */
  public static final int FORMAT = 3;

  public Race {
    format = format == 0 ? 1 : format; // race.json before the number existed
    runs = runs == null ? List.of() : List.copyOf(runs);
    capacity = capacity == null ? List.of() : List.copyOf(capacity);
  }

  /** A race written now: race.json in {@link #FORMAT}. */
  public Race(String id, String kind, String command, String started, String finished, Environment environment,
      Settings settings, WorkloadSpec workload, Sla sla, List<RunRecord> runs, List<Capacity> capacity, Verdict verdict) {
    this(FORMAT, id, kind, command, started, finished, environment, settings, workload, sla, runs, capacity, verdict);
  }

  /** The same race with other runs and capacity verdicts (the header stays). */
  public Race with(String finishedAt, List<RunRecord> newRuns, List<Capacity> newCapacity) {
    return new Race(format, id, kind, command, started, finishedAt, environment, settings, workload, sla, newRuns,
        newCapacity, verdict);
  }

  /** The same race with its verdict. */
  public Race withVerdict(Verdict v) {
    return new Race(format, id, kind, command, started, finished, environment, settings, workload, sla, runs, capacity,
        v);
  }

  /**
   * Where the race ran. {@code database} is a URL without password; {@code databaseCpus} the cores the
   * embedded server was pinned to ({@code --db-cpus}, taskset's list), null when it was not.
   */
  public record Environment(
      String dbraceVersion,
      String gitRevision,
      String jdk,
      String os,
      int cores,
      long memoryMb,
      String database,
      boolean embeddedDatabase,
      String serverVersion,
      String databaseCpus,
      DataSources dataSources) {

    /** Without pinned database cores or data sources. */
    public Environment(String dbraceVersion, String gitRevision, String jdk, String os, int cores, long memoryMb,
        String database, boolean embeddedDatabase, String serverVersion) {
      this(dbraceVersion, gitRevision, jdk, os, cores, memoryMb, database, embeddedDatabase, serverVersion, null, null);
    }

    /** Without data sources (every race but a service race on /notifications). */
    public Environment(String dbraceVersion, String gitRevision, String jdk, String os, int cores, long memoryMb,
        String database, boolean embeddedDatabase, String serverVersion, String databaseCpus) {
      this(dbraceVersion, gitRevision, jdk, os, cores, memoryMb, database, embeddedDatabase, serverVersion, databaseCpus, null);
    }

    /** The same environment with E4's data sources. */
    public Environment withDataSources(DataSources sources) {
      return new Environment(dbraceVersion, gitRevision, jdk, os, cores, memoryMb, database, embeddedDatabase, serverVersion,
          databaseCpus, sources);
    }
  }

  /**
   * E4's data sources behind {@code /notifications}, set up and timed at the start of a service race
   * whose endpoint reads them (docs/results-format.md).
   *
   * @param slowSource {@code query} (a scan of {@code slow_world}) or {@code sleep} (pg_sleep)
   * @param slowQuery the slow source's SQL
   * @param slowLatencyMs the slow query timed alone at the start; null for sleep
   * @param mongoUrl the MongoDB URL without password; null when no raced variant reads MongoDB
   * @param mongoServer e.g. {@code FerretDB v1.24.2 (SQLite), embedded}
   * @param mongoDocuments the {@code notifications} collection's documents
   * @param mongoQuery the query each mongo answer runs, in the shell's words
   * @param mongoLatencyMs that query timed alone at the start
   * @param mongoLoadSeconds how long loading the collection took (this race's load, or the cached one's)
   * @param mongoLoadCached whether the collection came from dbrace's cache (or was already on the user's server)
   * @param fortuneVariants the raced variants whose second source is still the fortune query (no MongoDB client)
   */
  public record DataSources(String slowSource, String slowQuery, Latency slowLatencyMs, String mongoUrl, String mongoServer,
      Long mongoDocuments, String mongoQuery, Latency mongoLatencyMs, Double mongoLoadSeconds, Boolean mongoLoadCached,
      List<String> fortuneVariants) {}

  /** A query timed {@code samples} times one after another: median, fastest and slowest, ms. */
  public record Latency(int samples, double median, double min, double max) {
    /** From the samples in ms (at least one). */
    public static Latency of(double[] ms) {
      double[] s = ms.clone();
      Arrays.sort(s);
      int n = s.length;
      double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
      return new Latency(n, median, s[0], s[n - 1]);
    }

    /** e.g. {@code median 52.1 ms (49.8-60.3, 5 samples)}. */
    public String describe() {
      return String.format(Locale.ROOT, "median %.1f ms (%.1f-%.1f, %d samples)", median, min, max, samples);
    }
  }

  /**
   * The settings shared by every run of the race.
   *
   * @param load the load model described in one line; {@code loadModel} is the same, structured
   *     (for a curve: the model of its first step)
   * @param steps for a curve: the swept setting's value at each step: offered rates (open), concurrencies
   *     (closed), pool sizes or platform threads
   * @param sweep for a curve: the setting its steps vary: {@code rate}, {@code concurrency}, {@code pool}
   *     or {@code threads}; null otherwise (and in curves written before it was recorded: rate or concurrency)
   * @param threadPool the platform-thread stacks' executor: {@code fixed} ({@code threads} threads) or
   *     {@code elastic} (a cached pool that grows with the operations in flight; {@code threads} is 0);
   *     null at the service level and in results written before it was recorded
   * @param rounds how many times each stack ran, interleaved (A B C, B C A ...); 0 in results
   *     written before rounds existed
   * @param warmupRule how each run's warm-up ended: e.g. {@code auto (cap 60 s)} or {@code fixed 3 s}
   * @param sslmode the TLS mode every stack was asked to connect with (libpq's words); null where
   *     the engine has no such setting
   * @param requestTimeoutMs the service level's limit on one request, from when it left until its
   *     answer's last byte ({@code --request-timeout}); null at the driver level and in older results
   */
  public record Settings(
      List<String> stacks,
      String workload,
      Map<String, String> workloadOptions,
      String load,
      LoadModel loadModel,
      List<Double> steps,
      String sweep,
      int pool,
      int concurrency,
      int threads,
      String threadPool,
      long warmupMs,
      long seed,
      Map<String, Map<String, String>> stackOptions,
      List<String> workerJvmArgs,
      boolean jfr,
      int rounds,
      String warmupRule,
      String sslmode,
      Long requestTimeoutMs) {

    /** Settings written before the service level's request timeout was recorded (or of a race of stacks). */
    public Settings(List<String> stacks, String workload, Map<String, String> workloadOptions, String load, LoadModel loadModel,
        List<Double> steps, int pool, int concurrency, int threads, long warmupMs, long seed,
        Map<String, Map<String, String>> stackOptions, List<String> workerJvmArgs, boolean jfr, int rounds, String warmupRule,
        String sslmode) {
      this(stacks, workload, workloadOptions, load, loadModel, steps, null, pool, concurrency, threads, null, warmupMs, seed,
          stackOptions, workerJvmArgs, jfr, rounds, warmupRule, sslmode, null);
    }
  }

  /**
   * A latency target: {@code percentile} (e.g. {@code p99}) at most {@code ms}, with an error
   * rate (errors + not issued, over issued + not issued) below {@code maxErrorRate}.
   */
  public record Sla(String percentile, double ms, double maxErrorRate) {
    /**
     * The error budget of an SLA that names none, and the one a verdict holds every stack to when the race
     * has no SLA: 0.1 % of the operations due (errors, unfinished and refused arrivals).
     */
    public static final double DEFAULT_ERROR_BUDGET = 0.001;

    /** The run's latency at this SLA's percentile, in ms. */
    public double latencyOf(RunRecord run) {
      var l = run.result().latencyMs();
      return switch (percentile) {
        case "p50" -> l.p50();
        case "p90" -> l.p90();
        case "p99" -> l.p99();
        case "p999" -> l.p999();
        default -> throw new IllegalStateException("unknown percentile " + percentile);
      };
    }

    /** Whether the run kept this SLA: finished, latency within target, errors within budget. */
    public boolean metBy(RunRecord run) {
      return run.ok() && run.result().latencyMs() != null && run.result().ops() > 0 && latencyOf(run) <= ms
          && run.errorRate() < maxErrorRate;
    }

    public String describe() {
      return (percentile.equals("p999") ? "p99.9" : percentile) + " <= " + trim(ms) + " ms, errors < " + trim(maxErrorRate * 100) + " %";
    }

    private static String trim(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
  }

  /**
   * One stack's capacity under the SLA, as found by the search.
   *
   * @param capacityOpsS the highest offered rate that met the SLA; null if even the lowest step missed it
   * @param failingOpsS the lowest offered rate above it that missed the SLA; null if none did (the
   *     search hit its ceiling)
   * @param probeOpsS the closed-loop throughput the search started from
   * @param verdict one sentence for people, e.g. "holds p99 <= 10 ms up to 4,800 ops/s (fails at 5,200; bracket 8 %)"
   * @param notSettled the search's runs (of {@code steps}, the probe included) whose warm-up hit its cap
   *     instead of settling: their figures may include the JIT's work; 0 in results written before
   *     capacity warmed up until steady (it warmed up for a fixed time then, which has no cap)
   */
  public record Capacity(
      String stack,
      String workload,
      Double capacityOpsS,
      Double failingOpsS,
      Double probeOpsS,
      int steps,
      String verdict,
      int notSettled) {

    /** A verdict whose runs all settled (or warmed up for a fixed time). */
    public Capacity(String stack, String workload, Double capacityOpsS, Double failingOpsS, Double probeOpsS, int steps,
        String verdict) {
      this(stack, workload, capacityOpsS, failingOpsS, probeOpsS, steps, verdict, 0);
    }

    /**
     * Whether the two searches' brackets (from the rate held to the rate missed; unbounded above
     * when nothing missed) overlap: then neither stack can be said to hold more than the other.
     */
    public boolean bracketsOverlap(Capacity other) {
      double lo = Math.max(low(this), low(other));
      double hi = Math.min(high(this), high(other));
      return lo < hi;
    }

    private static double low(Capacity c) {
      return c.capacityOpsS() == null ? 0 : c.capacityOpsS();
    }

    private static double high(Capacity c) {
      return c.failingOpsS() == null ? Double.POSITIVE_INFINITY : c.failingOpsS();
    }
  }
}
