package dev.dbrace.core.run;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadDriver;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.SuccessLog;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.core.workload.OperationSequence;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ServiceLoader;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Entry point of a worker JVM: one run of one stack. Reads a {@link RunSpec} line from stdin,
 * answers with {@link Protocol} lines on stdout, then waits for the runner's {@code exit} line so
 * the runner can read this process's /proc figures before it ends. Exits by itself when stdin
 * closes (the runner died), so no worker outlives its runner.
 */
public final class WorkerMain {
  private WorkerMain() {}

  public static void main(String[] args) throws Exception {
    PrintStream protocolOut = System.out;
    System.setOut(System.err); // a driver printing to stdout must not corrupt the protocol
    Protocol protocol = new Protocol(protocolOut);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    RunSpec spec;
    Stack stack;
    StackProvider provider;
    try {
      spec = Json.parse(in.readLine(), RunSpec.class);
      provider = find(spec.stack());
      if (spec.plan().workload().transactional() && !provider.transactions()) {
        throw new IllegalArgumentException("stack " + provider.name() + " cannot run an operation in one transaction");
      }
      stack = provider.open(config(spec));
    } catch (Exception | LinkageError e) {
      protocol.error(oneLine(e));
      System.exit(3);
      return;
    }
    ControlChannel control = new ControlChannel(in);
    protocol.ready();
    WorkerResult result = run(spec, stack, provider, protocol, control);
    protocol.result(result);
    control.awaitExit(TimeUnit.SECONDS.toMillis(30));
    closeQuietly(stack);
    System.exit(0);
  }

  private static WorkerResult run(
      RunSpec spec, Stack stack, StackProvider provider, Protocol protocol, ControlChannel control)
      throws Exception {
    RunSpec.LoadPlan plan = spec.plan();
    boolean warms = plan.warmupMs() != 0;
    // What the start of measuring runs, run once before any load: the platform's GC beans load on first use and the
    // pattern switch spins a class on its first run, class loading and compiling that the worker's LogCompilation showed
    // at the switch, where it competes with the load for the cores (docs/decisions.md)
    GcSnapshot.now();
    long measuredNanos = switch (plan.load()) {
      case LoadModel.Closed c -> c.durationMs() > 0 ? c.durationMs() * 1_000_000L : NEVER_NANOS;
      case LoadModel.Open o -> o.durationMs() * 1_000_000L;
    };
    PreWarmed preWarm = plan.load() instanceof LoadModel.Open open && warms
        ? preWarm(spec, stack, open, control, protocol) : null;
    GcSnapshot gcBefore;
    long start = System.nanoTime();
    try (IntervalLog log = new IntervalLog(Path.of(spec.files().hlogPath()), System.currentTimeMillis());
        SuccessFile successes = spec.files().successLogPath() == null ? null
            : new SuccessFile(Path.of(spec.files().successLogPath()))) {
      LoadDriver loop = LoadDriver.create(stack, new OperationSequence(plan.workload(), plan.seed(), plan.share()),
          plan.load(), plan.seed(), successes == null ? SuccessLog.NONE : successes);
      control.onStop(loop::stop);
      ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dbrace-ticker");
        t.setDaemon(true);
        return t;
      });
      ticker.scheduleAtFixedRate(() -> {
        synchronized (log) {
          log.sample(loop.warmup(), loop.measured());
        }
        if (successes != null) {
          successes.flush();
        }
      }, 1, 1, TimeUnit.SECONDS);
      ticker.scheduleAtFixedRate(() -> progress(protocol, loop, start),
          plan.progressIntervalMs(), plan.progressIntervalMs(), TimeUnit.MILLISECONDS);
      WarmupRule.Outcome warm = null;
      if (warms) {
        loop.start();
        long from = System.nanoTime();
        if (plan.load() instanceof LoadModel.Open) {
          long longest = plan.warmupMs() > 0 ? Math.min(OPEN_WARMUP_AT_RATE_MAX_MS, plan.warmupMs()) : OPEN_WARMUP_AT_RATE_MAX_MS;
          WarmupRule.atRate(ThreadCpu.self()::read, Math.min(OPEN_WARMUP_AT_RATE_MS, longest), OPEN_WARMUP_AT_RATE_MS,
              longest, control::stopRequested);
          // the span of the warm-up's own operations and latency; the pre-warm is reported apart
          warm = new WarmupRule.Outcome((System.nanoTime() - from) / 1_000_000, preWarm.outcome().ended());
        } else {
          warm = warmUp(spec, () -> loop.warmup().ok() + loop.warmup().errors(), control);
        }
        if (plan.held()) {
          warm = awaitGo(protocol, control, warm, from);
        }
        loop.startMeasuring();
      } else {
        if (plan.held()) {
          awaitGo(protocol, control, new WarmupRule.Outcome(0, null), System.nanoTime());
        }
        loop.startMeasuring(); // before the first operation, or the first wave would count as warm-up
        loop.start();
      }
      long windowEnd = System.nanoTime() + measuredNanos;
      synchronized (log) {
        log.measuring(System.currentTimeMillis());
      }
      protocol.measure(); // first: the runner's reading of the window's start is the sooner for it
      gcBefore = GcSnapshot.now();
      awaitEnd(loop, spec.plan().drainTimeoutMs(), windowEnd, control::stopRequested, protocol::drain);
      ticker.shutdownNow();
      ticker.awaitTermination(5, TimeUnit.SECONDS);
      synchronized (log) {
        log.sample(loop.warmup(), loop.measured());
      }
      progress(protocol, loop, start);
      return ResultBuilder.build(provider, spec.endpoint().engine(), loop, log, gcBefore.delta(), warm,
          preWarm == null ? null : preWarm.figures(), preWarm == null ? 0 : preWarm.statements(), plan.held());
    }
  }

  /**
   * A held run's wait for the runner's go once its own warm-up rule ended warm-up: says {@code settled} and keeps the
   * warm-up load on until the runner's {@code measure} (or stop); the warm-up then lasted until the go, which the
   * outcome returned says (its operations and latency cover that span).
   */
  private static WarmupRule.Outcome awaitGo(Protocol protocol, ControlChannel control, WarmupRule.Outcome warm,
      long fromNanos) throws InterruptedException {
    protocol.settled(warm.ended() == null ? "none" : warm.ended());
    control.awaitMeasureOrStop();
    return warm.ended() == null ? warm : new WarmupRule.Outcome((System.nanoTime() - fromNanos) / 1_000_000, warm.ended());
  }

  /** Warm-up by the run's rule: a fixed time, or until steady ({@link WarmupRule#AUTO}) within the cap. */
  private static WarmupRule.Outcome warmUp(RunSpec spec, LongSupplier completions,
      ControlChannel control) throws InterruptedException {
    return spec.plan().warmupMs() == WarmupRule.AUTO
        ? WarmupRule.auto(completions, ThreadCpu.self()::read, spec.plan().warmupMaxMs(), control::stopRequested)
        : WarmupRule.fixed(spec.plan().warmupMs(), control::stopRequested);
  }

  /**
   * An open loop's own warm-up at the offered rate, after the flat-out pre-warm: at least this long, and until the
   * compiler threads are quiet over this long ({@link WarmupRule#atRate}), up to {@link #OPEN_WARMUP_AT_RATE_MAX_MS}
   * (or a shorter fixed warm-up's length).
   */
  static final long OPEN_WARMUP_AT_RATE_MS = 1000;
  static final long OPEN_WARMUP_AT_RATE_MAX_MS = 10_000;

  /**
   * What an open loop's pre-warm did: how and why it ended (the warm-up rule's outcome), its figures, and the
   * statements its verified operations sent (for the server-side check).
   */
  private record PreWarmed(WarmupRule.Outcome outcome, WorkerResult.PreWarm figures, long statements) {}

  /**
   * Warms an open-loop run's stack up flat out before its arrivals start: a closed loop with twice
   * the pool in flight, for the warm-up's time or until steady ({@link WarmupRule}). Each run is a
   * fresh JVM, and at a low offered rate a warm-up at that rate executes too few operations for
   * the JIT to compile the stack's paths: the measured phase then timed the compiler, not the
   * stack (a capacity search placed a 600 ops/s stack's 10 ms capacity below 10 ops/s that way).
   * The open loop then starts from idle, as an open-loop measurement should.
   */
  private static PreWarmed preWarm(RunSpec spec, Stack stack, LoadModel.Open open, ControlChannel control,
      Protocol protocol) throws InterruptedException {
    int inFlight = Math.max(1, Math.min(open.maxInFlight(), 2 * spec.setup().pool()));
    long longest = spec.plan().warmupMs() == WarmupRule.AUTO ? spec.plan().warmupMaxMs() : spec.plan().warmupMs();
    // the duration is only a backstop: the warm-up rule stops the loop
    ClosedLoop warm = new ClosedLoop(stack, new OperationSequence(spec.plan().workload(), spec.plan().seed() + 1),
        new LoadModel.Closed(0, 2 * longest + 1000, inFlight));
    control.onStop(warm::stop);
    warm.startMeasuring();
    warm.start();
    // progress during the pre-warm too: an auto warm-up may take up to the cap, and the runner's
    // stall watchdog must see the operations completing
    long start = System.nanoTime();
    ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "dbrace-prewarm-ticker");
      t.setDaemon(true);
      return t;
    });
    ticker.scheduleAtFixedRate(() -> protocol.progress(new Progress("warmup", warm.measured().ok(), warm.measured().errors(),
        warm.measured().timeouts(), warm.measured().notIssued(), (System.nanoTime() - start) / 1e9)),
        spec.plan().progressIntervalMs(), spec.plan().progressIntervalMs(), TimeUnit.MILLISECONDS);
    WarmupRule.Outcome outcome;
    try {
      outcome = warmUp(spec, () -> warm.measured().ok() + warm.measured().errors(), control);
    } finally {
      ticker.shutdownNow();
      ticker.awaitTermination(5, TimeUnit.SECONDS);
    }
    warm.stop();
    awaitEnd(warm, spec.plan().drainTimeoutMs(), System.nanoTime() + NEVER_NANOS, () -> false, () -> { });
    var done = warm.measured(); // measured from its first operation: all of it
    return new PreWarmed(outcome, new WorkerResult.PreWarm(outcome.warmupMs() / 1000.0, done.ok(), done.errors(),
        done.unfinished()), done.statements() + warm.warmup().statements());
  }

  /** "Never" in nanoTime arithmetic: a window without a planned end (an execution count's). */
  private static final long NEVER_NANOS = Long.MAX_VALUE / 4;
  private static final long POLL_NANOS = 100_000_000L;

  /**
   * Waits until every operation completed. Once issuing has ended (the runner's stop, or the
   * model's executions or duration used up) in-flight operations get the drain timeout; those
   * still running then are reported unfinished. {@code windowClosed} runs once, when the measured
   * window closes: at {@code windowEndNanos} (a duration's end, woken for it), at the runner's stop, or
   * when every operation completed (an execution count's end), whichever comes first: the drain of an
   * operation stuck past the window is not in it.
   */
  private static void awaitEnd(LoadDriver loop, long drainMs, long windowEndNanos, BooleanSupplier stopped,
      Runnable windowClosed) throws InterruptedException {
    long stopAt = 0;
    boolean closed = false;
    long wait = Math.clamp(windowEndNanos - System.nanoTime(), 0, POLL_NANOS);
    while (!loop.await(wait, TimeUnit.NANOSECONDS)) {
      long now = System.nanoTime();
      if (stopAt == 0 && loop.issuingEnded()) {
        loop.stop();
        stopAt = now;
      }
      if (!closed && (now - windowEndNanos >= 0 || stopped.getAsBoolean())) {
        windowClosed.run();
        closed = true;
      }
      if (stopAt != 0 && now - stopAt > drainMs * 1_000_000L) {
        break;
      }
      wait = closed ? POLL_NANOS : Math.clamp(windowEndNanos - now, 0, POLL_NANOS);
    }
    if (!closed) {
      windowClosed.run();
    }
    loop.finish();
  }

  private static void progress(Protocol protocol, LoadDriver loop, long start) {
    boolean m = loop.measuring();
    var phase = m ? loop.measured() : loop.warmup();
    double elapsed = m ? loop.measuredSeconds() : (System.nanoTime() - start) / 1e9;
    protocol.progress(new Progress(m ? "measure" : "warmup", phase.ok(), phase.errors(), phase.timeouts(), phase.notIssued(),
        elapsed));
  }

  private static StackProvider find(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new IllegalArgumentException("no stack named " + name + " on this worker's classpath");
  }

  private static StackConfig config(RunSpec spec) {
    RunSpec.Endpoint db = spec.endpoint();
    RunSpec.Setup setup = spec.setup();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), System.getenv(RunSpec.PASSWORD_ENV),
        setup.pool(), setup.threads(), spec.plan().workload().sqlTexts(), setup.applicationName(), setup.stackOptions(),
        db.engine(), db.sslMode(), db.sslRootCert());
  }

  /** The innermost cause's class and message: what a user needs, without a stack trace. */
  static String oneLine(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return msg.lines().findFirst().orElse(msg);
  }

  /** Closes the stack, giving up after 10 s: operations stuck in the database must not keep the worker alive. */
  private static void closeQuietly(Stack stack) throws InterruptedException {
    Thread closer = new Thread(() -> {
      try {
        stack.close();
      } catch (Exception e) {
        System.err.println("closing the stack failed: " + e);
      }
    }, "dbrace-close");
    closer.setDaemon(true);
    closer.start();
    closer.join(10_000);
    if (closer.isAlive()) {
      System.err.println("closing the stack took more than 10 s; exiting anyway");
    }
  }
}
