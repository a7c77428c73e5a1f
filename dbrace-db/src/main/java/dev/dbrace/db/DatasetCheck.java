package dev.dbrace.db;

import dev.dbrace.db.postgres.Datasets;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@link Datasets} finds in the database: which relations exist with which marker, and
 * whether the row counts are right. Stateless, hence thread-safe.
 */
public final class DatasetCheck {

  private DatasetCheck() {}

  /** Relation name to its comment ("" if none), for those of dbrace's names that exist. */
  public static Map<String, String> markers(Connection c) throws SQLException {
    Map<String, String> found = new HashMap<>();
    try (PreparedStatement ps = c.prepareStatement("SELECT c.relname,"
        + " coalesce(obj_description(c.oid, 'pg_class'), '') FROM pg_class c"
        + " WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY (?)")) {
      ps.setArray(1, c.createArrayOf("text", Datasets.RELATIONS.toArray()));
      try (ResultSet r = ps.executeQuery()) {
        while (r.next()) {
          found.put(r.getString(1), r.getString(2));
        }
      }
    }
    return found;
  }

  /** All relations present, marked as the current dataset version, with the right counts. */
  public static boolean complete(Connection c, Map<String, String> found) throws SQLException {
    for (String rel : Datasets.RELATIONS) {
      if (!Datasets.MARKER.equals(found.get(rel))) {
        return false;
      }
    }
    return countMismatch(c) == null;
  }

  /** Null if every count is as generated, else which is not. */
  public static String countMismatch(Connection c) throws SQLException {
    Map<String, Integer> expected = new LinkedHashMap<>();
    expected.put("world", DatasetRows.WORLD_ROWS);
    expected.put("fortune", 12);
    expected.put("language", 6);
    expected.put("category", DatasetRows.CATEGORIES);
    expected.put("actor", DatasetRows.ACTORS);
    expected.put("film", DatasetRows.FILMS);
    expected.put("film_category", DatasetRows.FILMS);
    expected.put("film_actor", DatasetRows.filmActorRows());
    // One row per film in the view is what the E1 workload relies on.
    expected.put("nicer_but_slower_film_list", DatasetRows.FILMS);
    StringBuilder sql = new StringBuilder("SELECT ");
    for (String table : expected.keySet()) {
      sql.append(sql.length() > 7 ? ", " : "").append("(SELECT count(*) FROM ").append(table)
          .append(")");
    }
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql.toString())) {
      r.next();
      int i = 1;
      for (Map.Entry<String, Integer> e : expected.entrySet()) {
        long actual = r.getLong(i++);
        if (actual != e.getValue()) {
          return e.getKey() + " has " + actual + " rows, expected " + e.getValue();
        }
      }
    }
    return null;
  }

  public static String schema(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT current_schema()")) {
      r.next();
      return r.getString(1);
    }
  }

  public static String resource(String name) {
    try (InputStream in = DatasetCheck.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("resource " + name + " missing from dbrace-db");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read resource " + name, e);
    }
  }
}
