package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --jfr}: the worker records a Flight Recorder file ({@code worker.jfr} in the run's folder),
 * summarised into the run's thread states over the measured phase. At the service level the run's
 * figures are the service's, so the service's own JVM records ({@code service.jfr}, started with
 * {@link #serviceJvmArgs}) and that file is summarised; the generator's worker still records its
 * {@code worker.jfr} beside it. A Node service is not a JVM: its run says JFR does not apply.
 */
public final class JfrProbe implements RunProbe {
  /** The service's recording, in the run's folder. */
  public static final String SERVICE_FILE = "service.jfr";
  private static final String WORKER_FILE = "worker.jfr";

  private final Path results;
  private final Path workerFile;
  private final Path settings;
  /** The file summarised into the run's thread states; null when nothing recordable ran (a Node service). */
  private final Path summarised;

  /** {@code settings}: the recording's settings file, in the results folder. A driver-level run: the worker's recording. */
  public JfrProbe(Path results, Path runDir, Path settings) {
    this(results, runDir, settings, runDir.resolve(WORKER_FILE));
  }

  private JfrProbe(Path results, Path runDir, Path settings, Path summarised) {
    this.results = results;
    this.workerFile = runDir.resolve(WORKER_FILE);
    this.settings = settings;
    this.summarised = summarised;
  }

  /**
   * A service-level run: the generator's worker records too, but the thread states are the
   * service's ({@code jvm}: it was started with {@link #serviceJvmArgs}); a Node service has none.
   */
  public static JfrProbe service(Path results, Path runDir, Path settings, boolean jvm) {
    return new JfrProbe(results, runDir, settings, jvm ? runDir.resolve(SERVICE_FILE) : null);
  }

  /** What a Java service's JVM is started with under --jfr: it records into {@link #SERVICE_FILE}, written when it exits. */
  public static List<String> serviceJvmArgs(Path runDir, Path settings) {
    return JfrOptions.workerArgs(runDir.resolve(SERVICE_FILE), settings);
  }

  /** Why a Node service's run has no thread states. */
  public static final String NOT_A_JVM = "JFR does not apply: the service runs on Node.js, not a JVM";

  @Override
  public List<String> workerJvmArgs() {
    return JfrOptions.workerArgs(workerFile, settings);
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws IOException {
    // the worker writes its recording when it exits, which it has by now; a service when it was stopped, before this
    RunRecord.ThreadStates states = summarised == null ? JfrThreadStates.unavailable(NOT_A_JVM)
        : out.measureStart() == null ? JfrThreadStates.unavailable("the run never reached its measured phase")
        : JfrThreadStates.summarize(summarised, out.measureStart(), out.measureEnd());
    String relative = summarised != null && Files.exists(summarised) ? results.relativize(summarised).toString() : null;
    return record.withProbes(p -> p.withJfr(relative, states));
  }
}
