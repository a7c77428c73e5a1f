package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dbrace.cli.TestDb;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.db.postgres.StatementCounts;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The server's count of a workload statement, whatever words a stack renders it in. */
public class StatementCountsIT {

  @Test
  void countsAStatementRenderedDifferentlyByItsQueryId() throws Exception {
    String workload = "SELECT randomnumber, id FROM world WHERE id = $1 AND randomnumber > 0";
    try (Connection admin = TestDb.get().target().connect(); Connection client = TestDb.get().target().connect()) {
      assertFalse(StatementCounts.queryIds(admin, Set.of(workload)).isEmpty(), "PostgreSQL 17 explains it");
      long before = StatementCounts.calls(admin, List.of(workload));
      // An ORM's rendering: aliases, other spacing; the same parse tree. Sent first, so its text is stored.
      try (PreparedStatement ps = client.prepareStatement(
          "select w1_0.randomnumber,w1_0.id from world w1_0 where w1_0.id=? and w1_0.randomnumber>0")) {
        for (int i = 1; i <= 7; i++) {
          ps.setInt(1, i);
          ps.executeQuery().close();
        }
      }
      assertEquals(7, StatementCounts.calls(admin, List.of(workload)) - before);
      assertEquals(true, admin.getAutoCommit());
    }
  }

  /**
   * A query identifier covers the table's oid: a scenario's schema file that drops and creates its
   * table before each race leaves the statements counted earlier under another identifier. The text,
   * whose literal pg_stat_statements replaced by $2, still matches the workload's statement.
   */
  @Test
  void countsAStatementWithALiteralByItsTextWhenItsIdentifierChanged() throws Exception {
    String workload = "UPDATE sc_flags SET flag = true WHERE id = $1";
    try (Connection admin = TestDb.get().target().connect(); Connection client = TestDb.get().target().connect();
        var ddl = admin.createStatement()) {
      ddl.execute("DROP TABLE IF EXISTS sc_flags");
      ddl.execute("CREATE TABLE sc_flags (id integer PRIMARY KEY, flag boolean)");
      long before = StatementCounts.calls(admin, List.of(workload));
      try (PreparedStatement ps = client.prepareStatement(StackConfig.toJdbcPlaceholders(workload))) {
        for (int i = 1; i <= 5; i++) {
          ps.setInt(1, i);
          ps.executeUpdate();
        }
      }
      ddl.execute("DROP TABLE sc_flags");
      ddl.execute("CREATE TABLE sc_flags (id integer PRIMARY KEY, flag boolean)"); // a new oid, a new identifier
      assertEquals(5, StatementCounts.calls(admin, List.of(workload)) - before);
      ddl.execute("DROP TABLE sc_flags");
    }
  }

  @Test
  void aStatementTheServerCannotExplainIsMatchedByText() throws Exception {
    try (Connection admin = TestDb.get().target().connect()) {
      assertEquals(Set.of(), StatementCounts.queryIds(admin, Set.of("SELECT * FROM no_such_table_y WHERE a = $1")));
      // one that fails does not cost the others their identifier
      assertEquals(1, StatementCounts.queryIds(admin,
          Set.of("SELECT * FROM no_such_table_y WHERE a = $1", "SELECT id FROM world WHERE id = $1")).size());
      assertEquals(true, admin.getAutoCommit());
    }
  }
}
