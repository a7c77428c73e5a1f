package dev.dbrace.testkit;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.db.DbTarget;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Stacks as the stack modules' tests open them: a provider found by name as the worker finds it
 * ({@link ServiceLoader}), and a {@link StackConfig} for the shared test server of an engine, in
 * one place for every module's tests.
 */
public final class TestStacks {
  /** The pool and thread count a test config has unless it asks for others. */
  public static final int POOL = 8;

  private TestStacks() {}

  /** The provider registered under {@code name} on this test classpath. */
  public static StackProvider provider(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no stack provider " + name + " on the test classpath");
  }

  /** Where the shared test server of {@code engine} is (started on first use). */
  public static DbTarget target(Engine engine) {
    return switch (engine) {
      case POSTGRESQL -> SharedTestDatabase.target();
      case MARIADB -> SharedTestMariaDb.target();
      case FIREBIRD -> SharedTestFirebird.target();
    };
  }

  /**
   * Null if the shared test server of {@code engine} can run here (installing it if need be), else
   * why not: for a JUnit assumption. PostgreSQL is bundled and always runs.
   */
  public static String unavailable(Engine engine) {
    return switch (engine) {
      case POSTGRESQL -> null;
      case MARIADB -> SharedTestMariaDb.unavailable();
      case FIREBIRD -> SharedTestFirebird.unavailable();
    };
  }

  /** A config on the shared server of {@code engine}, with its password, {@link #POOL} connections and threads. */
  public static StackConfig config(Engine engine, List<String> sql, Map<String, String> options) {
    return config(engine, POOL, sql, options);
  }

  /** The same with {@code pool} connections (and as many threads). */
  public static StackConfig config(Engine engine, int pool, List<String> sql, Map<String, String> options) {
    DbTarget db = target(engine);
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), db.password(), pool, pool, sql,
        "dbrace-test", options, engine);
  }

  /** {@code c} with another password: for the wrong-password checks. */
  public static StackConfig withPassword(StackConfig c, String password) {
    return new StackConfig(c.host(), c.port(), c.database(), c.user(), password, c.pool(), c.threads(), c.sql(),
        c.applicationName(), c.options(), c.engine(), c.sslMode(), c.sslRootCert());
  }

  /** {@code c} with another number of platform threads, for the blocking stacks. */
  public static StackConfig withThreads(StackConfig c, int threads) {
    return new StackConfig(c.host(), c.port(), c.database(), c.user(), c.password(), c.pool(), threads, c.sql(),
        c.applicationName(), c.options(), c.engine(), c.sslMode(), c.sslRootCert());
  }
}
