package dev.dbrace.stacks.hibernate.reactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.db.SharedTestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
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
 * The Hibernate Reactive stack against the embedded PostgreSQL of {@link SharedTestDatabase}: the
 * built-in workloads verified as the runner verifies them, and the server's own pg_stat_statements
 * counts showing what the ORM really sent.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
public class ReactiveStackTest {

  static StackProvider provider(String name) {
    for (StackProvider p : ServiceLoader.load(StackProvider.class)) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no provider " + name);
  }

  static StackConfig config(List<String> sql, Map<String, String> options) {
    DbTarget db = SharedTestDatabase.target();
    return new StackConfig(db.host(), db.port(), db.database(), db.user(), db.password(), 4, 8, sql,
        "dbrace-reactive-test", options);
  }

  @Test
  void listedWithVersions() {
    Map<String, String> v = provider("hibernate-reactive").versions();
    assertEquals("3.3.5.Final", v.get("hibernate-reactive-core"), v.toString());
    assertEquals("7.3.2.Final", v.get("hibernate-core"), v.toString());
    assertEquals("4.5.26", v.get("vertx-pg-client"), v.toString());
    assertTrue(v.get("netty").startsWith("4.1."), v.toString());
  }

  @Test
  void aStatementTheOrmCannotExpressFailsOpenNamingIt() {
    String update = "UPDATE world SET randomnumber = $2 WHERE id = $1";
    var e = assertThrows(IllegalArgumentException.class,
        () -> provider("hibernate-reactive").open(config(List.of("SELECT id, randomnumber FROM world WHERE id = $1", update), Map.of())));
    assertEquals("hibernate-reactive cannot express workload statement: " + update, e.getMessage());
    var o = assertThrows(IllegalArgumentException.class,
        () -> provider("hibernate-reactive").open(config(List.of("SELECT 1"), Map.of("prepareThreshold", "1"))));
    assertTrue(o.getMessage().contains("prepareThreshold"), o.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"hibernate-reactive"})
  void builtInWorkloadsVerifyAndTheServerSeesOneSelectPerStatement(String name) throws Exception {
    try (Connection db = SharedTestDatabase.target().connect()) {
      assertTrue(ServerCounters.hasStatementStats(db), "the embedded server loads pg_stat_statements");
      for (String workload : List.of("point-select", "queries-20", "film-title", "slow-mix")) {
        Map<String, String> opts = workload.equals("slow-mix") ? Map.of("sleep", "0.01", "fraction", "0.5") : Map.of();
        WorkloadSpec spec = Workloads.byName(workload, opts);
        OperationSequence seq = new OperationSequence(spec, 42);
        Verifier verifier = new Verifier(spec);
        int ops = workload.equals("queries-20") ? 30 : 100;
        try (Stack stack = provider(name).open(config(spec.sqlTexts(), Map.of()))) {
          long before = calls(db);
          long clientStatements = 0;
          long distinctPerOp = 0;
          for (int i = 0; i < ops; i++) {
            Operation op = seq.operation(i);
            assertNull(verifier.check(op, run(stack, op)), workload + " op " + i);
            clientStatements += op.statements().size();
            distinctPerOp += op.statements().stream().map(s -> s.params()[0]).distinct().count();
          }
          // One select per distinct id in an operation: a repeated id within one session is served
          // from its persistence context; nothing is batched or cached across operations.
          assertEquals(distinctPerOp, calls(db) - before, workload + ": server statements (client verified "
              + clientStatements + ")");
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"hibernate-reactive"})
  void queries20IsTwentySelectsPerSessionAndSessionsShareNothing(String name) throws Exception {
    WorkloadSpec spec = Workloads.byName("queries-20", Map.of());
    Verifier verifier = new Verifier(spec);
    List<Statement> distinct = new ArrayList<>();
    List<Statement> repeated = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      distinct.add(new Statement(0, new Object[] {1 + i * 499}));
      repeated.add(new Statement(0, new Object[] {7 + i % 10})); // 10 ids, each twice
    }
    try (Connection db = SharedTestDatabase.target().connect();
        Stack stack = provider(name).open(config(spec.sqlTexts(), Map.of()))) {
      long before = calls(db);
      for (int i = 0; i < 2; i++) { // the same ids twice: the second session must ask the server again
        Operation op = new Operation(i, 0, distinct);
        assertNull(verifier.check(op, run(stack, op)));
      }
      assertEquals(40, calls(db) - before, "20 separate selects per operation, none served across sessions");
      before = calls(db);
      Operation op = new Operation(2, 0, repeated);
      OpResult r = run(stack, op);
      assertNull(verifier.check(op, r));
      assertEquals(20, r.rows().size());
      assertEquals(10, calls(db) - before, "a repeated id within one session comes from its persistence context");
    }
  }

  @Test
  void aDriverErrorCompletesTheOperationExceptionally() throws Exception {
    try (Stack stack = provider("hibernate-reactive").open(config(List.of("SELECT * FROM no_such_table_x"), Map.of()))) {
      CompletableFuture<OpResult> f =
          stack.execute(new Operation(0, 0, List.of(new Statement(0, new Object[0])))).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(30, TimeUnit.SECONDS));
      assertTrue(String.valueOf(e.getCause().getMessage()).contains("no_such_table_x"), e.getCause().toString());
    }
  }

  /**
   * Many operations in flight, each issued from the completion of another: every one must get a
   * session of its own (a shared one would serve ids from another operation's persistence context,
   * or fail), so the server sees exactly one select per distinct id of each operation.
   */
  @ParameterizedTest
  @ValueSource(strings = {"hibernate-reactive"})
  void concurrentOperationsEachGetTheirOwnSession(String name) throws Exception {
    WorkloadSpec spec = Workloads.byName("queries-20", Map.of());
    OperationSequence seq = new OperationSequence(spec, 7);
    Verifier verifier = new Verifier(spec);
    int total = 400;
    try (Connection db = SharedTestDatabase.target().connect();
        Stack stack = provider(name).open(config(spec.sqlTexts(), Map.of()))) {
      long before = calls(db);
      java.util.concurrent.atomic.AtomicLong next = new java.util.concurrent.atomic.AtomicLong();
      java.util.concurrent.atomic.AtomicLong distinct = new java.util.concurrent.atomic.AtomicLong();
      java.util.concurrent.ConcurrentLinkedQueue<String> problems = new java.util.concurrent.ConcurrentLinkedQueue<>();
      java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(total);
      Runnable[] issue = new Runnable[1];
      issue[0] = () -> {
        long i = next.getAndIncrement();
        if (i >= total) {
          return;
        }
        Operation op = seq.operation(i);
        distinct.addAndGet(op.statements().stream().map(s -> s.params()[0]).distinct().count());
        stack.execute(op).whenComplete((r, e) -> {
          String problem = e != null ? e.toString() : verifier.check(op, r);
          if (problem != null) {
            problems.add("op " + i + ": " + problem);
          }
          done.countDown();
          issue[0].run();
        });
      };
      for (int c = 0; c < 32; c++) {
        issue[0].run();
      }
      assertTrue(done.await(60, TimeUnit.SECONDS), "closed loop did not finish");
      assertEquals(List.of(), List.copyOf(problems));
      assertEquals(distinct.get(), calls(db) - before, "one select per distinct id of each operation");
    }
  }

  static OpResult run(Stack stack, Operation op) throws Exception {
    return stack.execute(op).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Calls of the statements on world and the film view, as pg_stat_statements counts them. */
  static long calls(Connection c) throws SQLException {
    try (var s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s"
            + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database()"
            + " AND (s.query ILIKE '%world%' OR s.query ILIKE '%film_list%') AND s.query NOT ILIKE '%pg\\_stat%'")) {
      r.next();
      return r.getLong(1);
    }
  }
}
