package dev.dbrace.stacks.vertx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.testkit.StackContract;
import dev.dbrace.testkit.TestStacks;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What only the Vert.x stacks have, on the shared embedded PostgreSQL: their options, the transport,
 * and the next operation issued from the event loop that completed the last. What every stack must
 * do is {@link VertxContractIT}'s.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class VertxStackIT {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());

  private static Stack open(String name, Map<String, String> options) throws Exception {
    return TestStacks.provider(name).open(TestStacks.config(Engine.POSTGRESQL, POINT.sqlTexts(), options));
  }

  @Test
  void oneVertxAndOnlyThePooledStackOnMariaDb() {
    Map<String, String> v = TestStacks.provider("vertx").versions();
    assertEquals(v.get("vertx-core"), v.get("vertx-sql-client"), "one core and SQL client: " + v);
    assertEquals(v.get("vertx-core"), v.get("vertx-pg-client"), "one core and PG client: " + v);
    assertTrue(TestStacks.provider("vertx").engines().contains(Engine.MARIADB));
    assertEquals(Set.of(Engine.POSTGRESQL), TestStacks.provider("vertx-pipelined").engines());
  }

  @Test
  void optionsOneVariantDoesNotHaveAndBadValuesAreRefused() {
    // pipeliningLimit means nothing to a pool, which sends one command at a time per connection
    var e = assertThrows(IllegalArgumentException.class, () -> open("vertx", Map.of("pipeliningLimit", "16")));
    assertTrue(e.getMessage().contains("pipeliningLimit") && e.getMessage().contains("cachePreparedStatements"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> open("vertx-pipelined", Map.of("pipeliningLimit", "0")));
    assertTrue(e.getMessage().contains("pipeliningLimit"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> open("vertx-pipelined", Map.of("cachePreparedStatements", "yes")));
    assertTrue(e.getMessage().contains("cachePreparedStatements"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void transportIsNioByDefaultAndEpollOnRequest(String name) throws Exception {
    try (Stack stack = open(name, Map.of("transport", "epoll"))) {
      assertTrue(((VertxStack) stack).nativeTransport(), "Netty's native epoll library loads on Linux x86_64");
      StackContract.closedLoop(name + " on epoll", stack, POINT, 200, 4);
    }
    try (Stack stack = open(name, Map.of())) {
      assertFalse(((VertxStack) stack).nativeTransport());
      StackContract.closedLoop(name + " on nio", stack, POINT, 200, 4);
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> open(name, Map.of("transport", "kqueue")));
    assertTrue(e.getMessage().contains("transport must be auto, epoll or nio"), e.getMessage());
  }

  /**
   * The runner's closed loop issues each next operation from the thread that completed the last,
   * which must be an event loop, and runs it there: only the operations issued from the test's
   * thread (the first ones, and any that followed an answer already in before that thread looked)
   * were handed over to the event loop.
   */
  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void theNextOperationStaysOnTheEventLoop(String name) throws Exception {
    try (Stack stack = open(name, Map.of())) {
      Observed observed = new Observed(stack);
      int handoffsBefore = ((VertxStack) stack).handoffs();
      StackContract.closedLoop(name, observed, POINT, 2_000, 8);
      assertEquals(Set.of("vert.x-eventloop-thread-N"), observed.otherThreads);
      assertTrue(observed.byCaller.sum() >= 8, "issued by the caller: " + observed.byCaller.sum());
      assertEquals(observed.byCaller.sum(), ((VertxStack) stack).handoffs() - handoffsBefore);
      if (name.equals("vertx-pipelined")) {
        StackContract.closedLoop(name + " 64 in flight", stack, POINT, 2_000, 64);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void updateCountsEmptyOperationsAndUntouchedParameters(String name) throws Exception {
    List<String> sql = List.of(POINT.sqlTexts().get(0),
        "UPDATE world SET randomnumber = randomnumber WHERE id = $1 AND false");
    try (Stack stack = TestStacks.provider(name).open(TestStacks.config(Engine.POSTGRESQL, sql, Map.of()))) {
      Object[] params = {42};
      Object[] copy = params.clone();
      Operation ok = new Operation(99, 0, List.of(new Statement(0, params), new Statement(1, params),
          new Statement(0, new Object[] {43})));
      OpResult r = stack.execute(ok).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(3, r.rows().size());
      assertEquals(42, r.rows().get(0).get(0)[0]);
      assertEquals(List.of(), r.rows().get(1));
      assertEquals(0L, r.updateCounts()[1]);
      assertEquals(43, r.rows().get(2).get(0)[0]);
      assertArrayEquals(copy, params, "params were mutated");
      assertEquals(0, stack.execute(new Operation(100, 0, List.of())).toCompletableFuture()
          .get(10, TimeUnit.SECONDS).rows().size());
    }
  }

  /** The stack as the loop sees it, noting which thread issued each operation. */
  private static final class Observed implements Stack {
    final Stack stack;
    final Thread caller = Thread.currentThread();
    final LongAdder byCaller = new LongAdder();
    /** The other issuing threads' names, numbers as N. */
    final Set<String> otherThreads = ConcurrentHashMap.newKeySet();

    Observed(Stack stack) {
      this.stack = stack;
    }

    @Override
    public CompletionStage<OpResult> execute(Operation op) {
      if (Thread.currentThread() == caller) {
        byCaller.increment();
      } else {
        otherThreads.add(Thread.currentThread().getName().replaceAll("\\d+$", "N"));
      }
      return stack.execute(op);
    }

    @Override
    public void close() {} // the test closes the stack itself
  }
}
