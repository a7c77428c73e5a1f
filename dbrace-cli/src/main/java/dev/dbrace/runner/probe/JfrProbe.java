package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --jfr}: the worker records a Flight Recorder file ({@code worker.jfr} in the run's folder),
 * summarised into the run's thread states over the measured phase.
 */
public final class JfrProbe implements RunProbe {
  private final Path results;
  private final Path file;
  private final Path settings;

  /** {@code settings}: the recording's settings file, in the results folder. */
  public JfrProbe(Path results, Path runDir, Path settings) {
    this.results = results;
    this.file = runDir.resolve("worker.jfr");
    this.settings = settings;
  }

  @Override
  public List<String> workerJvmArgs() {
    return JfrOptions.workerArgs(file, settings);
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws IOException {
    // the worker writes its recording when it exits, which it has by now
    RunRecord.ThreadStates states = out.measureStart() == null
        ? JfrThreadStates.unavailable("the run never reached its measured phase")
        : JfrThreadStates.summarize(file, out.measureStart(), out.measureEnd());
    String relative = Files.exists(file) ? results.relativize(file).toString() : null;
    return record.withProbes(p -> p.withJfr(relative, states));
  }
}
