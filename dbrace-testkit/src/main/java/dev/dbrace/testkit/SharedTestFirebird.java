package dev.dbrace.testkit;

import dev.dbrace.db.DbTarget;
import dev.dbrace.db.firebird.EmbeddedFirebird;
import dev.dbrace.db.firebird.FirebirdDatasets;
import dev.dbrace.db.firebird.FirebirdInstall;

/**
 * One {@link EmbeddedFirebird}, with world and fortune loaded, shared by the tests of a JVM; the
 * Firebird counterpart of {@link SharedTestDatabase}. Firebird is not bundled: on first use this
 * installs Debian's package when it is missing and the JVM runs as root
 * ({@link FirebirdInstall#installIfMissing}); otherwise tests skip with {@link #unavailable()}'s
 * reason. Thread-safe.
 */
public final class SharedTestFirebird {
  private static final SharedServer<EmbeddedFirebird> SHARED =
      new SharedServer<>("Firebird", EmbeddedFirebird::start, EmbeddedFirebird::target, FirebirdDatasets::ensure);

  private SharedTestFirebird() {}

  /** Null if Firebird can run here (installing it if need be), else why not: for a JUnit assumption. */
  public static String unavailable() {
    return FirebirdInstall.installIfMissing(SHARED::log);
  }

  /** The running server, started with its datasets on the first call. */
  public static EmbeddedFirebird server() {
    return SHARED.server();
  }

  /** SYSDBA on its {@code dbrace.fdb}, where the datasets are. */
  public static DbTarget target() {
    return SHARED.target();
  }
}
