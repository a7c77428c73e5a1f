package dev.dbrace.experiments.pgjdbc;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import org.postgresql.PGConnection;

/**
 * One way of inserting rows {@code (id, qty, note)} with pgjdbc, a group of rows per call. Each
 * method names the connection properties it needs (reWriteBatchedInserts) and inserts rows
 * {@code from .. from+count-1} in one round trip's worth of work, as the method allows.
 */
enum InsertMethod {
  ROW_BY_ROW("row by row (executeUpdate per row)", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      try (PreparedStatement ps = c.prepareStatement(single(table))) {
        for (int i = from; i < from + count; i++) {
          bind(ps, 0, i);
          ps.executeUpdate();
        }
      }
    }
  },
  JDBC_BATCH("JDBC batch", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      batch(c, table, from, count);
    }
  },
  REWRITTEN_BATCH("JDBC batch, reWriteBatchedInserts=true", true) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      batch(c, table, from, count);
    }
  },
  MULTI_VALUES("multi-row VALUES (?,?,?),(?,?,?)...", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      StringBuilder sql = new StringBuilder("INSERT INTO " + table + " (id, qty, note) VALUES ");
      for (int i = 0; i < count; i++) {
        sql.append(i == 0 ? "" : ",").append("(?,?,?)");
      }
      try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
        for (int i = 0; i < count; i++) {
          bind(ps, i * 3, from + i);
        }
        ps.executeUpdate();
      }
    }
  },
  COPY("COPY FROM STDIN", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      StringBuilder data = new StringBuilder();
      for (int i = from; i < from + count; i++) {
        data.append(i).append('\t').append(i % 100).append('\t').append(note(i)).append('\n');
      }
      try {
        c.unwrap(PGConnection.class).getCopyAPI()
            .copyIn("COPY " + table + " (id, qty, note) FROM STDIN", new StringReader(data.toString()));
      } catch (IOException e) {
        throw new SQLException("COPY failed: " + e.getMessage(), e);
      }
    }
  },
  UNNEST("unnest(int[], int[], text[])", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      Integer[] ids = new Integer[count];
      Integer[] qty = new Integer[count];
      String[] notes = new String[count];
      for (int i = 0; i < count; i++) {
        ids[i] = from + i;
        qty[i] = (from + i) % 100;
        notes[i] = note(from + i);
      }
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table
          + " (id, qty, note) SELECT * FROM unnest(?::int[], ?::int[], ?::text[])")) {
        Array a = c.createArrayOf("int4", ids);
        Array b = c.createArrayOf("int4", qty);
        Array n = c.createArrayOf("text", notes);
        ps.setArray(1, a);
        ps.setArray(2, b);
        ps.setArray(3, n);
        ps.executeUpdate();
      }
    }
  },
  COMPOSITE_ARRAY("unnest(item[]), an array of a composite type via createArrayOf", false) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      // each element is the composite's text form, (id,qty,"note"); pgjdbc's createArrayOf quotes them into an array
      // literal sent as one parameter typed item[] (the type's array oid looked up by name)
      String[] items = new String[count];
      for (int i = 0; i < count; i++) {
        int id = from + i;
        items[i] = "(" + id + "," + id % 100 + "," + quoted(note(id)) + ")";
      }
      String type = schemaOf(table) + "." + COMPOSITE_TYPE;
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table
          + " (id, qty, note) SELECT * FROM unnest(?::" + type + "[])")) {
        ps.setArray(1, c.createArrayOf(type, items));
        ps.executeUpdate();
      }
    }
  },
  INSERT_SELECT("JDBC batch of INSERT ... SELECT ?, ?, ?, reWriteBatchedInserts=true", true) {
    @Override
    void insert(Connection c, String table, int from, int count) throws SQLException {
      // the same batch as REWRITTEN_BATCH with SELECT in place of VALUES: pgjdbc rewrites only INSERT ... VALUES
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (id, qty, note) SELECT ?, ?, ?")) {
        for (int i = from; i < from + count; i++) {
          bind(ps, 0, i);
          ps.addBatch();
        }
        ps.executeBatch();
      }
    }
  };

  /** The composite type {@link #COMPOSITE_ARRAY} sends an array of; created beside the table, same columns. */
  static final String COMPOSITE_TYPE = "item";

  final String label;
  final boolean rewrite;

  InsertMethod(String label, boolean rewrite) {
    this.label = label;
    this.rewrite = rewrite;
  }

  Map<String, String> properties() {
    return rewrite ? Map.of("reWriteBatchedInserts", "true") : Map.of();
  }

  abstract void insert(Connection c, String table, int from, int count) throws SQLException;

  static String single(String table) {
    return "INSERT INTO " + table + " (id, qty, note) VALUES (?, ?, ?)";
  }

  static String schemaOf(String table) {
    return table.substring(0, table.lastIndexOf('.'));
  }

  /** A composite field's quoted text form: "..." with quotes and backslashes escaped. */
  static String quoted(String v) {
    return "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  static String note(int i) {
    return "row " + i;
  }

  static void bind(PreparedStatement ps, int offset, int i) throws SQLException {
    ps.setInt(offset + 1, i);
    ps.setInt(offset + 2, i % 100);
    ps.setString(offset + 3, note(i));
  }

  static void batch(Connection c, String table, int from, int count) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(single(table))) {
      for (int i = from; i < from + count; i++) {
        bind(ps, 0, i);
        ps.addBatch();
      }
      ps.executeBatch();
    }
  }
}
