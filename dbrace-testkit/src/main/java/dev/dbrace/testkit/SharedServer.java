package dev.dbrace.testkit;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One embedded server of an engine, with its lab datasets loaded, shared by the tests of a JVM
 * (see {@link SharedTestDatabase}, {@link SharedTestFirebird}, {@link SharedTestMariaDb}): started on
 * first use, stopped by the server's own shutdown hook when the JVM exits. A failed start is
 * remembered, so later callers fail at once with its cause instead of each waiting for another
 * start that would fail the same way. Thread-safe.
 *
 * @param <S> the server type
 */
final class SharedServer<S extends AutoCloseable> {
  private final String label;
  private final Function<Consumer<String>, S> start;
  private final Function<S, DbTarget> target;
  private final BiConsumer<Connection, Consumer<String>> datasets;
  private S server; // guarded by this
  private RuntimeException startFailure; // guarded by this

  /**
   * @param label the engine, for messages and the log prefix, e.g. "MariaDB"
   * @param start starts a server, given a log
   * @param target where to connect to a started server
   * @param datasets loads the lab datasets over a connection
   */
  SharedServer(String label, Function<Consumer<String>, S> start, Function<S, DbTarget> target,
      BiConsumer<Connection, Consumer<String>> datasets) {
    this.label = label;
    this.start = start;
    this.target = target;
    this.datasets = datasets;
  }

  /** The running server, started with its datasets on the first call. */
  synchronized S server() {
    if (startFailure != null) {
      throw new IllegalStateException("the shared test " + label + " failed to start earlier: "
          + startFailure.getMessage(), startFailure);
    }
    if (server == null) {
      try {
        server = startWithDatasets();
      } catch (RuntimeException e) {
        startFailure = e;
        throw e;
      }
    }
    return server;
  }

  DbTarget target() {
    return target.apply(server());
  }

  private S startWithDatasets() {
    S s = start.apply(this::log);
    try (Connection c = target.apply(s).connect()) {
      datasets.accept(c, this::log);
    } catch (SQLException | RuntimeException e) {
      try {
        s.close();
      } catch (Exception closing) {
        e.addSuppressed(closing);
      }
      throw new DbException("cannot load the lab datasets into the test " + label + ": " + e.getMessage(), e);
    }
    return s;
  }

  void log(String message) {
    System.err.println("[test-" + label.toLowerCase(Locale.ROOT) + "] " + message);
  }
}
