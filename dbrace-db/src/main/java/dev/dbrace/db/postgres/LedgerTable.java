package dev.dbrace.db.postgres;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.ObjLongConsumer;

/**
 * The fault runs' ledger table on the server: one row per insert a worker performed, its operation
 * index and the tag the run's sequence gave it. The runner empties it before each run and reads it
 * after, to set the server's rows against the operations the client counted successful.
 */
public final class LedgerTable {
  private LedgerTable() {}

  /** Creates {@code table} if missing and empties it: each run's check starts from no rows. */
  public static void prepare(Connection admin, String table) throws SQLException {
    try (Statement s = admin.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS " + table + " (op bigint NOT NULL, tag bigint NOT NULL)");
      s.execute("TRUNCATE " + table);
    }
  }

  /** Every row of {@code table}, as (operation index, tag). */
  public static void forEachRow(Connection admin, String table, ObjLongConsumer<Long> row) throws SQLException {
    try (Statement s = admin.createStatement(); ResultSet rs = s.executeQuery("SELECT op, tag FROM " + table)) {
      while (rs.next()) {
        row.accept(rs.getLong(1), rs.getLong(2));
      }
    }
  }
}
