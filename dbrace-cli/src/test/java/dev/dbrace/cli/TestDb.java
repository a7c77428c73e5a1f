package dev.dbrace.cli;

import dev.dbrace.db.EmbeddedPostgres;
import dev.dbrace.db.SharedTestDatabase;

/** The CLI tests' database: dbrace-db's {@link SharedTestDatabase}, one server per test JVM. */
final class TestDb {
  private TestDb() {}

  static EmbeddedPostgres get() {
    return SharedTestDatabase.server();
  }
}
