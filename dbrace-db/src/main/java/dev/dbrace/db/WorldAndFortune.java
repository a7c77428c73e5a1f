package dev.dbrace.db;

import dev.dbrace.db.firebird.FirebirdDatasets;
import dev.dbrace.db.mariadb.MariaDbDatasets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TechEmpower's {@code world} and {@code fortune} as the engines other than PostgreSQL hold them
 * ({@link FirebirdDatasets}, {@link MariaDbDatasets}): the fortunes read from the PostgreSQL
 * script, their insert, and the row-count check. Stateless, hence thread-safe.
 */
public final class WorldAndFortune {

  private static final Pattern FORTUNE_ROW = Pattern.compile("^\\((\\d+), '(.*)'\\)[,;]$");

  private WorldAndFortune() {}

  /** Null when both tables hold their rows, else what is wrong. */
  public static String countMismatch(Connection c) throws SQLException {
    Map<String, Integer> expected = Map.of("world", DatasetRows.WORLD_ROWS, "fortune", fortunes().size());
    List<String> wrong = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (Map.Entry<String, Integer> e : expected.entrySet()) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + e.getKey())) {
          rs.next();
          if (rs.getInt(1) != e.getValue()) {
            wrong.add(e.getKey() + " has " + rs.getInt(1) + " rows, expected " + e.getValue());
          }
        }
      }
    }
    return wrong.isEmpty() ? null : String.join("; ", wrong);
  }

  public static void insertFortunes(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("INSERT INTO fortune (id, message) VALUES (?, ?)")) {
      for (Map.Entry<Integer, String> f : fortunes().entrySet()) {
        ps.setInt(1, f.getKey());
        ps.setString(2, f.getValue());
        ps.executeUpdate();
      }
    }
  }

  /** TechEmpower's fortunes from the PostgreSQL script, so every engine holds the same text. */
  static Map<Integer, String> fortunes() {
    Map<Integer, String> rows = new TreeMap<>();
    boolean inFortune = false;
    for (String line : DatasetCheck.resource("fixed-rows.sql").split("\n")) {
      if (line.startsWith("INSERT INTO")) {
        inFortune = line.startsWith("INSERT INTO fortune");
        continue;
      }
      Matcher m = FORTUNE_ROW.matcher(line.strip());
      if (inFortune && m.matches()) {
        rows.put(Integer.parseInt(m.group(1)), m.group(2).replace("''", "'"));
      }
    }
    return rows;
  }
}
