package dev.dbrace.stacks.r2dbc;

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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The r2dbc stack on a real MariaDB ({@link SharedTestMariaDb}) through r2dbc-mariadb; skipped where it cannot be installed. */
@SuppressWarnings("try") // Stack.close() throws Exception
class R2dbcMariaDbTest {

  @BeforeAll
  static void mariaDbInstalled() {
    String why = SharedTestMariaDb.unavailable();
    assumeTrue(why == null, why);
  }

  static StackConfig config(String password, List<String> sql, Map<String, String> options) {
    DbTarget db = SharedTestMariaDb.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), password, 8, 8, sql,
        "dbrace-r2dbc-mariadb-test", options, Engine.MARIADB);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "64", "0"})
  void pointSelectsAndTwentyQueryOperationsReturnTheirRows(String statementCache) throws Exception {
    Map<String, String> options = statementCache.isEmpty() ? Map.of() : Map.of("statementCache", statementCache);
    try (Stack stack = R2dbcStackTest.provider().open(config(SharedTestMariaDb.target().password(),
        List.of(R2dbcStackTest.WORLD_BY_ID), options))) {
      assertEquals(2_000, R2dbcStackTest.run(stack, i -> R2dbcStackTest.worldOp(i, 1), 2_000, 8).ok.get());
      assertEquals(100, R2dbcStackTest.run(stack, i -> R2dbcStackTest.worldOp(i, 20), 100, 8).ok.get());
    }
  }

  @Test
  void reorderedParamsUpdateCountsAndTransactions() throws Exception {
    List<String> sql = List.of(
        "CREATE TABLE IF NOT EXISTS dbrace_r2dbc_t (a int, b varchar(20))",
        "INSERT INTO dbrace_r2dbc_t VALUES ($1, $2), ($1, $2)",
        "SELECT $2, $1, $1",
        "UPDATE dbrace_r2dbc_t SET b = $2 WHERE a = $1",
        "DROP TABLE dbrace_r2dbc_t");
    try (Stack stack = R2dbcStackTest.provider().open(config(SharedTestMariaDb.target().password(), sql, Map.of()))) {
      run(stack, 0, new Object[0], false);
      assertEquals(2, run(stack, 1, new Object[] {7, "x"}, true).updateCounts()[0]);
      OpResult select = run(stack, 2, new Object[] {5, "five"}, false);
      assertEquals("five", select.rows().get(0).get(0)[0]);
      assertEquals(5, ((Number) select.rows().get(0).get(0)[1]).intValue());
      OpResult same = run(stack, 3, new Object[] {7, "x"}, false);
      assertEquals(2, same.updateCounts()[0], "an update reports the rows it matched, as on PostgreSQL");
      run(stack, 4, new Object[0], false);
    }
  }

  @Test
  void wrongPasswordFailsInOpenWithoutLeakingIt() {
    String wrong = "wrong-Pa55word-xyzzy";
    Exception e = assertThrows(Exception.class, () -> R2dbcStackTest.provider()
        .open(config(wrong, List.of(R2dbcStackTest.WORLD_BY_ID), Map.of())));
    assertTrue(e.getMessage().contains("Access denied"), e.getMessage());
    assertFalse(e.toString().contains(wrong), e.toString());
  }

  private static OpResult run(Stack stack, int sqlId, Object[] params, boolean transactional) throws Exception {
    Operation op = new Operation(sqlId, 0, List.of(new Statement(sqlId, params)), transactional);
    return stack.execute(op).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }
}
