package dev.dbrace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.postgres.ServerCounters;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stack contract, and what an ORM stack must do besides (Hibernate ORM and Hibernate Reactive
 * alike), on the shared embedded PostgreSQL: the built-in workloads verify as the runner verifies
 * them, and the server's own pg_stat_statements counts show what the ORM really sent: one select
 * per distinct id of an operation, a repeated id served from that operation's session, nothing
 * shared across operations, even with many in flight; a statement it cannot express fails the
 * open, naming it.
 */
@SuppressWarnings("try") // Stack.close() throws Exception
public abstract class OrmContract extends StackContract {

  /** The stacks of {@link #cases()}, each once. */
  List<String> stacks() {
    return cases().stream().map(Case::stack).distinct().toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void aStatementTheOrmCannotExpressFailsOpenNamingIt(String name) {
    String update = "UPDATE world SET randomnumber = $2 WHERE id = $1";
    var e = assertThrows(IllegalArgumentException.class, () -> TestStacks.provider(name)
        .open(TestStacks.config(Engine.POSTGRESQL, List.of("SELECT id, randomnumber FROM world WHERE id = $1", update),
            Map.of())).close());
    assertEquals(name + " cannot express workload statement: " + update, e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void builtInWorkloadsVerifyAndTheServerSeesOneSelectPerDistinctId(String name) throws Exception {
    try (Connection db = SharedTestDatabase.target().connect()) {
      assertTrue(ServerCounters.hasStatementStats(db), "the embedded server loads pg_stat_statements");
      for (String workload : List.of("point-select", "queries-20", "film-title", "slow-mix")) {
        Map<String, String> opts = workload.equals("slow-mix") ? Map.of("sleep", "0.01", "fraction", "0.5") : Map.of();
        WorkloadSpec spec = Workloads.byName(workload, opts);
        OperationSequence seq = new OperationSequence(spec, 42);
        Verifier verifier = new Verifier(spec);
        int ops = workload.equals("queries-20") ? 30 : 100;
        try (Stack stack = TestStacks.provider(name).open(TestStacks.config(Engine.POSTGRESQL, 4, spec.sqlTexts(),
            Map.of()))) {
          long before = calls(db);
          long distinct = 0;
          for (int i = 0; i < ops; i++) {
            Operation op = seq.operation(i);
            assertNull(verifier.check(op, run(stack, op)), workload + " op " + i);
            distinct += distinctIds(op);
          }
          // a repeated id within one session is served from its persistence context; nothing is
          // batched or cached across operations
          assertEquals(distinct, calls(db) - before, workload + ": server statements");
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
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
        Stack stack = TestStacks.provider(name).open(TestStacks.config(Engine.POSTGRESQL, 4, spec.sqlTexts(),
            Map.of()))) {
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

  /**
   * Many operations in flight, each issued from the completion of another (the runner's closed
   * loop): every one must get a session of its own (a shared one would serve ids from another
   * operation's persistence context, or fail), so the server sees one select per distinct id of
   * each operation.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("stacks")
  void concurrentOperationsEachGetTheirOwnSession(String name) throws Exception {
    WorkloadSpec spec = Workloads.byName("queries-20", Map.of());
    try (Connection db = SharedTestDatabase.target().connect();
        Stack stack = TestStacks.provider(name).open(TestStacks.config(Engine.POSTGRESQL, 4, spec.sqlTexts(),
            Map.of()))) {
      long before = calls(db);
      CountingIds counted = new CountingIds(stack);
      closedLoop(name, counted, spec, 400, 32);
      assertEquals(counted.distinct.sum(), calls(db) - before, "one select per distinct id of each operation");
    }
  }

  /** The stack as the loop sees it, adding up the distinct ids of each operation issued. */
  private static final class CountingIds implements Stack {
    final Stack stack;
    final LongAdder distinct = new LongAdder();

    CountingIds(Stack stack) {
      this.stack = stack;
    }

    @Override
    public CompletionStage<OpResult> execute(Operation op) {
      distinct.add(distinctIds(op));
      return stack.execute(op);
    }

    @Override
    public void close() {} // the test closes the stack itself
  }

  private static long distinctIds(Operation op) {
    return op.statements().stream().map(s -> s.params()[0]).distinct().count();
  }

  private static OpResult run(Stack stack, Operation op) throws Exception {
    return stack.execute(op).toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Calls of the statements on world and the film view, as pg_stat_statements counts them. */
  private static long calls(Connection c) throws SQLException {
    try (var s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT coalesce(sum(calls), 0) FROM pg_stat_statements s"
            + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database()"
            + " AND (s.query ILIKE '%world%' OR s.query ILIKE '%film_list%') AND s.query NOT ILIKE '%pg\\_stat%'")) {
      r.next();
      return r.getLong(1);
    }
  }
}
