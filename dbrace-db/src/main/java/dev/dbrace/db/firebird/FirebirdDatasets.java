package dev.dbrace.db.firebird;

import dev.dbrace.db.DatasetRows;
import dev.dbrace.db.DbException;
import dev.dbrace.db.Transactions;
import dev.dbrace.db.WorldAndFortune;
import dev.dbrace.db.postgres.Datasets;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The lab tables on Firebird: TechEmpower's {@code world} (10,000 rows, the same
 * {@link DatasetRows#worldRandomNumber} values as on PostgreSQL) and {@code fortune} (the same 12
 * rows, read from {@code fixed-rows.sql}). Pagila's film tables are PostgreSQL-only. Idempotent;
 * like {@link Datasets}, it only ever drops tables whose comment marks them as dbrace's.
 *
 * <p>Stateless, hence thread-safe; unlike {@link Datasets} it takes no lock, so two processes
 * creating the tables in one empty database at once may fail (one of them, with a clear error).
 */
public final class FirebirdDatasets {

  static final List<String> TABLES = List.of("FORTUNE", "WORLD");
  private static final int ROWS_PER_BLOCK = 250;

  private FirebirdDatasets() {}

  /**
   * Does nothing if both tables exist with their row counts; otherwise drops dbrace's and creates
   * them anew.
   *
   * @throws DbException if a same-named table not made by dbrace exists, or on SQL failure
   */
  public static void ensure(Connection c, Consumer<String> logOrNull) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    long t0 = System.nanoTime();
    try {
      boolean created = Transactions.inOne(c, s -> {
        Map<String, String> found = markers(c);
        if (found.size() == TABLES.size() && WorldAndFortune.countMismatch(c) == null) {
          return false;
        }
        for (Map.Entry<String, String> t : found.entrySet()) {
          if (t.getValue() == null || !t.getValue().startsWith("dbrace dataset")) {
            throw new DbException("a table named " + t.getKey() + " already exists and was not"
                + " created by dbrace; use another database, or drop it");
          }
          s.execute("DROP TABLE " + t.getKey());
        }
        s.execute("CREATE TABLE world (id integer NOT NULL PRIMARY KEY, randomnumber integer NOT NULL)");
        s.execute("CREATE TABLE fortune (id integer NOT NULL PRIMARY KEY, message varchar(2048) NOT NULL)");
        s.execute("COMMENT ON TABLE world IS '" + Datasets.MARKER + "'");
        s.execute("COMMENT ON TABLE fortune IS '" + Datasets.MARKER + "'");
        c.commit(); // Firebird uses new tables only once their DDL is committed
        insertWorld(s);
        WorldAndFortune.insertFortunes(c);
        String wrong = WorldAndFortune.countMismatch(c);
        if (wrong != null) {
          throw new DbException("lab datasets were created with wrong row counts: " + wrong);
        }
        return true;
      });
      if (!created) {
        log.accept("lab datasets present (world, fortune)");
        return;
      }
      log.accept(String.format("created lab datasets (world, fortune) in %.2f s",
          (System.nanoTime() - t0) / 1e9));
    } catch (SQLException e) {
      throw new DbException("cannot create the lab datasets on Firebird: " + e.getMessage(), e);
    }
  }

  /** Existing tables named like ours, with their comment (null if none). */
  private static Map<String, String> markers(Connection c) throws SQLException {
    Map<String, String> found = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT trim(rdb$relation_name), rdb$description"
        + " FROM rdb$relations WHERE rdb$relation_name IN (?, ?)")) {
      ps.setString(1, TABLES.get(0));
      ps.setString(2, TABLES.get(1));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          found.put(rs.getString(1), rs.getString(2));
        }
      }
    }
    return found;
  }

  /** Literal inserts in EXECUTE BLOCKs: a few dozen round trips instead of 10,000. */
  private static void insertWorld(Statement s) throws SQLException {
    for (int from = 1; from <= DatasetRows.WORLD_ROWS; from += ROWS_PER_BLOCK) {
      StringBuilder b = new StringBuilder("EXECUTE BLOCK AS BEGIN\n");
      int to = Math.min(DatasetRows.WORLD_ROWS, from + ROWS_PER_BLOCK - 1);
      for (int id = from; id <= to; id++) {
        b.append("INSERT INTO world (id, randomnumber) VALUES (").append(id).append(", ")
            .append(DatasetRows.worldRandomNumber(id)).append(");\n");
      }
      s.execute(b.append("END").toString());
    }
  }
}
