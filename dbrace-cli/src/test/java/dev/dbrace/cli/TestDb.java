package dev.dbrace.cli;

import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.testkit.SharedTestDatabase;

/** The CLI tests' database: the test kit's {@link SharedTestDatabase}, one server per test JVM. */
public final class TestDb {
  private TestDb() {}

  public static EmbeddedPostgres get() {
    return SharedTestDatabase.server();
  }
}
