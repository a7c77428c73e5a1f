package dev.dbrace.db.postgres;

import dev.dbrace.db.DatasetCheck;
import dev.dbrace.db.DbException;
import dev.dbrace.db.Transactions;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Creates the lab tables if missing, with the same rows on every machine, and verifies their
 * counts; idempotent. Tables go into the connection's current schema: TechEmpower's
 * {@code world} and {@code fortune}, and Pagila's {@code language}, {@code category},
 * {@code actor}, {@code film}, {@code film_actor}, {@code film_category} and the view
 * {@code nicer_but_slower_film_list}. Only relations marked as dbrace's (by a table comment) are
 * ever dropped; a same-named table of someone else's is an error.
 *
 * <p>Stateless, hence thread-safe; concurrent calls, even from several processes, are serialized
 * by a transaction-level advisory lock.
 */
public final class Datasets {

  public static final String MARKER = "dbrace dataset v1";
  /** Views first, then referencing tables before referenced ones: the drop order. */
  public static final List<String> RELATIONS = List.of("nicer_but_slower_film_list", "film_actor",
      "film_category", "film", "actor", "category", "language", "fortune", "world");
  private static final long LOCK_KEY = 0x64627261636544L; // "dbraceD"

  private Datasets() {}

  /**
   * Does nothing if every relation exists with the expected row counts; otherwise drops dbrace's
   * relations and recreates them in one transaction, then runs ANALYZE.
   *
   * @throws DbException if a same-named relation not made by dbrace exists, or on SQL failure
   */
  public static void ensure(Connection c, Consumer<String> logOrNull) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    long t0 = System.nanoTime();
    try {
      boolean created = Transactions.inOne(c, s -> {
        s.execute("SELECT pg_advisory_xact_lock(" + LOCK_KEY + ")");
        Map<String, String> found = DatasetCheck.markers(c);
        if (DatasetCheck.complete(c, found)) {
          return false;
        }
        for (String rel : RELATIONS) {
          String marker = found.get(rel);
          if (marker != null && !marker.startsWith("dbrace dataset")) {
            throw new DbException("a relation named " + rel + " already exists in schema "
                + DatasetCheck.schema(c) + " and was not created by dbrace; use another"
                + " database or schema, or drop it");
          }
        }
        if (!found.isEmpty()) {
          log.accept("lab datasets incomplete or outdated: recreating them");
        }
        for (String rel : RELATIONS) {
          s.execute((rel.startsWith("nicer") ? "DROP VIEW IF EXISTS " : "DROP TABLE IF EXISTS ")
              + rel);
        }
        s.execute(DatasetCheck.resource("schema.sql"));
        s.execute(DatasetCheck.resource("fixed-rows.sql"));
        DatasetLoader.load(c);
        String wrong = DatasetCheck.countMismatch(c);
        if (wrong != null) {
          throw new DbException("lab datasets were created with wrong row counts: " + wrong);
        }
        return true;
      });
      if (!created) {
        log.accept("lab datasets present in schema " + DatasetCheck.schema(c));
        return;
      }
      try (Statement s = c.createStatement()) {
        // Fresh tables have no statistics: without them the first plans of a race are guesses.
        s.execute("ANALYZE " + String.join(", ", RELATIONS.subList(1, RELATIONS.size())));
      }
      log.accept(String.format("created lab datasets in schema %s in %.2f s",
          DatasetCheck.schema(c), (System.nanoTime() - t0) / 1e9));
    } catch (SQLException e) {
      throw new DbException("cannot create the lab datasets: " + e.getMessage(), e);
    }
  }
}
