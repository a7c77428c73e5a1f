package dev.dbrace.bench;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.Phase;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.hyperfoil.http.handlers.RangeStatusValidator;
import io.hyperfoil.http.steps.HttpStepCatalog;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Hyperfoil's open model against one HTTP endpoint, driven through its library (hyperfoil-core and -http 0.25.2,
 * {@link LocalSimulationRunner}), for {@code bench/vs-hyperfoil.sh}: the reference beside which dbrace's open loop
 * ({@code serve-race --load open}) is checked on the same service, rate and connections.
 *
 * <pre>
 * java -jar target/hyperfoil-bench.jar HOST PORT PATH RATE CONNECTIONS DURATION_S WARMUP_S SESSIONS [PREWARM_USERS]
 * </pre>
 *
 * <p>Phases, mirroring the warm-up of a dbrace open loop with a fixed {@code --warmup W} (its worker's pre-warm, then
 * a second at the rate, then the measured window), so that both tools meet a service warmed alike:
 * {@code prewarm}, a closed loop of PREWARM_USERS (default 32: dbrace's twice the service's default pool of 16) for
 * WARMUP_S; {@code warmup}, the constant rate for 1 s; {@code measured}, the constant rate for DURATION_S. Each starts
 * after the previous one terminated ({@code startAfterStrict}), arrivals evenly spaced ({@code variance(false)}), at
 * most SESSIONS sessions at once. One event-loop thread and CONNECTIONS shared HTTP/1.1 keep-alive connections, as
 * dbrace's generator has by default; GET PATH, any status outside 2xx an error.
 *
 * <p>Prints one line on stdout, {@code hyperfoil key=value ...}, for the measured phase: requests sent, responses,
 * errors (non-2xx, timeouts, connection errors, internal) and Hyperfoil's own latency percentiles (its histogram in
 * ns, printed in ms), the phase's span, the process's CPU over it, and {@code valid=0} when the session pool ran out
 * (Hyperfoil then starts sessions late and times them from the late start: its percentiles hide the queue) or no
 * answer came. Hyperfoil times a request from when its session actually started, not from the session's place on the
 * schedule; so the line also gives, by this program's own clock, {@code start_late_*}: how late each measured session
 * started after its place on the phase's even schedule (session k at k / RATE s after the phase's start), and
 * {@code intended_*}: each answer timed from that place, the quantity dbrace's open loop reports. Last, the requests
 * the pre-warm and the warm-up sent: how warm the service was when measuring began.
 *
 * <p>Not thread-safe; run once per process.
 */
public final class HyperfoilBench {
  private static final String PREWARM = "prewarm";
  private static final String WARMUP = "warmup";
  private static final String MEASURED = "measured";
  /** dbrace's open loop warms up for a second at the offered rate after its pre-warm (WorkerMain). */
  private static final long AT_RATE_WARMUP_MS = 1000;

  /** Each phase's statistics, added up from every snapshot the runner publishes for it. */
  private static final Map<String, StatisticsSnapshot> phases = new ConcurrentHashMap<>();
  /** How late each measured session started after its even-schedule place, ns; touched on the one event loop. */
  private static final Histogram startLateness = new Histogram(TimeUnit.MINUTES.toNanos(1), 3);
  /** Each measured session's answer timed from its intended start, ns (the bench's clock, not Hyperfoil's). */
  private static final Histogram fromIntended = new Histogram(TimeUnit.MINUTES.toNanos(1), 3);
  private static volatile double rate;
  private static volatile long measuredStartNanos;
  private static volatile long measuredFinishNanos;
  private static volatile Duration cpuAtStart;
  private static volatile Duration cpuAtEnd;
  private static volatile String sessionLimitIn;
  private static volatile int maxSessionsUsed;

  private HyperfoilBench() {}

  public static void main(String[] args) {
    Args a;
    try {
      a = Args.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("hyperfoil-bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    rate = a.rate;
    try {
      new Runner(build(a)).run();
    } catch (RuntimeException e) {
      System.err.println("hyperfoil-bench: the benchmark failed: " + e);
      System.exit(1);
    }
    System.out.println(result());
    System.exit(0); // Hyperfoil's and Netty's threads may outlive main
  }

  static Benchmark build(Args a) {
    BenchmarkBuilder b = BenchmarkBuilder.builder().name("vs-dbrace").threads(1);
    b.addPlugin(HttpPluginBuilder::new).http().host(a.host).port(a.port).sharedConnections(a.connections)
        .requestTimeout("30s"); // dbrace's --request-timeout default
    request(b.addPhase(PREWARM).always(a.prewarmUsers).duration(TimeUnit.SECONDS.toMillis(a.warmupS)), a.path, false);
    request(b.addPhase(WARMUP).constantRate(0).usersPerSec(a.rate).variance(false).maxSessions(a.sessions)
        .duration(AT_RATE_WARMUP_MS).startAfterStrict(PREWARM), a.path, false);
    request(b.addPhase(MEASURED).constantRate(0).usersPerSec(a.rate).variance(false).maxSessions(a.sessions)
        .duration(TimeUnit.SECONDS.toMillis(a.durationS)).startAfterStrict(WARMUP), a.path, true);
    return b.build();
  }

  /** The phase's scenario: GET path, 2xx or an error; the measured phase's also notes each session's schedule. */
  private static void request(PhaseBuilder<?> phase, String path, boolean measured) {
    var sequence = phase.scenario().initialSequence("request");
    if (measured) {
      sequence.step(new Started());
    }
    sequence.step(HttpStepCatalog.SC).httpRequest(HttpMethod.GET).path(path).sync(true)
        .handler().status(new RangeStatusValidator(200, 299)).endHandler();
    if (measured) {
      sequence.step(new Completed());
    }
  }

  /**
   * The even schedule Hyperfoil's constant rate follows: 0.25.2 starts session k once {@code floor(elapsed ms * rate /
   * 1000) + 1 > k}, checked on a millisecond timer, so session k's intended start is k / rate after the phase's start
   * (millisecond-truncated, as Hyperfoil keeps it). Sessions start in order on the one event loop, so the k-th
   * {@link Started} is session k. Both steps run on that event loop only.
   */
  static final class Schedule {
    private static final long NANOS_PER_MS = 1_000_000;
    private static long started;
    /** Each session's intended start (epoch ns), by its unique id. */
    private static long[] intended = new long[1024];

    private Schedule() {}

    static long nowNanos() {
      Instant now = Instant.now(); // microseconds on Linux: the phase's start is epoch ms, so the clock must be the epoch
      return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    static void record(Histogram h, long nanos) {
      h.recordValue(Math.max(0, Math.min(nanos, h.getHighestTrackableValue())));
    }
  }

  /** First step of a measured session: its intended start, and how late it started against it. */
  static final class Started implements Step {
    @Override
    public boolean invoke(Session session) {
      long now = Schedule.nowNanos();
      long intended = session.phase().absoluteStartTime() * Schedule.NANOS_PER_MS
          + (long) (Schedule.started++ * 1e9 / rate);
      int id = session.uniqueId();
      if (id >= Schedule.intended.length) {
        Schedule.intended = Arrays.copyOf(Schedule.intended, Math.max(id + 1, 2 * Schedule.intended.length));
      }
      Schedule.intended[id] = intended;
      Schedule.record(startLateness, now - intended);
      return true;
    }
  }

  /** Last step of a measured session, once its (synchronous) request's answer is in: latency from the intended start. */
  static final class Completed implements Step {
    @Override
    public boolean invoke(Session session) {
      Schedule.record(fromIntended, Schedule.nowNanos() - Schedule.intended[session.uniqueId()]);
      return true;
    }
  }

  /** The runner, noting the measured phase's span and CPU, and any phase that ran out of sessions. */
  private static final class Runner extends LocalSimulationRunner {
    Runner(Benchmark benchmark) {
      super(benchmark, (phase, stepId, metric, snapshot, countDown) -> {
        StatisticsSnapshot total = phases.computeIfAbsent(phase.name(), name -> new StatisticsSnapshot());
        synchronized (total) {
          total.add(snapshot); // the runner resets its snapshot after this call
        }
      }, (phase, min, max) -> {
        if (phase.equals(MEASURED)) {
          maxSessionsUsed = Math.max(maxSessionsUsed, max);
        }
      }, null);
    }

    @Override
    protected CompletableFuture<Void> phaseChanged(Phase phase, PhaseInstance.Status status, boolean sessionLimitExceeded,
        Throwable error) {
      if (sessionLimitExceeded) {
        sessionLimitIn = sessionLimitIn == null ? phase.name() : sessionLimitIn + "," + phase.name();
      }
      if (phase.name().equals(MEASURED)) {
        switch (status) {
          case RUNNING -> {
            measuredStartNanos = System.nanoTime();
            cpuAtStart = cpu();
          }
          case FINISHED -> measuredFinishNanos = System.nanoTime();
          case TERMINATED -> cpuAtEnd = cpu();
          default -> { }
        }
      }
      return super.phaseChanged(phase, status, sessionLimitExceeded, error);
    }
  }

  private static Duration cpu() {
    return ProcessHandle.current().info().totalCpuDuration().orElse(null);
  }

  static String result() {
    StatisticsSnapshot s = snapshot(MEASURED);
    Histogram h = s.histogram;
    long errors = s.invalid + s.connectionErrors + s.requestTimeouts + s.internalErrors;
    double cpuS = cpuAtStart == null || cpuAtEnd == null ? Double.NaN : cpuAtEnd.minus(cpuAtStart).toNanos() / 1e9;
    String limit = sessionLimitIn == null ? "-" : sessionLimitIn;
    return String.format(Locale.ROOT, "hyperfoil valid=%d session_limit=%s requests=%d responses=%d errors=%d"
            + " status_errors=%d connection_errors=%d timeouts=%d internal_errors=%d p50_ms=%.3f p90_ms=%.3f"
            + " p99_ms=%.3f p999_ms=%.3f mean_ms=%.3f max_ms=%.3f duration_s=%.3f cpu_s=%.3f blocked_ms=%.1f"
            + " sessions_max=%d start_late_p50_ms=%.3f start_late_p99_ms=%.3f start_late_max_ms=%.3f"
            + " intended_p50_ms=%.3f intended_p90_ms=%.3f intended_p99_ms=%.3f intended_count=%d"
            + " prewarm_requests=%d warmup_requests=%d",
        valid(s) ? 1 : 0, limit, s.requestCount,
        s.responseCount, errors, s.invalid, s.connectionErrors, s.requestTimeouts, s.internalErrors,
        ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)), ms(h.getValueAtPercentile(99)),
        ms(h.getValueAtPercentile(99.9)), h.getMean() / 1e6, ms(h.getMaxValue()),
        (measuredFinishNanos - measuredStartNanos) / 1e9, cpuS, s.blockedTime / 1e6, maxSessionsUsed,
        ms(startLateness.getValueAtPercentile(50)), ms(startLateness.getValueAtPercentile(99)),
        ms(startLateness.getMaxValue()), ms(fromIntended.getValueAtPercentile(50)),
        ms(fromIntended.getValueAtPercentile(90)), ms(fromIntended.getValueAtPercentile(99)),
        fromIntended.getTotalCount(), snapshot(PREWARM).requestCount, snapshot(WARMUP).requestCount);
  }

  /** A copy of the phase's statistics (empty when it published none). */
  private static StatisticsSnapshot snapshot(String phase) {
    StatisticsSnapshot total = phases.getOrDefault(phase, new StatisticsSnapshot());
    synchronized (total) {
      return total.clone();
    }
  }

  /** A measured phase that ran out of sessions, or got no answer at all (no connection), measured nothing sound. */
  private static boolean valid(StatisticsSnapshot s) {
    return (sessionLimitIn == null || !sessionLimitIn.contains(MEASURED)) && s.responseCount > 0;
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  /** The command line, checked: a bad value is a one-line error (exit 2). */
  record Args(String host, int port, String path, double rate, int connections, int durationS, int warmupS,
      int sessions, int prewarmUsers) {
    static Args parse(String[] a) {
      if (a.length != 8 && a.length != 9) {
        throw new IllegalArgumentException("usage: HOST PORT PATH RATE CONNECTIONS DURATION_S WARMUP_S SESSIONS"
            + " [PREWARM_USERS]");
      }
      if (!a[2].startsWith("/")) {
        throw new IllegalArgumentException("PATH must start with /: " + a[2]);
      }
      double rate = positiveDouble("RATE", a[3]);
      return new Args(a[0], positive("PORT", a[1]), a[2], rate, positive("CONNECTIONS", a[4]),
          positive("DURATION_S", a[5]), positive("WARMUP_S", a[6]), positive("SESSIONS", a[7]),
          a.length == 9 ? positive("PREWARM_USERS", a[8]) : 32);
    }

    private static int positive(String name, String v) {
      try {
        int n = Integer.parseInt(v);
        if (n > 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // below
      }
      throw new IllegalArgumentException(name + " must be a whole number above 0: " + v);
    }

    private static double positiveDouble(String name, String v) {
      try {
        double d = Double.parseDouble(v);
        if (d > 0 && Double.isFinite(d)) {
          return d;
        }
      } catch (NumberFormatException e) {
        // below
      }
      throw new IllegalArgumentException(name + " must be a number above 0: " + v);
    }
  }
}
