package dev.dbrace.stacks.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.PositionalSql;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.testkit.StackContract;
import dev.dbrace.testkit.TestStacks;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What only the JDBC stacks have, on the shared embedded PostgreSQL: their options (handoff,
 * prepareThreshold), their thread pool, and the translation of {@code $n} placeholders. What every
 * stack must do is {@link JdbcContractIT}'s.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class JdbcStackIT {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());

  @Test
  void badOptionValuesAreRefusedNamingThem() {
    var e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("jdbc-platform")
        .open(TestStacks.config(Engine.POSTGRESQL, POINT.sqlTexts(), Map.of("fetchSize", "10"))));
    assertTrue(e.getMessage().contains("[handoff, prepareThreshold, useServerPrepStmts]"), e.getMessage());
    // the virtual stack's handoff is local or new: there is no queue
    e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("jdbc-virtual")
        .open(TestStacks.config(Engine.POSTGRESQL, POINT.sqlTexts(), Map.of("handoff", "queue"))));
    assertTrue(e.getMessage().contains("handoff must be local or new"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("jdbc-platform")
        .open(TestStacks.config(Engine.POSTGRESQL, POINT.sqlTexts(), Map.of("prepareThreshold", "five"))));
    assertTrue(e.getMessage().contains("prepareThreshold"), e.getMessage());
  }

  @Test
  void translatesNumberedPlaceholders() {
    assertEquals("SELECT ? + ?", PositionalSql.of("SELECT $1 + $2").text());
    assertNull(PositionalSql.of("SELECT $1 + $2").paramOrder());
    assertArrayEquals(new int[] {1, 0, 0}, PositionalSql.of("SELECT $2, $1, $1").paramOrder());
  }

  @ParameterizedTest
  @CsvSource({"jdbc-platform, queue", "jdbc-virtual, new"})
  void eachHandoffServesAClosedLoop(String name, String handoff) throws Exception {
    try (Stack stack = TestStacks.provider(name)
        .open(TestStacks.config(Engine.POSTGRESQL, POINT.sqlTexts(), Map.of("handoff", handoff)))) {
      StackContract.closedLoop(name + " handoff=" + handoff, stack, POINT, 2_000, 8);
    }
  }

  @Test
  void moreInFlightThanThreads() throws Exception {
    StackConfig twoThreads = TestStacks.withThreads(TestStacks.config(Engine.POSTGRESQL, 4, POINT.sqlTexts(), Map.of()), 2);
    try (Stack stack = TestStacks.provider("jdbc-platform").open(twoThreads)) {
      StackContract.closedLoop("2 threads", stack, POINT, 2_000, 32);
    }
  }

  @Test
  void updateCountsReorderedParamsAndPrepareThreshold() throws Exception {
    List<String> sql =
        List.of(
            "CREATE TEMP TABLE dbrace_jdbc_test(a int, b text)",
            "INSERT INTO dbrace_jdbc_test VALUES ($1, $2), ($1, $2)",
            "SELECT $2::text, $1::int, $1::int",
            "DROP TABLE dbrace_jdbc_test");
    // pool 1: a temporary table lives on one connection
    StackConfig config = TestStacks.config(Engine.POSTGRESQL, 1, sql, Map.of("prepareThreshold", "1"));
    try (Stack stack = TestStacks.provider("jdbc-platform").open(config)) {
      Object[] params = {7, "x"};
      Operation op =
          new Operation(
              0,
              0,
              List.of(
                  new Statement(0, new Object[0]),
                  new Statement(1, params),
                  new Statement(2, params),
                  new Statement(3, new Object[0])));
      OpResult r = stack.execute(op).toCompletableFuture().get(30, TimeUnit.SECONDS);
      assertArrayEquals(new long[] {0, 2, 0, 0}, r.updateCounts());
      assertEquals(0, r.rows().get(1).size());
      assertArrayEquals(new Object[] {"x", 7, 7}, r.rows().get(2).get(0));
    }
  }
}
