package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.time.Instant;
import java.nio.file.Path;
import java.util.List;

/**
 * Something measured (or done) around one run, beside the worker: the server's counters, the TLS
 * of the run's connections, a Flight Recorder file, injected faults, a service's versions. JMH's
 * {@code ExternalProfiler} is the model: {@link RaceRunner} makes a fresh set of probes for each run
 * and calls them in order at each step, so the run itself is one loop whatever is switched on.
 *
 * <p>Steps, in order: {@link #before} (the subject, a service, is up; the worker not yet
 * started), {@link #route}, {@link #classpath} and {@link #workerJvmArgs} (how the worker is started), {@link #measuring}
 * (the worker's measured phase began), {@link #windowClosed} (its measured window closed), {@link #measured} (its
 * result came), {@link #close} (the worker is gone),
 * then {@link #after}
 * (the probe's figures into the run's record).
 */
public interface RunProbe extends AutoCloseable {

  /** The runner's own connection to the database, opened again if a fault cut it. */
  @FunctionalInterface
  interface Admin {
    Connection get() throws IOException;
  }

  /** Before the worker starts. */
  default void before() throws IOException {}

  /** Where the worker connects: {@code server}, or a probe's stand-in for it (the fault proxy). */
  default InetSocketAddress route(InetSocketAddress server) {
    return server;
  }

  /** The classpath the worker starts with: {@code given}, or a probe's stand-in for it (the same classes, as jars). */
  default List<Path> classpath(List<Path> given) {
    return given;
  }

  /** Arguments this probe adds to the worker's JVM. */
  default List<String> workerJvmArgs() throws IOException {
    return List.of();
  }

  /** The worker's measured phase began at {@code start}; called on the runner's thread. */
  default void measuring(Instant start) {}

  /**
   * The worker's measured window closed at {@code end}: no operation is issued any more, those in flight drain (the
   * worker's own CPU is read at this moment too, the end of its % CPU); called on the runner's thread, not for a run
   * that never got that far.
   */
  default void windowClosed(Instant end) {}

  /**
   * The worker's result came, at {@code end}: its measured phase is over (the worker's own CPU is read at this moment
   * too); called on the runner's thread, not for a run that never got that far.
   */
  default void measured(Instant end) {}

  /** The worker is gone: ends what the probe still has going (a fault, a proxy). */
  @Override
  default void close() throws IOException, InterruptedException {}

  /**
   * Whether {@link #after} runs for a run cut short by Ctrl-C: most probes read the database, which
   * may be stopping with the runner, and say no.
   */
  default boolean afterInterrupt() {
    return false;
  }

  /** The run's record with this probe's figures in it. */
  default RunRecord after(RunRecord record, RunExecutor.Outcome out) throws IOException, InterruptedException {
    return record;
  }
}
