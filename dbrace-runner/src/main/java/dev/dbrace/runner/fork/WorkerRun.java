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
 * added, once each: when the measured phase began, when its window closed, when the figures came.
 */
public interface WorkerRun {

  WorkerRun onMeasure(Consumer<Instant> action);

  WorkerRun onWindowClosed(Consumer<Instant> action);

  WorkerRun onMeasured(Consumer<Instant> action);

  /**
   * Runs {@code spec} on {@code stack}'s classpath and says how it ended; the figures are read from {@code servicePid}
   * when it is not 0 (a service the worker drives over HTTP).
   */
  RunExecutor.Outcome run(StackCatalog.Entry stack, RunSpec spec, String password, Path runDir, List<String> extraJvmArgs,
      long servicePid) throws IOException, InterruptedException;

  /** Ctrl-C: asks the worker(s) to stop and report what they measured; from any thread. */
  void interrupt();
}
