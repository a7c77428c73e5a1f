package dev.dbrace.testkit;

import dev.dbrace.db.CacheDir;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.Datasets;
import dev.dbrace.db.postgres.EmbeddedPostgres;

/**
 * One embedded PostgreSQL, with the lab datasets loaded, shared by every test of a JVM: the real
 * database the stack modules' and the CLI's tests run against, so they need no server of their own
 * and are never skipped for want of one. Started on first use (a second or two: the binaries are
 * unpacked once into {@link CacheDir}); stopped by {@link EmbeddedPostgres}'s shutdown hook when
 * the test JVM exits.
 *
 * <p>It lives in dbrace-testkit, which every module takes in {@code test} scope only: that keeps the
 * kit, dbrace-db and pgjdbc off the stack workers' runtime classpath and out of production code.
 *
 * <p>Thread-safe. A failed start is remembered: later callers fail at once with the same cause
 * instead of each waiting for another start that would fail the same way.
 */
public final class SharedTestDatabase {
  private static final SharedServer<EmbeddedPostgres> SHARED = new SharedServer<>("PostgreSQL",
      log -> EmbeddedPostgres.start(CacheDir.resolve(), log), EmbeddedPostgres::target, Datasets::ensure);

  private SharedTestDatabase() {}

  /** The running server, started with its datasets on the first call. */
  public static EmbeddedPostgres server() {
    return SHARED.server();
  }

  /** Superuser access to its {@code postgres} database, where the datasets are: host, port, user, password. */
  public static DbTarget target() {
    return SHARED.target();
  }
}
