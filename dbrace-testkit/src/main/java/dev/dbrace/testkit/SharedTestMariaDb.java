package dev.dbrace.testkit;

import dev.dbrace.db.DbTarget;
import dev.dbrace.db.mariadb.EmbeddedMariaDb;
import dev.dbrace.db.mariadb.MariaDbDatasets;
import dev.dbrace.db.mariadb.MariaDbInstall;

/**
 * One {@link EmbeddedMariaDb}, with world and fortune loaded, shared by the tests of a JVM; the
 * MariaDB counterpart of {@link SharedTestDatabase}. MariaDB is not bundled: on first use this
 * installs Debian's package when it is missing and the JVM runs as root
 * ({@link MariaDbInstall#installIfMissing}); otherwise tests skip with {@link #unavailable()}'s
 * reason. Thread-safe.
 */
public final class SharedTestMariaDb {
  private static final SharedServer<EmbeddedMariaDb> SHARED =
      new SharedServer<>("MariaDB", EmbeddedMariaDb::start, EmbeddedMariaDb::target, MariaDbDatasets::ensure);

  private SharedTestMariaDb() {}

  /** Null if MariaDB can run here (installing it if need be), else why not: for a JUnit assumption. */
  public static String unavailable() {
    return MariaDbInstall.installIfMissing(SHARED::log);
  }

  /** The running server, started with its datasets on the first call. */
  public static EmbeddedMariaDb server() {
    return SHARED.server();
  }

  /** User dbrace on database dbrace, where the datasets are. */
  public static DbTarget target() {
    return SHARED.target();
  }
}
