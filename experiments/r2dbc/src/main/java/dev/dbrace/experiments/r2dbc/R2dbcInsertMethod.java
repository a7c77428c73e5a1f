package dev.dbrace.experiments.r2dbc;

import io.r2dbc.spi.Batch;
import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Statement;
import java.util.Locale;

/**
 * R2DBC's two ways to send a group of rows {@code (id, qty, note)} at once, with the same rows as
 * the pgjdbc main part ({@code qty = id % 100}, {@code note = 'row <id>'}). Each returns the rows
 * the server reported inserted, which the experiment checks against the group size.
 */
enum R2dbcInsertMethod {
  /**
   * One parameterised statement with a binding per row ({@code bind ... add() ... bind}). The
   * driver runs the bindings of one execution one after another on the connection, with the
   * statement parsed once (its prepared-statement cache); the measurement shows what that gains.
   */
  STATEMENT_ADD("R2DBC Statement.add batch") {
    @Override
    long insert(Connection c, String table, int from, int count) {
      Statement s = c.createStatement("INSERT INTO " + table + " (id, qty, note) VALUES ($1, $2, $3)");
      for (int i = from; i < from + count; i++) {
        if (i > from) {
          s.add(); // between bindings only: a trailing add() leaves an empty binding the driver rejects
        }
        s.bind(0, i).bind(1, i % 100).bind(2, note(i));
      }
      return R2dbc.rowsUpdated(s.execute());
    }
  },
  /** Connection.createBatch: literal INSERTs the driver joins with ';' into one simple-protocol query. */
  CREATE_BATCH("R2DBC createBatch") {
    @Override
    long insert(Connection c, String table, int from, int count) {
      Batch b = c.createBatch();
      for (int i = from; i < from + count; i++) {
        // only integers and 'row <n>' go into the text: nothing to escape
        b.add("INSERT INTO " + table + " (id, qty, note) VALUES (" + i + ", " + i % 100 + ", '" + note(i) + "')");
      }
      return R2dbc.rowsUpdated(b.execute());
    }
  };

  final String label;

  R2dbcInsertMethod(String label) {
    this.label = label;
  }

  /** The facts' name for it, after the companion's {@code r2dbc.} prefix. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  abstract long insert(Connection c, String table, int from, int count);

  static String note(int i) {
    return "row " + i;
  }
}
