package dev.dbrace.experiments.pgjdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Small JDBC helpers shared by the experiments: DDL in one call, a single value, an experiment's schema. */
final class Sql {
  private Sql() {}

  static void exec(Connection c, String... statements) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  static String string(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  /** Drops and creates {@code schema}: a rerun after a crash starts clean. */
  static void freshSchema(Connection c, String schema) throws SQLException {
    exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE", "CREATE SCHEMA " + schema);
  }

  /** Drops {@code schema}; used in finally blocks, so a failure here must not hide the real one. */
  static void dropQuietly(Connection c, String schema) {
    try {
      exec(c, "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    } catch (SQLException e) {
      System.err.println("could not drop schema " + schema + ": " + e.getMessage());
    }
  }
}
