package dev.dbrace.stacks.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs both Vert.x stacks against the embedded PostgreSQL of {@link SharedTestDatabase} (table
 * {@code world} with 10,000 rows), started once for this test JVM.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class VertxStackTest {
  static final String WORLD_BY_ID = "SELECT id, randomnumber FROM world WHERE id = $1";

  static StackProvider provider(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no provider " + name);
  }

  /** The test database with the right password. */
  static StackConfig config(List<String> sql, Map<String, String> options) {
    return config(SharedTestDatabase.target().password(), sql, options);
  }

  static StackConfig config(String password, List<String> sql, Map<String, String> options) {
    DbTarget db = SharedTestDatabase.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), password, 8, 8, sql,
        "dbrace-vertx-test", options);
  }

  @Test
  void bothProvidersAreRegisteredWithVersions() {
    List<String> names = new ArrayList<>();
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      names.add(p.name());
      assertFalse(p.description().isBlank());
      Map<String, String> v = p.versions();
      System.out.println(p.name() + ": " + p.description() + "\n  versions " + v);
      for (String key : List.of("vertx-core", "vertx-pg-client", "netty")) {
        assertTrue(v.containsKey(key), key);
        assertNotEquals("unknown", v.get(key), key);
      }
      assertTrue(v.get("vertx-core").startsWith("5."), v.toString());
      assertTrue(v.get("netty").startsWith("4.2"), v.toString());
    }
    assertTrue(names.containsAll(List.of("vertx", "vertx-pipelined")), names.toString());
  }

  @Test
  void unknownOptionsAndBadValuesAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> provider("vertx").open(config(List.of(WORLD_BY_ID), Map.of("fetchSize", "5"))));
    assertTrue(e.getMessage().contains("fetchSize"), e.getMessage());
    assertTrue(e.getMessage().contains("cachePreparedStatements"), e.getMessage());
    // pipeliningLimit means nothing to a pool, which sends one command at a time per connection
    e = assertThrows(IllegalArgumentException.class,
        () -> provider("vertx").open(config(List.of(WORLD_BY_ID), Map.of("pipeliningLimit", "16"))));
    assertTrue(e.getMessage().contains("pipeliningLimit"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> provider("vertx-pipelined").open(config(List.of(WORLD_BY_ID), Map.of("pipeliningLimit", "0"))));
    assertTrue(e.getMessage().contains("pipeliningLimit"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> provider("vertx-pipelined").open(config(List.of(WORLD_BY_ID), Map.of("cachePreparedStatements", "yes"))));
    assertTrue(e.getMessage().contains("cachePreparedStatements"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void transportIsNioByDefaultAndEpollOnRequest(String name) throws Exception {
    try (Stack stack = provider(name).open(config(List.of(WORLD_BY_ID), Map.of("transport", "epoll")))) {
      assertTrue(((VertxStack) stack).nativeTransport(), "Netty's native epoll library loads on Linux x86_64");
      assertClean(new LoadLoop(stack, 1, 200).run(4, 60), 200);
    }
    try (Stack stack = provider(name).open(config(List.of(WORLD_BY_ID), Map.of()))) {
      assertFalse(((VertxStack) stack).nativeTransport());
      assertClean(new LoadLoop(stack, 1, 200).run(4, 60), 200);
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> provider(name).open(config(List.of(WORLD_BY_ID), Map.of("transport", "kqueue"))));
    assertTrue(e.getMessage().contains("transport must be auto, epoll or nio"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void wrongPasswordFailsInOpen(String name) {
    String wrong = "not-the-password-7f3a";
    Exception e = assertThrows(Exception.class,
        () -> provider(name).open(config(wrong, List.of(WORLD_BY_ID), Map.of())).close());
    System.out.println(name + " with a wrong password: " + e);
    assertTrue(String.valueOf(e.getMessage()).contains("password authentication failed"), String.valueOf(e));
    for (Throwable t = e; t != null; t = t.getCause()) {
      assertFalse(String.valueOf(t).contains(wrong), "the password leaked: " + t);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void selectsReturnTheRowsAskedFor(String name) throws Exception {
    try (Stack stack = provider(name).open(config(List.of(WORLD_BY_ID), Map.of()))) {
      new LoadLoop(stack, 1, 1_000).run(8, 60); // warm-up
      int handoffsBefore = ((VertxStack) stack).handoffs();
      LoadLoop single = new LoadLoop(stack, 1, 5_000).run(8, 120);
      report(name, "point-select, 8 in flight", single);
      assertClean(single, 5_000);
      // the next operation is issued from the completing thread, which must be an event loop...
      assertEquals(java.util.Set.of("vert.x-eventloop-thread-N"), single.completionThreads());
      // ...and runs there: only operations issued from this thread (the 8 first, and any that
      // followed an answer already in before this thread looked) were handed over
      assertTrue(single.issuedByCaller() >= 8, "issued by the caller: " + single.issuedByCaller());
      assertEquals(single.issuedByCaller(), ((VertxStack) stack).handoffs() - handoffsBefore);

      LoadLoop multi = new LoadLoop(stack, 20, 250).run(8, 120);
      report(name, "20 selects per operation, 8 in flight", multi);
      assertClean(multi, 250);

      if (name.equals("vertx-pipelined")) {
        LoadLoop deep = new LoadLoop(stack, 1, 5_000).run(64, 120);
        report(name, "point-select, 64 in flight", deep);
        assertClean(deep, 5_000);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"vertx", "vertx-pipelined"})
  void driverErrorsFailTheOperationAndReleaseTheConnection(String name) throws Exception {
    List<String> sql = List.of(WORLD_BY_ID, "SELECT id FROM no_such_table_dbrace WHERE id = $1",
        "UPDATE world SET randomnumber = randomnumber WHERE id = $1 AND false");
    try (Stack stack = provider(name).open(config(sql, Map.of()))) {
      // more failing multi-statement operations than connections: each must give its connection back
      for (int i = 0; i < 20; i++) {
        Operation op = new Operation(i, 0, List.of(
            new Statement(0, new Object[] {1}), new Statement(1, new Object[] {1}), new Statement(0, new Object[] {2})));
        CompletableFuture<OpResult> f = stack.execute(op).toCompletableFuture();
        ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
        assertEquals("PgException", e.getCause().getClass().getSimpleName(), String.valueOf(e.getCause()));
        assertTrue(e.getCause().getMessage().contains("no_such_table_dbrace"), e.getCause().getMessage());
      }
      Object[] params = {42};
      Object[] copy = params.clone();
      Operation ok = new Operation(99, 0, List.of(new Statement(0, params), new Statement(2, params),
          new Statement(0, new Object[] {43})));
      OpResult r = stack.execute(ok).toCompletableFuture().get(10, TimeUnit.SECONDS);
      assertEquals(3, r.rows().size());
      assertEquals(42, r.rows().get(0).get(0)[0]);
      assertEquals(Integer.class, r.rows().get(0).get(0)[1].getClass());
      assertEquals(List.of(), r.rows().get(1));
      assertEquals(0L, r.updateCounts()[1]);
      assertEquals(43, r.rows().get(2).get(0)[0]);
      assertTrue(java.util.Arrays.equals(copy, params), "params were mutated");
      assertEquals(0, stack.execute(new Operation(100, 0, List.of())).toCompletableFuture().get().rows().size());
    }
  }

  static void assertClean(LoadLoop loop, long expectedOps) {
    assertEquals(0, loop.failed(), () -> "failed: " + loop.firstError());
    assertEquals(0, loop.wrong(), () -> "wrong result: " + loop.firstWrong());
    assertEquals(expectedOps, loop.ok());
  }

  static void report(String stack, String what, LoadLoop loop) {
    System.out.printf("%-16s %-40s %,8d ops in %.2f s = %,9.0f ops/s (completed on %s)%n", stack, what,
        loop.ok(), loop.seconds(), loop.opsPerSecond(), loop.completionThreads());
  }
}
