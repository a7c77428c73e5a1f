package dev.dbrace.cli;

import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.db.SharedTestDatabase;

/** The CLI tests' database: dbrace-db's {@link SharedTestDatabase}, one server per test JVM. */
public final class TestDb {
  private TestDb() {}

  public static EmbeddedPostgres get() {
    return SharedTestDatabase.server();
  }
}
