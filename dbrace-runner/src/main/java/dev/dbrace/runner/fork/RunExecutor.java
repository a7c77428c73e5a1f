package dev.dbrace.runner.fork;

import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.Progress;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.probe.ProcSampler;
import dev.dbrace.runner.probe.ProcStats;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Runs one stack in one worker JVM and watches it: a worker that stops making progress for the
 * stall timeout, or outlives the run timeout, is asked to stop and report, then killed; one
 * that dies is reported with its last stderr lines. At the service level progress is an answer
 * (ok, or an error the service answered): a service that answers nothing, its requests only timing
 * out, is stopped after the stall timeout as {@code stalled}, its figures so far kept. Not thread-safe; one run at a time.
 */
public final class RunExecutor {
  /**
   * What came back from the worker, before server counters are added.
   *
   * @param ready the measured process when warm-up began (the stack open); with {@code before}, the warm-up's CPU
   * @param before the measured process when the measured phase began; {@code after}, when the result came
   * @param windowEnd the measured process when the measured window closed (the worker's {@code drain}), before the
   *     drain of the operations still in flight; null when the worker never said so
   * @param peakThreads peak threads inside the measured window; {@code peakRssKb} the same for resident memory
   */
  public record Outcome(RunStatus status, String message, WorkerResult result, ProcStats ready, ProcStats before,
      ProcStats windowEnd, ProcStats after, int peakThreads, long peakRssKb, List<String> stderrTail, double wallS,
      Instant measureStart, Instant measureEnd, Generator generator) {

    /** The same outcome with another status and message (a run found to have failed after it ended). */
    public Outcome as(RunStatus newStatus, String newMessage) {
      return new Outcome(newStatus, newMessage, result, ready, before, windowEnd, after, peakThreads, peakRssKb, stderrTail,
          wallS, measureStart, measureEnd, generator);
    }
  }

  /** At the service level: the load generator's own process over the measured phase (the service is the figures). */
  public record Generator(ProcStats ready, ProcStats before, ProcStats windowEnd, ProcStats after, int peakThreads,
      long peakRssKb) {}

  private static final long STARTUP_TIMEOUT_MS = 120_000;
  /** The measured process's threads, RSS and CPU over the run, beside its latency.hlog. */
  static final String TIMELINE = "process.csv";

  private final RaceSettings settings;
  private final RunListener listener;
  private ProcSampler generator;
  private ProcStats generatorReady;
  private ProcStats generatorBefore;
  private ProcStats generatorWindowEnd;
  private ProcStats generatorAfter;
  private ProcStats ready;
  private ProcStats windowEnd;
  private Instant measureStart;
  private Instant measureEnd;
  private java.util.function.Consumer<Instant> onMeasure = t -> { };
  private java.util.function.Consumer<Instant> onWindowClosed = t -> { };
  private java.util.function.Consumer<Instant> onMeasured = t -> { };

  /**
   * Called on the runner's thread when the worker starts its measured phase (a fault run's clock, the
   * TLS of the run's connections); actions added run in the order they were added.
   */
  public RunExecutor onMeasure(java.util.function.Consumer<Instant> action) {
    onMeasure = onMeasure.andThen(action);
    return this;
  }

  /**
   * Called on the runner's thread when the worker's measured window closed, right after its process was read for
   * it: the end of % CPU's span, before the drain of the operations still in flight; actions added run in the order
   * they were added.
   */
  public RunExecutor onWindowClosed(java.util.function.Consumer<Instant> action) {
    onWindowClosed = onWindowClosed.andThen(action);
    return this;
  }

  /**
   * Called on the runner's thread when the worker's result came, right after its process was read for the measured
   * phase's end (the server's CPU is read beside it); actions added run in the order they were added.
   */
  public RunExecutor onMeasured(java.util.function.Consumer<Instant> action) {
    onMeasured = onMeasured.andThen(action);
    return this;
  }
  private volatile WorkerProcess current;
  private volatile boolean interrupted;

  public RunExecutor(RaceSettings settings, RunListener listener) {
    this.settings = settings;
    this.listener = listener;
  }

  /**
   * Runs the worker with the race's JVM arguments plus {@code extraJvmArgs} (e.g. Flight Recorder's).
   * The figures are read from {@code servicePid} when it is not 0 (a service the worker drives over
   * HTTP); the worker's own are then the generator's.
   */
  public Outcome run(StackCatalog.Entry stack, RunSpec spec, String password, Path runDir, List<String> extraJvmArgs,
      long servicePid) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    List<String> jvmArgs = new java.util.ArrayList<>(settings.setup().workerJvmArgs());
    jvmArgs.addAll(extraJvmArgs);
    measureStart = null;
    measureEnd = null;
    generatorReady = null;
    generatorBefore = null;
    generatorWindowEnd = null;
    generatorAfter = null;
    ready = null;
    windowEnd = null;
    try (WorkerProcess w = WorkerProcess.start(settings.setup().java(), jvmArgs, stack.classpath(), spec, password, runDir);
        ProcSampler sampler = new ProcSampler(servicePid > 0 ? servicePid : w.pid(), runDir.resolve(TIMELINE));
        ProcSampler generator = servicePid > 0 ? new ProcSampler(w.pid()) : null) {
      this.generator = generator;
      current = w;
      if (interrupted) {
        w.send("stop");
      }
      ProcStats before = null;
      long lastCount = -1;
      long lastChange = System.nanoTime();
      long stopSentAt = 0;
      boolean ready = false;
      String stopReason = null;
      // the service level counts answers only: a hung service's requests time out one by one, and
      // those timeouts would otherwise keep its run going until the run timeout
      boolean serviceLevel = settings.serviceLevel();
      boolean stalled = false;
      while (true) {
        WorkerProcess.Message m = w.next(250);
        long now = System.nanoTime();
        if (m == null) {
          if (stopSentAt == 0) {
            stopReason = ready ? watchdog(now, t0, lastChange) : startupWatchdog(now, t0);
            stalled = ready && serviceLevel && stopReason != null && now - lastChange > settings.guards().stallTimeoutMs() * 1_000_000L;
            if (stopReason != null) {
              w.send("stop");
              stopSentAt = now;
            }
          } else if (now - stopSentAt > (settings.guards().drainTimeoutMs() + 15_000) * 1_000_000L) {
            w.kill();
            return outcome(RunStatus.HUNG, stopReason + "; no result after stop, killed", null, before, null, sampler, w, t0);
          }
          continue;
        }
        switch (m.type()) {
          case READY -> {
            ready = true;
            this.ready = sampler.sample();
            generatorReady = generator == null ? null : generator.sample();
            lastChange = now; // the stall clock starts when the stack is open, not when the JVM forks
            listener.phase(spec.stack(), "warmup");
          }
          case MEASURE -> {
            before = sampler.measuring(true);
            generatorBefore = generator == null ? null : generator.measuring(true);
            measureStart = Instant.now();
            onMeasure.accept(measureStart);
            listener.phase(spec.stack(), "measure");
          }
          case DRAIN -> {
            windowEnd = sampler.sample();
            generatorWindowEnd = generator == null ? null : generator.sample();
            onWindowClosed.accept(Instant.now());
          }
          case PROGRESS -> {
            Progress p = Json.MAPPER.treeToValue(m.body(), Progress.class);
            // an open loop refusing every arrival at the in-flight limit is still making decisions, not stalled;
            // at the service level only answers count (ok or the service's error), neither timeouts nor refusals
            long count = serviceLevel ? p.answered() : p.decided();
            if (count != lastCount) {
              lastCount = count;
              lastChange = now;
            }
            listener.progress(spec.stack(), p.phase(), p.ops(), p.errors(), p.elapsedS());
          }
          case RESULT -> {
            ProcStats after = sampler.measuring(false);
            generatorAfter = generator == null ? null : generator.measuring(false);
            measureEnd = Instant.now();
            onMeasured.accept(measureEnd);
            WorkerResult r = Json.MAPPER.treeToValue(m.body().path("result"), WorkerResult.class);
            w.send("exit");
            // an interrupted race's shutdown hook waits only seconds for these figures, and reads no server
            // counters after them: a worker slow to close its stack is not waited for then
            if (!w.waitFor(interrupted ? 1_000 : 15_000)) {
              w.kill();
            }
            if (interrupted) {
              return outcome(RunStatus.INTERRUPTED, "interrupted (Ctrl-C); the figures are those measured until then", r,
                  before, after, sampler, w, t0);
            }
            RunStatus status = stopReason == null ? RunStatus.OK : stalled ? RunStatus.STALLED : RunStatus.HUNG;
            return outcome(status, stopReason, r, before, after, sampler, w, t0);
          }
          case ERROR -> {
            w.waitFor(5_000);
            return outcome(RunStatus.FAILED, m.body().path("message").asText(), null, before, null, sampler, w, t0);
          }
          case EOF -> {
            w.waitFor(5_000);
            return outcome(RunStatus.CRASHED, "worker exited with code " + w.exitCode() + " before reporting a result",
                null, before, null, sampler, w, t0);
          }
          default -> { } // BAD_INPUT (experiments only), NOISE: stray output on the worker's stdout; its stderr log has the details
        }
      }
    }
  }

  /**
   * Ctrl-C: asks the worker to stop issuing and report what it measured so far (from the shutdown
   * hook's thread); {@link #run} then returns an "interrupted" outcome with those figures.
   */
  public void interrupt() {
    interrupted = true;
    WorkerProcess w = current;
    if (w != null) {
      w.send("stop");
    }
  }

  /** Opening a stack (JVM start, pool warm-up) may take a while on a loaded machine, not forever. */
  private String startupWatchdog(long now, long t0) {
    long limit = Math.max(STARTUP_TIMEOUT_MS, settings.guards().stallTimeoutMs());
    return now - t0 > limit * 1_000_000L ? "the worker did not open the stack within " + limit / 1000 + " s" : null;
  }

  private static String seconds(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
  }

  /** Why the run must be stopped now, or null. */
  private String watchdog(long now, long t0, long lastChange) {
    if (now - lastChange > settings.guards().stallTimeoutMs() * 1_000_000L) {
      if (settings.serviceLevel()) {
        return "the service answered nothing for " + seconds(settings.guards().stallTimeoutMs()) + " (its requests timed out after "
            + seconds(settings.guards().requestTimeoutMs()) + "); stopped, the figures measured until then kept";
      }
      return "no operation completed for " + settings.guards().stallTimeoutMs() / 1000 + " s";
    }
    if (now - t0 > settings.guards().runTimeoutMs() * 1_000_000L) {
      return "run exceeded the run timeout of " + settings.guards().runTimeoutMs() / 1000 + " s";
    }
    return null;
  }

  private Outcome outcome(RunStatus status, String message, WorkerResult r, ProcStats before, ProcStats after,
      ProcSampler sampler, WorkerProcess w, long t0) {
    List<String> tail = status == RunStatus.OK ? List.of() : w.stderrTail(20);
    return new Outcome(status, Secrets.redact(message), r, ready, before, windowEnd, after, sampler.peakThreads(),
        sampler.peakRssKb(), tail, (System.nanoTime() - t0) / 1e9, measureStart,
        measureEnd != null ? measureEnd : Instant.now(), generator == null ? null
            : new Generator(generatorReady, generatorBefore, generatorWindowEnd, generatorAfter, generator.peakThreads(),
                generator.peakRssKb()));
  }
}
