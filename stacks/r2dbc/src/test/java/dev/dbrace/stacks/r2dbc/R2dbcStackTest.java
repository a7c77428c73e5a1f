package dev.dbrace.stacks.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Runs the {@code r2dbc} stack against the embedded PostgreSQL of {@link SharedTestDatabase}
 * (table {@code world}, ids 1..10000), started once for this test JVM. dbrace-cli's tests race the
 * stack end to end through a forked worker; these look at the stack itself.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
class R2dbcStackTest {
  static final String WORLD_BY_ID = "SELECT id, randomnumber FROM world WHERE id = $1";
  static final String BAD_SQL = "SELECT no_such_column FROM world WHERE id = $1";
  static final String SLEEP_SQL = "SELECT $1::int AS id, 0 AS randomnumber FROM pg_sleep(1.5)";

  static StackProvider provider() {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals("r2dbc")) {
        return p;
      }
    }
    throw new AssertionError("no r2dbc provider registered");
  }

  /** The test database with the right password. */
  static StackConfig config(int pool, Map<String, String> options) {
    return config(SharedTestDatabase.target().password(), pool, options);
  }

  static StackConfig config(String password, int pool, Map<String, String> options) {
    DbTarget db = SharedTestDatabase.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), password, pool, 8,
        List.of(WORLD_BY_ID, BAD_SQL, SLEEP_SQL), "dbrace-r2dbc-test", options);
  }

  static Operation worldOp(long index, int statements) {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    List<Statement> list = new ArrayList<>(statements);
    for (int i = 0; i < statements; i++) {
      list.add(new Statement(0, new Object[] {r.nextInt(1, 10_001)}));
    }
    return new Operation(index, statements == 1 ? 0 : 1, list);
  }

  /** Null when every statement returned exactly one row whose id is its parameter. */
  static String check(Operation op, OpResult result) {
    if (result.rows().size() != op.statements().size()) {
      return "op " + op.index() + ": " + result.rows().size() + " statement results";
    }
    for (int i = 0; i < op.statements().size(); i++) {
      List<Object[]> rows = result.rows().get(i);
      Object id = op.statements().get(i).params()[0];
      if (rows.size() != 1 || rows.get(0).length != 2) {
        return "op " + op.index() + " statement " + i + ": " + rows.size() + " rows";
      }
      if (!(rows.get(0)[0] instanceof Integer got) || !got.equals(id)) {
        return "op " + op.index() + " statement " + i + ": id " + rows.get(0)[0] + ", expected " + id;
      }
      if (!(rows.get(0)[1] instanceof Integer)) {
        return "op " + op.index() + " statement " + i + ": randomnumber " + rows.get(0)[1];
      }
    }
    return null;
  }

  /** A closed loop: {@code inFlight} users, each submitting its next operation on completion. */
  static final class Loop {
    final Stack stack;
    final LongFunction<Operation> ops;
    final long total;
    final AtomicLong next = new AtomicLong();
    final AtomicLong ok = new AtomicLong();
    final ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
    final CountDownLatch done;

    Loop(Stack stack, LongFunction<Operation> ops, long total, int inFlight) {
      this.stack = stack;
      this.ops = ops;
      this.total = total;
      this.done = new CountDownLatch(inFlight);
    }

    void start(int inFlight) {
      for (int i = 0; i < inFlight; i++) {
        issue();
      }
    }

    void issue() {
      long i = next.getAndIncrement();
      if (i >= total || problems.size() > 10) {
        done.countDown();
        return;
      }
      Operation op = ops.apply(i);
      stack.execute(op).whenComplete((result, error) -> {
        if (error != null) {
          problems.add("op " + op.index() + ": " + error);
        } else {
          String p = check(op, result);
          if (p != null) {
            problems.add(p);
          } else {
            ok.incrementAndGet();
          }
        }
        issue();
      });
    }
  }

  @Test
  void pointSelectsAndMultiStatementOps() throws Exception {
    StackProvider provider = provider();
    assertEquals("r2dbc-postgresql / r2dbc-mariadb + r2dbc-pool on Reactor (non-blocking)", provider.description());
    Map<String, String> versions = provider.versions();
    System.out.println("r2dbc versions: " + versions);
    for (String key : List.of("r2dbc-postgresql", "r2dbc-mariadb", "r2dbc-pool", "reactor-core", "netty")) {
      assertNotNull(versions.get(key), key);
      assertFalse(versions.get(key).equals("unknown"), key + " version unknown");
    }

    try (Stack stack = provider.open(config(8, Map.of()))) {
      // warm the JIT a little, then the measured 5,000 point selects, 8 in flight
      run(stack, i -> worldOp(i, 1), 1_000, 8);
      long t0 = System.nanoTime();
      Loop loop = run(stack, i -> worldOp(i, 1), 5_000, 8);
      double secs = (System.nanoTime() - t0) / 1e9;
      assertEquals(5_000, loop.ok.get());
      System.out.printf("r2dbc point-select: 5000 ops in %.2f s = %.0f ops/s (8 conns, 8 in flight)%n",
          secs, 5_000 / secs);

      // operations of 20 statements each, run sequentially on one connection
      t0 = System.nanoTime();
      loop = run(stack, i -> worldOp(i, 20), 200, 8);
      secs = (System.nanoTime() - t0) / 1e9;
      assertEquals(200, loop.ok.get());
      System.out.printf("r2dbc queries-20: 200 ops in %.2f s = %.0f ops/s, %.0f statements/s%n",
          secs, 200 / secs, 200 * 20 / secs);

      // a mix where every 10th operation has 20 statements
      loop = run(stack, i -> worldOp(i, i % 10 == 0 ? 20 : 1), 1_000, 8);
      assertEquals(1_000, loop.ok.get());
    }
  }

  static Loop run(Stack stack, LongFunction<Operation> ops, long total, int inFlight) throws InterruptedException {
    Loop loop = new Loop(stack, ops, total, inFlight);
    loop.start(inFlight);
    assertTrue(loop.done.await(120, TimeUnit.SECONDS), "operations still in flight");
    assertTrue(loop.problems.isEmpty(), () -> "problems: " + loop.problems);
    return loop;
  }

  @Test
  void driverErrorsCompleteTheFutureWithTheDriversException() throws Exception {
    try (Stack stack = provider().open(config(2, Map.of("statementCache", "16")))) {
      CompletableFuture<OpResult> f =
          stack.execute(new Operation(0, 0, List.of(new Statement(1, new Object[] {1})))).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
      Throwable cause = e.getCause();
      System.out.println("bad SQL gives " + cause.getClass().getName() + ": " + cause.getMessage());
      assertTrue(cause instanceof io.r2dbc.spi.R2dbcException, cause.getClass().getName());
      assertTrue(cause.getMessage().contains("no_such_column"), cause.getMessage());

      // the connection went back to the pool: later operations still work
      for (int i = 0; i < 10; i++) {
        Operation op = worldOp(i, 3);
        OpResult r = stack.execute(op).toCompletableFuture().get(30, TimeUnit.SECONDS);
        assertEquals(null, check(op, r));
      }
      // a multi-statement operation whose second statement fails
      Operation mixed = new Operation(1, 1, List.of(
          new Statement(0, new Object[] {5}), new Statement(1, new Object[] {6}), new Statement(0, new Object[] {7})));
      CompletionException ce = assertThrows(CompletionException.class,
          () -> stack.execute(mixed).toCompletableFuture().join());
      assertTrue(ce.getCause() instanceof io.r2dbc.spi.R2dbcException, String.valueOf(ce.getCause()));
    }
  }

  @Test
  void acquisitionTimesOutWhenThePoolIsBusy() throws Exception {
    try (Stack stack = R2dbcStack.open(config(1, Map.of()), java.time.Duration.ofMillis(300))) {
      Operation slow = new Operation(0, 0, List.of(new Statement(2, new Object[] {42})));
      CompletableFuture<OpResult> holding = stack.execute(slow).toCompletableFuture();
      Thread.sleep(100); // let it take the only connection
      long t0 = System.nanoTime();
      CompletableFuture<OpResult> waiting = stack.execute(worldOp(1, 1)).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> waiting.get(30, TimeUnit.SECONDS));
      long waitedMs = (System.nanoTime() - t0) / 1_000_000;
      System.out.println("acquire timeout after " + waitedMs + " ms: " + e.getCause());
      assertTrue(e.getCause() instanceof io.r2dbc.spi.R2dbcTimeoutException, String.valueOf(e.getCause()));
      assertEquals("Connection acquisition timed out after 300ms", e.getCause().getMessage());
      assertTrue(waitedMs >= 250 && waitedMs < 1_400, "waited " + waitedMs + " ms");
      assertEquals(null, check(slow, holding.get(30, TimeUnit.SECONDS)));
      // the timed-out acquisition left nothing behind: the one connection still serves
      for (int i = 0; i < 20; i++) {
        Operation op = worldOp(i, 2);
        assertEquals(null, check(op, stack.execute(op).toCompletableFuture().get(10, TimeUnit.SECONDS)));
      }
    }
  }

  @Test
  void wrongPasswordFailsOpenWithoutLeakingIt() {
    String wrong = "not-the-password-" + System.nanoTime();
    Exception e = assertThrows(Exception.class, () -> provider().open(config(wrong, 4, Map.of())).close());
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getClass().getName()).append(": ").append(t.getMessage()).append('\n');
    }
    System.out.println("wrong password gives " + all.toString().trim());
    assertTrue(String.valueOf(e.getMessage()).contains("password authentication failed"), all.toString());
    assertFalse(all.toString().contains(wrong), "the message leaks the password");
  }

  @Test
  void unknownOptionsAreRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> provider().open(config(2, Map.of("pipelining", "4"))));
    assertTrue(e.getMessage().contains("pipelining") && e.getMessage().contains("statementCache"), e.getMessage());
    IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
        () -> provider().open(config(2, Map.of("statementCache", "lots"))));
    assertTrue(bad.getMessage().contains("statementCache"), bad.getMessage());
    IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
        () -> provider().open(config(2, Map.of("eventLoops", "0"))));
    assertTrue(zero.getMessage().contains("eventLoops=0"), zero.getMessage());
  }

  @Test
  void eventLoopsSetsTheClientThreads() throws Exception {
    try (Stack stack = provider().open(config(4, Map.of("eventLoops", "1")))) {
      run(stack, i -> worldOp(i, 1), 500, 8);
      assertEquals(1, Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.isAlive() && t.getName().startsWith("dbrace-r2dbc-")
              && !t.getName().startsWith("dbrace-r2dbc-acquire-timer"))
          .count(), () -> "threads: " + Thread.getAllStackTraces().keySet());
    }
  }
}
