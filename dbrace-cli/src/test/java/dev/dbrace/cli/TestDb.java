package dev.dbrace.cli;

import dev.dbrace.db.EmbeddedPostgres;
import dev.dbrace.testkit.SharedTestDatabase;

/** The CLI tests' database: the test kit's {@link SharedTestDatabase}, one server per test JVM. */
final class TestDb {
  private TestDb() {}

  static EmbeddedPostgres get() {
    return SharedTestDatabase.server();
  }
}
