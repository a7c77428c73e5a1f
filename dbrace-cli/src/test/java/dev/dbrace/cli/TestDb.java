package dev.dbrace.cli;

import dev.dbrace.db.Datasets;
import dev.dbrace.db.EmbeddedPostgres;

/** One embedded PostgreSQL with the datasets for the whole test JVM; it stops itself at exit. */
final class TestDb {
  private static EmbeddedPostgres pg;

  private TestDb() {}

  static synchronized EmbeddedPostgres get() throws Exception {
    if (pg == null) {
      pg = EmbeddedPostgres.start(Main.cacheDir(), msg -> System.err.println("[test-db] " + msg));
      try (var c = pg.target().connect()) {
        Datasets.ensure(c, msg -> System.err.println("[test-db] " + msg));
      }
    }
    return pg;
  }
}
