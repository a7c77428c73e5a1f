package dev.dbrace.stacks.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.SharedTestDatabase;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs both JDBC stacks against the embedded PostgreSQL of {@link SharedTestDatabase} (table
 * {@code world}, ids 1..10000), started once for this test JVM.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class JdbcStackTest {

  private static final String POINT_SELECT = "SELECT id, randomnumber FROM world WHERE id = $1";

  static StackProvider provider(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no provider " + name);
  }

  /** The test database with the right password. */
  static StackConfig config(int pool, List<String> sql, Map<String, String> options) {
    return config(pool, SharedTestDatabase.target().password(), sql, options);
  }

  static StackConfig config(int pool, String password, List<String> sql, Map<String, String> options) {
    DbTarget db = SharedTestDatabase.target();
    return new StackConfig(
        db.host(), db.port(), db.database(), db.user(), password, pool, 200, sql, "dbrace-jdbc-test", options);
  }

  @Test
  void listsBothProvidersWithVersions() {
    for (String name : List.of("jdbc-platform", "jdbc-virtual")) {
      StackProvider p = provider(name);
      assertFalse(p.description().isBlank());
      assertEquals(Map.of("pgjdbc", "42.7.14", "MariaDB Connector/J", "3.5.6", "HikariCP", "6.3.3"), p.versions());
      assertEquals(java.util.Set.of(dev.dbrace.core.spi.Engine.POSTGRESQL, dev.dbrace.core.spi.Engine.MARIADB), p.engines());
    }
  }

  @Test
  void rejectsUnknownOptionNamingKnownOnes() {
    StackConfig config = config(8, List.of(POINT_SELECT), Map.of("fetchSize", "10"));
    var e = assertThrows(IllegalArgumentException.class, () -> provider("jdbc-platform").open(config));
    assertTrue(e.getMessage().contains("fetchSize"), e.getMessage());
    assertTrue(e.getMessage().contains("[handoff, prepareThreshold, useServerPrepStmts]"), e.getMessage());
    // the virtual stack's handoff is local or new: there is no queue
    StackConfig virtual = config(8, List.of(POINT_SELECT), Map.of("handoff", "queue"));
    e = assertThrows(IllegalArgumentException.class, () -> provider("jdbc-virtual").open(virtual));
    assertTrue(e.getMessage().contains("handoff must be local or new"), e.getMessage());
    StackConfig bad = config(8, List.of(POINT_SELECT), Map.of("prepareThreshold", "five"));
    e = assertThrows(IllegalArgumentException.class, () -> provider("jdbc-platform").open(bad));
    assertTrue(e.getMessage().contains("prepareThreshold"), e.getMessage());
  }

  @Test
  void translatesNumberedPlaceholders() {
    assertEquals("SELECT ? + ?", dev.dbrace.core.spi.PositionalSql.of("SELECT $1 + $2").text());
    assertNull(dev.dbrace.core.spi.PositionalSql.of("SELECT $1 + $2").paramOrder());
    assertArrayEquals(new int[] {1, 0, 0}, dev.dbrace.core.spi.PositionalSql.of("SELECT $2, $1, $1").paramOrder());
  }

  @ParameterizedTest
  @CsvSource({"jdbc-platform, ''", "jdbc-platform, queue", "jdbc-virtual, ''", "jdbc-virtual, new"})
  void pointSelectClosedLoop(String name, String handoff) throws Exception {
    Map<String, String> options = handoff.isEmpty() ? Map.of() : Map.of("handoff", handoff);
    try (Stack stack = provider(name).open(config(8, List.of(POINT_SELECT), options))) {
      closedLoop(stack, 1_000, 8); // warm-up: JIT and server-side prepare
      int measured = 5_000;
      long start = System.nanoTime();
      closedLoop(stack, measured, 8);
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("%s %s: %d point selects, 8 in flight, pool 8: %.0f ops/s%n",
          name, options, measured, measured / seconds);
    }
  }

  @Test
  void moreInFlightThanThreads() throws Exception {
    StackConfig c = config(4, List.of(POINT_SELECT), Map.of());
    StackConfig twoThreads =
        new StackConfig(c.host(), c.port(), c.database(), c.user(), c.password(), c.pool(), 2, c.sql(),
            c.applicationName(), c.options());
    try (Stack stack = provider("jdbc-platform").open(twoThreads)) {
      closedLoop(stack, 2_000, 32);
    }
  }

  /** Keeps {@code inFlight} operations running, submitting the next from each completion. */
  static void closedLoop(Stack stack, int total, int inFlight) throws InterruptedException {
    AtomicLong next = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(total);
    Runnable[] submit = new Runnable[1];
    submit[0] =
        () -> {
          long index = next.getAndIncrement();
          if (index >= total) {
            return;
          }
          int id = ThreadLocalRandom.current().nextInt(1, 10_001);
          Operation op = new Operation(index, 0, List.of(new Statement(0, new Object[] {id})));
          stack
              .execute(op)
              .whenComplete(
                  (result, error) -> {
                    if (error != null) {
                      failure.compareAndSet(null, error);
                    } else {
                      String problem = check(result, id);
                      if (problem != null) {
                        failure.compareAndSet(null, new AssertionError(problem));
                      }
                    }
                    done.countDown();
                    submit[0].run();
                  });
        };
    for (int i = 0; i < inFlight; i++) {
      submit[0].run();
    }
    assertTrue(done.await(120, TimeUnit.SECONDS), "closed loop did not finish");
    if (failure.get() != null) {
      throw new AssertionError("operation failed", failure.get());
    }
  }

  private static String check(OpResult result, int id) {
    if (result.rows().size() != 1 || result.rows().get(0).size() != 1) {
      return "expected one statement with one row for id " + id;
    }
    Object[] row = result.rows().get(0).get(0);
    if (row.length != 2 || !(row[0] instanceof Integer got) || got != id || !(row[1] instanceof Integer)) {
      return "row " + List.of(row) + " for id " + id;
    }
    return null;
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc-platform", "jdbc-virtual"})
  void wrongPasswordFailsInOpenWithoutLeakingIt(String name) {
    String wrong = "wrong-Pa55word-xyzzy";
    StackConfig config = config(8, wrong, List.of(POINT_SELECT), Map.of());
    SQLException e = assertThrows(SQLException.class, () -> provider(name).open(config));
    assertTrue(e.getMessage().contains("password authentication failed"), e.getMessage());
    assertFalse(e.toString().contains(wrong), e.toString());
  }

  @Test
  void driverErrorCompletesWithTheSqlException() throws Exception {
    try (Stack stack =
        provider("jdbc-virtual").open(config(2, List.of("SELECT * FROM no_such_table_x"), Map.of()))) {
      CompletableFuture<OpResult> f =
          stack.execute(new Operation(0, 0, List.of(new Statement(0, new Object[0])))).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
      assertInstanceOf(SQLException.class, e.getCause());
      assertTrue(e.getCause().getMessage().contains("no_such_table_x"), e.getCause().getMessage());
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
    StackConfig config = config(1, sql, Map.of("prepareThreshold", "1"));
    try (Stack stack = provider("jdbc-platform").open(config)) {
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
