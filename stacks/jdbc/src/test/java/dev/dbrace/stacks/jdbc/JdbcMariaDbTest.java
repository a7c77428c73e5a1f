package dev.dbrace.stacks.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.SharedTestMariaDb;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Both JDBC stacks on a real MariaDB ({@link SharedTestMariaDb}) through MariaDB Connector/J; skipped where it cannot be installed. */
@SuppressWarnings("try") // Stack.close() throws Exception
class JdbcMariaDbTest {

  private static final String POINT_SELECT = "SELECT id, randomnumber FROM world WHERE id = $1";

  @BeforeAll
  static void mariaDbInstalled() {
    String why = SharedTestMariaDb.unavailable();
    assumeTrue(why == null, why);
  }

  static StackConfig config(String password, List<String> sql, Map<String, String> options) {
    DbTarget db = SharedTestMariaDb.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), password, 8, 16, sql,
        "dbrace-jdbc-mariadb-test", options, Engine.MARIADB);
  }

  @ParameterizedTest
  @CsvSource({"jdbc-platform, ''", "jdbc-virtual, ''", "jdbc-platform, true"})
  void pointSelectsReturnTheRequestedRows(String name, String serverPrepare) throws Exception {
    Map<String, String> options = serverPrepare.isEmpty() ? Map.of() : Map.of("useServerPrepStmts", serverPrepare);
    try (Stack stack = JdbcStackTest.provider(name).open(config(SharedTestMariaDb.target().password(), List.of(POINT_SELECT), options))) {
      JdbcStackTest.closedLoop(stack, 2_000, 8); // checks every row's id and types
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc-platform", "jdbc-virtual"})
  void reorderedParamsUpdateCountsAndTransactions(String name) throws Exception {
    String table = "dbrace_jdbc_" + name.replace('-', '_');
    List<String> sql = List.of(
        "CREATE TABLE IF NOT EXISTS " + table + " (a int, b varchar(20))",
        "INSERT INTO " + table + " VALUES ($1, $2), ($1, $2)",
        "SELECT $2, $1, $1",
        "UPDATE " + table + " SET b = $2 WHERE a = $1",
        "DROP TABLE " + table);
    try (Stack stack = JdbcStackTest.provider(name).open(config(SharedTestMariaDb.target().password(), sql, Map.of()))) {
      run(stack, new Operation(0, 0, List.of(new Statement(0, new Object[0]))), false);
      OpResult insert = run(stack, new Operation(1, 0, List.of(new Statement(1, new Object[] {7, "x"}))), true);
      assertEquals(2, insert.updateCounts()[0]);
      OpResult select = run(stack, new Operation(2, 0, List.of(new Statement(2, new Object[] {5, "five"}))), false);
      assertEquals("five", select.rows().get(0).get(0)[0]);
      assertEquals(5, ((Number) select.rows().get(0).get(0)[1]).intValue());
      // the same value again: "found" rows, as on PostgreSQL, not MariaDB's "changed" rows
      OpResult same = run(stack, new Operation(3, 0, List.of(new Statement(3, new Object[] {7, "x"}))), false);
      assertEquals(2, same.updateCounts()[0], "an update reports the rows it matched");
      run(stack, new Operation(4, 0, List.of(new Statement(4, new Object[0]))), false);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc-platform", "jdbc-virtual"})
  void wrongPasswordFailsInOpenWithoutLeakingIt(String name) {
    String wrong = "wrong-Pa55word-xyzzy";
    SQLException e = assertThrows(SQLException.class,
        () -> JdbcStackTest.provider(name).open(config(wrong, List.of(POINT_SELECT), Map.of())));
    assertTrue(e.getMessage().contains("Access denied"), e.getMessage());
    assertFalse(e.toString().contains(wrong), e.toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"prepareThreshold"})
  void pgjdbcOptionsAreRefusedOnMariaDb(String option) {
    var e = assertThrows(IllegalArgumentException.class, () -> JdbcStackTest.provider("jdbc-platform")
        .open(config(SharedTestMariaDb.target().password(), List.of(POINT_SELECT), Map.of(option, "5"))));
    assertTrue(e.getMessage().contains("on MariaDB use useServerPrepStmts"), e.getMessage());
    assertArrayEquals(new int[] {1, 0}, dev.dbrace.core.spi.PositionalSql.of("SELECT $2, $1").paramOrder());
  }

  private static OpResult run(Stack stack, Operation op, boolean transactional) throws Exception {
    Operation o = transactional ? new Operation(op.index(), op.kind(), op.statements(), true) : op;
    return stack.execute(o).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
