package dev.dbrace.runner.fork;

import com.fasterxml.jackson.databind.JsonNode;
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
import dev.dbrace.runner.shared.SharedOutcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runs one stack in one worker JVM and watches it: a worker that stops making progress for the
 * stall timeout, or outlives the run timeout, is asked to stop and report, then killed; one
 * that dies is reported with its last stderr lines. At the service level progress is an answer
 * (ok, or an error the service answered): a service that answers nothing, its requests only timing
 * out, is stopped after the stall timeout as {@code stalled}, its figures so far kept. One run at a
 * time, each watched by a {@link Watch} of its own; only {@link #interrupt} may be called from another thread.
 */
public final class RunExecutor extends WorkerRun {
  private static final long STARTUP_TIMEOUT_MS = 120_000;
  /** The measured process's threads, RSS and CPU over the run, beside its latency.hlog. */
  public static final String TIMELINE = "process.csv";

  private final RaceSettings settings;
  private final RunListener listener;
  private Consumer<String> onSettled = ended -> { };
  /** The worker of the run going on, for {@link #interrupt} to reach; null before the first. */
  private volatile WorkerProcess current;
  private volatile boolean interrupted;

  public RunExecutor(RaceSettings settings, RunListener listener) {
    this.settings = settings;
    this.listener = listener;
  }

  /**
   * What came back from the worker, before server counters are added.
   *
   * @param ready the measured process when warm-up began (the stack open); with {@code before}, the warm-up's CPU
   * @param before the measured process when the measured phase began; {@code after}, when the result came
   * @param windowEnd the measured process when the measured window closed (the worker's {@code drain}), before the
   *     drain of the operations still in flight; null when the worker never said so
   * @param peakThreads peak threads inside the measured window; {@code peakRssKb} the same for resident memory
   * @param shared a run that agents shared: its parts and their merge; null for a run on this machine
   */
  public record Outcome(RunStatus status, String message, WorkerResult result, ProcStats ready, ProcStats before,
      ProcStats windowEnd, ProcStats after, int peakThreads, long peakRssKb, List<String> stderrTail, double wallS,
      Instant measureStart, Instant measureEnd, Generator generator, SharedOutcome shared) {

    /** A run on this machine. */
    public Outcome(RunStatus status, String message, WorkerResult result, ProcStats ready, ProcStats before,
        ProcStats windowEnd, ProcStats after, int peakThreads, long peakRssKb, List<String> stderrTail, double wallS,
        Instant measureStart, Instant measureEnd, Generator generator) {
      this(status, message, result, ready, before, windowEnd, after, peakThreads, peakRssKb, stderrTail, wallS,
          measureStart, measureEnd, generator, null);
    }

    /**
     * A run that agents shared: its figures are {@code shared}'s merge; {@code measureStart} is the controller's go. At
     * the driver level ({@code service} null) its process figures are the agents' workers' (measured on each agent,
     * {@code shared.process()}), none read here; at the service level they are the service's, read here, and the
     * agents' workers are its load generator.
     */
    public static Outcome shared(SharedOutcome shared, Instant measureStart, Instant measureEnd, ProcessReadings service) {
      if (service == null) {
        return new Outcome(shared.status(), shared.message(), shared.result(), null, null, null, null, 0, 0, List.of(),
            shared.wallS(), measureStart, measureEnd, null, shared);
      }
      return new Outcome(shared.status(), shared.message(), shared.result(), service.ready(), service.before(),
          service.windowEnd(), service.after(), service.peakThreads(), service.peakRssKb(), List.of(), shared.wallS(),
          measureStart, measureEnd, null, shared);
    }

    /** The same outcome with another status and message (a run found to have failed after it ended). */
    public Outcome as(RunStatus newStatus, String newMessage) {
      return new Outcome(newStatus, newMessage, result, ready, before, windowEnd, after, peakThreads, peakRssKb, stderrTail,
          wallS, measureStart, measureEnd, generator, shared);
    }
  }

  /** At the service level: the load generator's own process over the measured phase (the service is the figures). */
  public record Generator(ProcStats ready, ProcStats before, ProcStats windowEnd, ProcStats after, int peakThreads,
      long peakRssKb) {}

  /**
   * Called on the runner's thread when a held worker ({@code RunSpec.LoadPlan#held}: an agent's part of a shared run)
   * ended its warm-up by its rule and waits for {@link #go}; {@code ended} is how (settled, cap, fixed, none).
   */
  public RunExecutor onSettled(Consumer<String> action) {
    onSettled = onSettled.andThen(action);
    return this;
  }

  /** Starts a held worker's measured phase (the controller's go); from any thread; nothing before the worker runs. */
  public void go() {
    WorkerProcess w = current;
    if (w != null) {
      w.send("measure");
    }
  }

  /**
   * Runs the worker with the race's JVM arguments plus {@code extraJvmArgs} (e.g. Flight Recorder's).
   * The figures are read from {@code servicePid} when it is above 0 (a service the worker drives over
   * HTTP); the worker's own are then the generator's. {@link WorkerRun#OUTSIDE}: a service dbrace did not start and
   * cannot read, measured from outside only (no process figures; the worker's are the generator's).
   */
  @Override
  public Outcome run(StackCatalog.Entry stack, RunSpec spec, String password, Path runDir, List<String> extraJvmArgs,
      long servicePid) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    List<String> jvmArgs = new ArrayList<>(settings.setup().workerJvmArgs());
    jvmArgs.addAll(extraJvmArgs);
    try (WorkerProcess w = WorkerProcess.start(settings.setup().java(), jvmArgs, stack.classpath(), spec, password, runDir);
        ProcSampler sampler = servicePid == OUTSIDE ? null
            : new ProcSampler(servicePid > 0 ? servicePid : w.pid(), runDir.resolve(TIMELINE));
        ProcSampler generator = servicePid != 0 ? new ProcSampler(w.pid()) : null) {
      current = w;
      if (interrupted) {
        w.send("stop");
      }
      return new Watch(w, spec.stack(), t0, sampler == null ? null : new ProcessReadings(sampler),
          generator == null ? null : new ProcessReadings(generator), WorkerProcess.writesAotCache(jvmArgs)).watch();
    }
  }

  /**
   * Ctrl-C: asks the worker to stop issuing and report what it measured so far (from the shutdown
   * hook's thread); {@link #run} then returns an "interrupted" outcome with those figures.
   */
  @Override
  public void interrupt() {
    interrupted = true;
    WorkerProcess w = current;
    if (w != null) {
      w.send("stop");
    }
  }

  /**
   * One run's watch over its worker's messages, made for that run alone: its readings, its stall clock and why it was
   * stopped start empty with it, so nothing carries over from the run before. The runner's thread only.
   */
  private final class Watch {
    private final WorkerProcess w;
    private final String stack;
    private final long t0;
    private final ProcessReadings measured;
    /** The load generator's process at the service level; null at the driver level, where the worker is measured. */
    private final ProcessReadings generator;
    /** Both, in the order they are read: the measured process first. */
    private final List<ProcessReadings> processes;
    // the service level counts answers only: a hung service's requests time out one by one, and
    // those timeouts would otherwise keep its run going until the run timeout
    private final boolean answersOnly = settings.serviceLevel();
    private boolean stackOpen;
    private Instant measureStart;
    private Instant measureEnd;
    private long lastCount = -1;
    private long lastChange = System.nanoTime();
    private long stopSentAt;
    private String stopReason;
    private boolean stalled;
    /** The worker writes an ahead-of-time cache as it exits ({@code --aot}'s first run): its exit is waited for longer. */
    private final boolean training;

    Watch(WorkerProcess w, String stack, long t0, ProcessReadings measured, ProcessReadings generator, boolean training) {
      this.w = w;
      this.training = training;
      this.stack = stack;
      this.t0 = t0;
      this.measured = measured;
      this.generator = generator;
      this.processes = Stream.of(measured, generator).filter(Objects::nonNull).toList();
    }

    /** Reads the worker's messages until its run ends, and says how it ended. */
    Outcome watch() throws IOException, InterruptedException {
      while (true) {
        WorkerProcess.Message m = w.next(250);
        long now = System.nanoTime();
        if (m == null) {
          Outcome killed = quiet(now);
          if (killed != null) {
            return killed;
          }
          continue;
        }
        switch (m.type()) {
          case READY -> opened(now);
          case SETTLED -> onSettled.accept(m.body().path("ended").asText());
          case MEASURE -> measuring();
          case DRAIN -> windowClosed();
          case PROGRESS -> progress(Json.MAPPER.treeToValue(m.body(), Progress.class), now);
          case RESULT -> {
            return result(m.body());
          }
          case ERROR -> {
            w.waitFor(5_000);
            return outcome(RunStatus.FAILED, m.body().path("message").asText(), null);
          }
          case EOF -> {
            w.waitFor(5_000);
            return outcome(RunStatus.CRASHED, "worker exited with code " + w.exitCode() + " before reporting a result", null);
          }
          default -> { } // BAD_INPUT (experiments only), NOISE: stray output on the worker's stdout; its stderr log has the details
        }
      }
    }

    /** No message for a while: the guards' turn; the outcome once a stopped worker gave no result in time, else null. */
    private Outcome quiet(long now) {
      if (stopSentAt == 0) {
        stopReason = stackOpen ? watchdog(now) : startupWatchdog(now);
        stalled = stackOpen && answersOnly && stopReason != null
            && now - lastChange > settings.guards().stallTimeoutMs() * 1_000_000L;
        if (stopReason != null) {
          w.send("stop");
          stopSentAt = now;
        }
      } else if (now - stopSentAt > (settings.guards().drainTimeoutMs() + 15_000) * 1_000_000L) {
        w.kill();
        return outcome(RunStatus.HUNG, stopReason + "; no result after stop, killed", null);
      }
      return null;
    }

    /** Opening a stack (JVM start, pool warm-up) may take a while on a loaded machine, not forever. */
    private String startupWatchdog(long now) {
      long limit = Math.max(STARTUP_TIMEOUT_MS, settings.guards().stallTimeoutMs());
      return now - t0 > limit * 1_000_000L ? "the worker did not open the stack within " + limit / 1000 + " s" : null;
    }

    /** Why the run must be stopped now, or null. */
    private String watchdog(long now) {
      RaceSettings.Guards guards = settings.guards();
      if (now - lastChange > guards.stallTimeoutMs() * 1_000_000L) {
        if (settings.serviceLevel()) {
          return "the service answered nothing for " + seconds(guards.stallTimeoutMs()) + " (its requests timed out after "
              + seconds(guards.requestTimeoutMs()) + "); stopped, the figures measured until then kept";
        }
        return "no operation completed for " + guards.stallTimeoutMs() / 1000 + " s";
      }
      if (now - t0 > guards.runTimeoutMs() * 1_000_000L) {
        return "run exceeded the run timeout of " + guards.runTimeoutMs() / 1000 + " s";
      }
      return null;
    }

    private void opened(long now) {
      stackOpen = true;
      processes.forEach(ProcessReadings::stackOpen);
      lastChange = now; // the stall clock starts when the stack is open, not when the JVM forks
      listener.phase(stack, "warmup");
    }

    private void measuring() {
      processes.forEach(ProcessReadings::measuring);
      measureStart = Instant.now();
      RunExecutor.this.measureBegan(measureStart);
      listener.phase(stack, "measure");
    }

    private void windowClosed() {
      processes.forEach(ProcessReadings::windowClosed);
      RunExecutor.this.windowClosed(Instant.now());
    }

    private void progress(Progress p, long now) {
      // an open loop refusing every arrival at the in-flight limit is still making decisions, not stalled;
      // at the service level only answers count (ok or the service's error), neither timeouts nor refusals
      long count = answersOnly ? p.answered() : p.decided();
      if (count != lastCount) {
        lastCount = count;
        lastChange = now;
      }
      listener.progress(stack, p.phase(), p.ops(), p.errors(), p.elapsedS());
    }

    /** The result came: the measured phase is read as ended before its figures are even parsed. */
    private Outcome result(JsonNode body) throws IOException, InterruptedException {
      processes.forEach(ProcessReadings::measured);
      measureEnd = Instant.now();
      RunExecutor.this.measured(measureEnd);
      WorkerResult r = Json.MAPPER.treeToValue(body.path("result"), WorkerResult.class);
      w.send("exit");
      // an interrupted race's shutdown hook waits only seconds for these figures, and reads no server
      // counters after them: a worker slow to close its stack is not waited for then
      if (!w.waitFor(interrupted ? 1_000 : training ? 120_000 : 15_000)) {
        w.kill();
      }
      if (interrupted) {
        return outcome(RunStatus.INTERRUPTED, "interrupted (Ctrl-C); the figures are those measured until then", r);
      }
      return outcome(stopReason == null ? RunStatus.OK : stalled ? RunStatus.STALLED : RunStatus.HUNG, stopReason, r);
    }

    private Outcome outcome(RunStatus status, String message, WorkerResult r) {
      List<String> tail = status == RunStatus.OK ? List.of() : w.stderrTail(20);
      if (measured == null) { // a service measured from outside only: no process of its to read
        return new Outcome(status, Secrets.redact(message), r, null, null, null, null, 0, 0, tail,
            (System.nanoTime() - t0) / 1e9, measureStart, measureEnd != null ? measureEnd : Instant.now(),
            generator == null ? null : generator.asGenerator());
      }
      return new Outcome(status, Secrets.redact(message), r, measured.ready(), measured.before(), measured.windowEnd(),
          measured.after(), measured.peakThreads(), measured.peakRssKb(), tail, (System.nanoTime() - t0) / 1e9, measureStart,
          measureEnd != null ? measureEnd : Instant.now(), generator == null ? null : generator.asGenerator());
    }
  }

  private static String seconds(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
  }
}
