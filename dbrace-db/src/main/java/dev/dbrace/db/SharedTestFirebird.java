package dev.dbrace.db;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One {@link EmbeddedFirebird}, with world and fortune loaded, shared by the tests of a JVM; the
 * Firebird counterpart of {@link SharedTestDatabase}. Firebird is not bundled: on first use this
 * installs Debian's package when it is missing and the JVM runs as root
 * ({@link FirebirdInstall#installIfMissing}); otherwise tests skip with {@link #unavailable()}'s
 * reason. Stopped by EmbeddedFirebird's shutdown hook when the test JVM exits.
 *
 * <p>Thread-safe; a failed start is remembered, so later callers fail at once with its cause.
 */
public final class SharedTestFirebird {
  private static EmbeddedFirebird server; // guarded by the class
  private static RuntimeException startFailure; // guarded by the class

  private SharedTestFirebird() {}

  /** Null if Firebird can run here (installing it if need be), else why not: for a JUnit assumption. */
  public static synchronized String unavailable() {
    return FirebirdInstall.installIfMissing(SharedTestFirebird::log);
  }

  /** The running server, started with its datasets on the first call. */
  public static synchronized EmbeddedFirebird server() {
    if (startFailure != null) {
      throw new IllegalStateException("the shared test Firebird failed to start earlier: "
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

  /** SYSDBA on its {@code dbrace.fdb}, where the datasets are. */
  public static DbTarget target() {
    return server().target();
  }

  private static EmbeddedFirebird startWithDatasets() {
    EmbeddedFirebird fb = EmbeddedFirebird.start(SharedTestFirebird::log);
    try (Connection c = fb.target().connect()) {
      FirebirdDatasets.ensure(c, SharedTestFirebird::log);
    } catch (SQLException | RuntimeException e) {
      fb.close();
      throw new DbException("cannot load the lab datasets into the test Firebird: " + e.getMessage(), e);
    }
    return fb;
  }

  private static void log(String message) {
    System.err.println("[test-firebird] " + message);
  }
}
