package dev.dbrace.stacks.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.testkit.StackContract;
import dev.dbrace.testkit.TestStacks;
import io.r2dbc.spi.R2dbcTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What only the {@code r2dbc} stack has, on the shared embedded servers: its options (statement
 * cache, event loops), the pool's acquisition timeout. What every stack must do is
 * {@link R2dbcContractIT}'s.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class R2dbcStackIT {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());
  private static final WorkloadSpec QUERIES_20 = Workloads.byName("queries-20", Map.of());
  static final String SLEEP_SQL = "SELECT $1::int AS id, 0 AS randomnumber FROM pg_sleep(1.5)";

  @Test
  void badOptionValuesAreRefusedNamingThem() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("r2dbc")
        .open(TestStacks.config(Engine.POSTGRESQL, 2, POINT.sqlTexts(), Map.of("pipelining", "4"))));
    assertTrue(e.getMessage().contains("statementCache"), "names the known options: " + e.getMessage());
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("r2dbc")
        .open(TestStacks.config(Engine.POSTGRESQL, 2, POINT.sqlTexts(), Map.of("statementCache", "lots"))));
    assertTrue(bad.getMessage().contains("statementCache"), bad.getMessage());
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider("r2dbc")
        .open(TestStacks.config(Engine.POSTGRESQL, 2, POINT.sqlTexts(), Map.of("eventLoops", "0"))));
    assertTrue(zero.getMessage().contains("eventLoops=0"), zero.getMessage());
  }

  /** r2dbc-mariadb's statement cache, on, sized and off: each serves single and 20-query operations. */
  @ParameterizedTest
  @ValueSource(strings = {"64", "0"})
  void statementCacheOnMariaDb(String statementCache) throws Exception {
    String why = TestStacks.unavailable(Engine.MARIADB);
    assumeTrue(why == null, why);
    try (Stack stack = TestStacks.provider("r2dbc").open(TestStacks.config(Engine.MARIADB, POINT.sqlTexts(),
        Map.of("statementCache", statementCache)))) {
      StackContract.closedLoop("statementCache=" + statementCache, stack, POINT, 1_000, 8);
      StackContract.closedLoop("statementCache=" + statementCache, stack, QUERIES_20, 50, 8);
    }
  }

  @Test
  void acquisitionTimesOutWhenThePoolIsBusy() throws Exception {
    StackConfig config = TestStacks.config(Engine.POSTGRESQL, 1, List.of(POINT.sqlTexts().get(0), SLEEP_SQL), Map.of());
    Verifier verifier = new Verifier(POINT);
    OperationSequence seq = new OperationSequence(POINT, 1);
    try (Stack stack = R2dbcStack.open(config, Duration.ofMillis(300))) {
      Operation slow = new Operation(0, 0, List.of(new Statement(1, new Object[] {42})));
      CompletableFuture<OpResult> holding = stack.execute(slow).toCompletableFuture();
      Thread.sleep(100); // let it take the only connection
      long t0 = System.nanoTime();
      CompletableFuture<OpResult> waiting = stack.execute(seq.operation(1)).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> waiting.get(30, TimeUnit.SECONDS));
      long waitedMs = (System.nanoTime() - t0) / 1_000_000;
      assertTrue(e.getCause() instanceof R2dbcTimeoutException, String.valueOf(e.getCause()));
      assertEquals("Connection acquisition timed out after 300ms", e.getCause().getMessage());
      assertTrue(waitedMs >= 250 && waitedMs < 1_400, "waited " + waitedMs + " ms");
      assertEquals(42, holding.get(30, TimeUnit.SECONDS).rows().get(0).get(0)[0]);
      // the timed-out acquisition left nothing behind: the one connection still serves
      for (int i = 0; i < 20; i++) {
        Operation op = seq.operation(2 + i);
        assertNull(verifier.check(op, stack.execute(op).toCompletableFuture().get(10, TimeUnit.SECONDS)));
      }
    }
  }

  @Test
  void eventLoopsSetsTheClientThreads() throws Exception {
    try (Stack stack = TestStacks.provider("r2dbc")
        .open(TestStacks.config(Engine.POSTGRESQL, 4, POINT.sqlTexts(), Map.of("eventLoops", "1")))) {
      StackContract.closedLoop("eventLoops=1", stack, POINT, 500, 8);
      assertEquals(1, Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.isAlive() && t.getName().startsWith("dbrace-r2dbc-")
              && !t.getName().startsWith("dbrace-r2dbc-acquire-timer"))
          .count(), () -> "threads: " + Thread.getAllStackTraces().keySet());
    }
  }
}
