package dev.dbrace.experiments.pgjdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The data of {@link PlanFlipExperiment}. {@code flip_items}: {@code rows} rows with a NULL tag,
 * {@code rows/4} with the popular tag, {@code rows/4} with a tag of their own, and 20 rows with the
 * popular tag and the queried owner. {@code control_items}: as many rows, every tag distinct except
 * the 20 queried rows', no NULLs. {@code owner_id} cycles through 0..9 elsewhere in both.
 */
final class FlipTables {
  private FlipTables() {}

  static void create(Connection c, String schema, int nullRows) throws SQLException {
    int quarter = nullRows / 4;
    int total = nullRows + 2 * quarter;
    int tag = PlanFlipExperiment.QUERIED_TAG;
    int owner = PlanFlipExperiment.QUERIED_OWNER;
    int matching = PlanFlipExperiment.MATCHING_ROWS;
    Sql.freshSchema(c, schema);
    for (String table : new String[] {"flip_items", "control_items"}) {
      Sql.exec(c, "CREATE TABLE " + schema + "." + table
          + " (id int PRIMARY KEY, tag int, owner_id int NOT NULL, payload text NOT NULL)");
    }
    String flipTag = "CASE WHEN i <= " + nullRows + " THEN NULL WHEN i <= " + (nullRows + quarter) + " THEN " + tag
        + " ELSE 1000 + i END";
    Sql.exec(c,
        "INSERT INTO " + schema + ".flip_items SELECT i, " + flipTag + ", i % 10, md5(i::text) FROM generate_series(1, " + total + ") i",
        "INSERT INTO " + schema + ".flip_items SELECT " + total + " + i, " + tag + ", " + owner
            + ", md5(i::text) FROM generate_series(1, " + matching + ") i",
        "INSERT INTO " + schema + ".control_items SELECT i, 1000 + i, i % 10, md5(i::text) FROM generate_series(1, " + total + ") i",
        "INSERT INTO " + schema + ".control_items SELECT " + total + " + i, " + tag + ", " + owner
            + ", md5(i::text) FROM generate_series(1, " + matching + ") i");
    for (String table : new String[] {"flip_items", "control_items"}) {
      Sql.exec(c, "CREATE INDEX " + table + "_tag ON " + schema + "." + table + " (tag)",
          "CREATE INDEX " + table + "_owner ON " + schema + "." + table + " (owner_id)",
          "VACUUM ANALYZE " + schema + "." + table);
    }
  }
}
