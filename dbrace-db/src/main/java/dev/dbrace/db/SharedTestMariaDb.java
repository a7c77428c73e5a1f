package dev.dbrace.db;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One {@link EmbeddedMariaDb}, with world and fortune loaded, shared by the tests of a JVM; the
 * MariaDB counterpart of {@link SharedTestDatabase}. MariaDB is not bundled: on first use this
 * installs Debian's package when it is missing and the JVM runs as root
 * ({@link MariaDbInstall#installIfMissing}); otherwise tests skip with {@link #unavailable()}'s
 * reason. Stopped by EmbeddedMariaDb's shutdown hook when the test JVM exits.
 *
 * <p>Thread-safe; a failed start is remembered, so later callers fail at once with its cause.
 */
public final class SharedTestMariaDb {
  private static EmbeddedMariaDb server; // guarded by the class
  private static RuntimeException startFailure; // guarded by the class

  private SharedTestMariaDb() {}

  /** Null if MariaDB can run here (installing it if need be), else why not: for a JUnit assumption. */
  public static synchronized String unavailable() {
    return MariaDbInstall.installIfMissing(SharedTestMariaDb::log);
  }

  /** The running server, started with its datasets on the first call. */
  public static synchronized EmbeddedMariaDb server() {
    if (startFailure != null) {
      throw new IllegalStateException("the shared test MariaDB failed to start earlier: "
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

  /** User dbrace on database dbrace, where the datasets are. */
  public static DbTarget target() {
    return server().target();
  }

  private static EmbeddedMariaDb startWithDatasets() {
    EmbeddedMariaDb fb = EmbeddedMariaDb.start(SharedTestMariaDb::log);
    try (Connection c = fb.target().connect()) {
      MariaDbDatasets.ensure(c, SharedTestMariaDb::log);
    } catch (SQLException | RuntimeException e) {
      fb.close();
      throw new DbException("cannot load the lab datasets into the test MariaDB: " + e.getMessage(), e);
    }
    return fb;
  }

  private static void log(String message) {
    System.err.println("[test-mariadb] " + message);
  }
}
