package dev.dbrace.db.mariadb;

import dev.dbrace.db.DatasetRows;
import dev.dbrace.db.DbException;
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
 * The lab tables on MariaDB/MySQL, in the connection's database: TechEmpower's {@code world}
 * (10,000 rows, the same {@link DatasetRows#worldRandomNumber} values as on PostgreSQL) and
 * {@code fortune} (the same 12 rows), both InnoDB and utf8mb4. Pagila's film tables are
 * PostgreSQL-only. Idempotent; like {@link Datasets}, it only ever drops tables whose comment marks
 * them as dbrace's.
 *
 * <p>Stateless, hence thread-safe; concurrent calls, even from several processes, are serialized
 * by {@code GET_LOCK}.
 */
public final class MariaDbDatasets {

  static final List<String> TABLES = List.of("fortune", "world");
  private static final int ROWS_PER_INSERT = 1000;
  private static final String LOCK = "dbrace-datasets";

  private MariaDbDatasets() {}

  /**
   * Does nothing if both tables exist with their row counts; otherwise drops dbrace's and creates
   * them anew.
   *
   * @throws DbException if a same-named table not made by dbrace exists, or on SQL failure
   */
  public static void ensure(Connection c, Consumer<String> logOrNull) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    long t0 = System.nanoTime();
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT GET_LOCK('" + LOCK + "', 60)")) {
        if (!rs.next() || rs.getInt(1) != 1) {
          throw new DbException("another dbrace is creating the lab datasets on MariaDB (waited 60 s)");
        }
      }
      try {
        Map<String, String> found = markers(c);
        if (found.size() == TABLES.size() && WorldAndFortune.countMismatch(c) == null) {
          log.accept("lab datasets present (world, fortune)");
          return;
        }
        for (Map.Entry<String, String> t : found.entrySet()) {
          if (t.getValue() == null || !t.getValue().startsWith("dbrace dataset")) {
            throw new DbException("a table named " + t.getKey() + " already exists and was not"
                + " created by dbrace; use another database, or drop it");
          }
          s.execute("DROP TABLE " + t.getKey());
        }
        String options = " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin COMMENT='" + Datasets.MARKER + "'";
        s.execute("CREATE TABLE world (id int NOT NULL PRIMARY KEY, randomnumber int NOT NULL)" + options);
        s.execute("CREATE TABLE fortune (id int NOT NULL PRIMARY KEY, message varchar(2048) NOT NULL)" + options);
        insertWorld(s);
        WorldAndFortune.insertFortunes(c);
        String wrong = WorldAndFortune.countMismatch(c);
        if (wrong != null) {
          throw new DbException("lab datasets were created with wrong row counts: " + wrong);
        }
        s.execute("ANALYZE TABLE world, fortune");
      } finally {
        s.execute("DO RELEASE_LOCK('" + LOCK + "')");
      }
      log.accept(String.format("created lab datasets (world, fortune) in %.2f s", (System.nanoTime() - t0) / 1e9));
    } catch (SQLException e) {
      throw new DbException("cannot create the lab datasets on MariaDB: " + e.getMessage(), e);
    }
  }

  /** Existing tables named like ours, with their comment ("" if none). */
  private static Map<String, String> markers(Connection c) throws SQLException {
    Map<String, String> found = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT table_name, table_comment FROM information_schema.tables"
        + " WHERE table_schema = database() AND table_name IN (?, ?)")) {
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

  /** Multi-row literal inserts: ten round trips instead of 10,000. */
  private static void insertWorld(Statement s) throws SQLException {
    for (int from = 1; from <= DatasetRows.WORLD_ROWS; from += ROWS_PER_INSERT) {
      StringBuilder b = new StringBuilder("INSERT INTO world (id, randomnumber) VALUES ");
      int to = Math.min(DatasetRows.WORLD_ROWS, from + ROWS_PER_INSERT - 1);
      for (int id = from; id <= to; id++) {
        b.append(id == from ? "" : ",").append('(').append(id).append(',').append(DatasetRows.worldRandomNumber(id)).append(')');
      }
      s.execute(b.toString());
    }
  }

}
