package dev.dbrace.runner.fork;

import dev.dbrace.core.run.RunSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * One run's worker, wherever it runs: a JVM forked on this machine ({@link RunExecutor}) or the parts of a shared run on
 * the agents of a cluster. Hooks are added before {@link #run}; they are called on the runner's thread, in the order
 * added, once each: when the measured phase began, when its window closed, when the figures came. A subclass says
 * when, through {@link #measureBegan}, {@link #windowClosed} and {@link #measured}.
 */
public abstract class WorkerRun {
  /** As {@code servicePid}: a service dbrace did not start and cannot read (a user's, at its URL), measured from outside. */
  public static final long OUTSIDE = -1;

  private Consumer<Instant> onMeasure = t -> { };
  private Consumer<Instant> onWindowClosed = t -> { };
  private Consumer<Instant> onMeasured = t -> { };

  /**
   * When the measured phase begins (a fault run's clock, the TLS of the run's connections); actions added run in the
   * order they were added.
   */
  public WorkerRun onMeasure(Consumer<Instant> action) {
    onMeasure = onMeasure.andThen(action);
    return this;
  }

  /**
   * When the measured window closed, right after the measured process was read for it: the end of % CPU's span, before
   * the drain of the operations still in flight.
   */
  public WorkerRun onWindowClosed(Consumer<Instant> action) {
    onWindowClosed = onWindowClosed.andThen(action);
    return this;
  }

  /** When the figures came, right after the measured process was read for the phase's end (the server's CPU beside it). */
  public WorkerRun onMeasured(Consumer<Instant> action) {
    onMeasured = onMeasured.andThen(action);
    return this;
  }

  protected final void measureBegan(Instant at) {
    onMeasure.accept(at);
  }

  protected final void windowClosed(Instant at) {
    onWindowClosed.accept(at);
  }

  protected final void measured(Instant at) {
    onMeasured.accept(at);
  }

  /**
   * Runs {@code spec} on {@code stack}'s classpath and says how it ended; the figures are read from {@code servicePid}
   * when it is not 0 (a service the worker drives over HTTP).
   */
  public abstract RunExecutor.Outcome run(StackCatalog.Entry stack, RunSpec spec, String password, Path runDir,
      List<String> extraJvmArgs, long servicePid) throws IOException, InterruptedException;

  /** Ctrl-C: asks the worker(s) to stop and report what they measured; from any thread. */
  public abstract void interrupt();
}
