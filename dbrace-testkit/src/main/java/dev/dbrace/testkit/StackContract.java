package dev.dbrace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
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
import dev.dbrace.db.DatasetRows;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every stack must do, whatever its driver: a stack module's test extends this and lists its
 * {@link Case}s (which stacks on which engine); each check then runs once per case, in-process,
 * against the shared embedded server of the case's engine ({@link TestStacks#target}). A case on
 * an engine that cannot run here is skipped, with the reason. The checks: it opens and reports its
 * versions; a wrong password fails the open with the server's clear error and without the
 * password; an unknown option is refused naming it; point selects return exactly the dataset's
 * rows, with parameters bound by their number; a driver error fails the operation, not the stack; a transaction commits or rolls back
 * whole (where the stack runs transactions); and a short closed loop through the runner's own
 * {@link ClosedLoop} completes with every result verified. What is particular to one stack stays in
 * that module's own tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@SuppressWarnings("try") // Stack.close() throws Exception
public abstract class StackContract {
  private static final String WORLD_BY_ID = "SELECT id, randomnumber FROM world WHERE id = $1";
  /** Valid SQL on every engine naming a table no dataset has: the driver's error, not ours. */
  private static final String NO_SUCH_TABLE = "no_such_table_dbrace";
  private static final String BAD_SQL = "SELECT id FROM " + NO_SUCH_TABLE + " WHERE id = $1";
  /** The parameters in another order than they appear: each must bind by its number. */
  private static final String REORDERED = "SELECT id, randomnumber FROM world WHERE randomnumber = $2 AND id = $1";
  private static final String WRONG_PASSWORD = "wrong-Pa55word-xyzzy";
  /** A version as a library declares it: 42.7.14, 5.0.12, 7.3.13.Final, 1.0.9.RELEASE. */
  private static final Pattern VERSION = Pattern.compile("\\d+(\\.\\d+)+([.-][0-9A-Za-z.-]+)?");
  private static final long TIMEOUT_S = 30;

  /**
   * One stack on one engine.
   *
   * @param stack the provider's name
   * @param engine the engine, whose shared test server the checks run on
   * @param libraries the libraries whose versions the stack must report on that engine
   */
  public record Case(String stack, Engine engine, Set<String> libraries) {
    public static Case of(String stack, Engine engine, String... libraries) {
      return new Case(stack, engine, Set.of(libraries));
    }

    @Override
    public String toString() {
      return stack + " on " + engine.label();
    }
  }

  /** The stacks and engines this module's stacks are checked on. */
  protected abstract List<Case> cases();

  /** One open stack per case, shared by the checks that need no special config; closed after all. */
  private final Map<Case, Stack> open = new HashMap<>();

  @AfterAll
  void closeStacks() throws Exception {
    for (Stack s : open.values()) {
      s.close();
    }
    open.clear();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void reportsItsEnginesAndVersions(Case c) {
    StackProvider p = TestStacks.provider(c.stack());
    assertFalse(p.description().isBlank(), c + ": description");
    assertTrue(p.engines().contains(c.engine()), c + ": engines " + p.engines());
    Map<String, String> versions = p.versions(c.engine());
    assertTrue(versions.keySet().containsAll(c.libraries()), c + ": versions " + versions + ", expected " + c.libraries());
    versions.forEach((library, version) -> assertTrue(VERSION.matcher(version).matches(),
        c + ": " + library + " has version '" + version + "'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void wrongPasswordFailsTheOpenClearlyWithoutThePassword(Case c) {
    assumeRunnable(c);
    StackConfig config = TestStacks.withPassword(TestStacks.config(c.engine(), 2, List.of(WORLD_BY_ID), Map.of()),
        WRONG_PASSWORD);
    Exception e = assertThrows(Exception.class, () -> TestStacks.provider(c.stack()).open(config).close());
    String expected = rejection(c.engine());
    assertTrue(chain(e).toLowerCase(Locale.ROOT).contains(expected.toLowerCase(Locale.ROOT)),
        () -> c + ": expected '" + expected + "' in:\n" + chain(e));
    assertFalse(chain(e).contains(WRONG_PASSWORD), () -> c + ": the password leaked:\n" + chain(e));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void anUnknownOptionIsRefusedNamingIt(Case c) {
    assumeRunnable(c);
    StackConfig config = TestStacks.config(c.engine(), 2, List.of(WORLD_BY_ID), Map.of("noSuchOption", "1"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> TestStacks.provider(c.stack()).open(config).close());
    assertTrue(e.getMessage().contains("noSuchOption"), c + ": " + e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void pointSelectsReturnTheDatasetsRows(Case c) throws Exception {
    Stack stack = stack(c);
    Verifier verifier = new Verifier(Workloads.byName("point-select", Map.of()));
    for (int i = 0; i < 50; i++) {
      int id = ThreadLocalRandom.current().nextInt(1, Workloads.WORLD_ROWS + 1);
      Operation op = new Operation(i, 0, List.of(new Statement(0, new Object[] {id})));
      OpResult r = run(stack, op);
      assertNull(verifier.check(op, r), c + ": id " + id);
      Object[] row = r.rows().get(0).get(0);
      assertEquals(List.of(id, DatasetRows.worldRandomNumber(id)),
          List.of(((Number) row[0]).intValue(), ((Number) row[1]).intValue()), c + ": the dataset's row " + id);
      OpResult reordered = run(stack, new Operation(i, 0, List.of(new Statement(2,
          new Object[] {id, DatasetRows.worldRandomNumber(id)}))));
      assertEquals(1, reordered.rows().get(0).size(), c + ": parameters bound by number, id " + id);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aDriverErrorFailsTheOperationNotTheStack(Case c) throws Exception {
    Stack stack = stack(c);
    for (int i = 0; i < 2 * TestStacks.POOL; i++) { // more than the pool: each failure gives its connection back
      CompletableFuture<OpResult> f = stack.execute(new Operation(i, 0, List.of(
          new Statement(0, new Object[] {1}), new Statement(1, new Object[] {1})))).toCompletableFuture();
      ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(TIMEOUT_S, TimeUnit.SECONDS));
      assertTrue(chain(e.getCause()).toLowerCase(Locale.ROOT).contains(NO_SUCH_TABLE),
          () -> c + ": the driver's error names the table:\n" + chain(e.getCause()));
    }
    int id = 42;
    OpResult after = run(stack, new Operation(99, 0, List.of(new Statement(0, new Object[] {id}))));
    assertEquals(id, ((Number) after.rows().get(0).get(0)[0]).intValue(), c + ": the stack still serves");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aTransactionCommitsOrRollsBackWhole(Case c) throws Exception {
    assumeRunnable(c);
    assumeTrue(TestStacks.provider(c.stack()).transactions(), c.stack() + " runs no transactions (and says so)");
    // a table of this run's own: no DDL dialect needed, and no clash with another case or JVM
    String table = "dbrace_tx_" + Integer.toHexString(ThreadLocalRandom.current().nextInt() & 0x7fffffff);
    List<String> sql = List.of(
        "CREATE TABLE " + table + " (a int, b varchar(20))",
        "INSERT INTO " + table + " (a, b) VALUES ($1, $2)",
        "UPDATE " + table + " SET b = $2 WHERE a = $1",
        "SELECT count(*) FROM " + table + " WHERE a = $1",
        "INSERT INTO " + NO_SUCH_TABLE + " (a) VALUES ($1)",
        "DROP TABLE " + table);
    try (Stack stack = TestStacks.provider(c.stack()).open(TestStacks.config(c.engine(), 2, sql, Map.of()))) {
      run(stack, new Operation(0, 0, List.of(new Statement(0, new Object[0]))));
      Object[] row = {7, "x"};
      OpResult committed = run(stack, new Operation(1, 0, List.of(new Statement(1, row), new Statement(1, row),
          new Statement(2, row)), true));
      // the update sets the value the rows already have: it reports the rows it matched, on every engine
      assertEquals(List.of(1L, 1L, 2L), List.of(committed.updateCounts()[0], committed.updateCounts()[1],
          committed.updateCounts()[2]), c + ": update counts");
      assertEquals(2, count(stack, 7), c + ": the committed rows");
      Object[] lost = {8, "y"};
      CompletableFuture<OpResult> failing = stack.execute(new Operation(2, 0, List.of(new Statement(1, lost),
          new Statement(4, new Object[] {8})), true)).toCompletableFuture();
      assertThrows(ExecutionException.class, () -> failing.get(TIMEOUT_S, TimeUnit.SECONDS), c.toString());
      assertEquals(0, count(stack, 8), c + ": the insert before the failed statement was rolled back");
      run(stack, new Operation(3, 0, List.of(new Statement(5, new Object[0]))));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aShortClosedLoopVerifiesEveryResult(Case c) throws Exception {
    Stack stack = stack(c);
    closedLoop(c, stack, Workloads.byName("point-select", Map.of()), 1_000, 2 * TestStacks.POOL);
    closedLoop(c, stack, Workloads.byName("queries-20", Map.of()), 50, TestStacks.POOL);
  }

  /**
   * Runs {@code executions} operations of {@code workload} through the runner's {@link ClosedLoop}
   * with {@code inFlight} users, and fails unless every one completed and verified. For a module's
   * own tests too (a stack option, more users than threads), so that no test hand-writes a loop.
   */
  public static void closedLoop(Object what, Stack stack, WorkloadSpec workload, long executions, int inFlight)
      throws InterruptedException {
    ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(workload, 1), new LoadModel.Closed(executions, 0,
        inFlight));
    loop.startMeasuring();
    loop.start();
    assertTrue(loop.await(120, TimeUnit.SECONDS), what + ": " + workload.name() + " still in flight");
    loop.finish();
    assertEquals(0, loop.measured().errors(), () -> what + ": " + workload.name() + " errors "
        + loop.measured().errorSamples());
    assertEquals(executions, loop.measured().ok(), what + ": " + workload.name() + " verified");
  }

  /** The shared stack of a case, opened on first use with the world select (sql 0), a bad one (1), {@link #REORDERED} (2). */
  private Stack stack(Case c) throws Exception {
    assumeRunnable(c);
    Stack s = open.get(c);
    if (s == null) {
      s = TestStacks.provider(c.stack()).open(TestStacks.config(c.engine(), List.of(WORLD_BY_ID, BAD_SQL, REORDERED), Map.of()));
      open.put(c, s);
    }
    return s;
  }

  private static void assumeRunnable(Case c) {
    String why = TestStacks.unavailable(c.engine());
    assumeTrue(why == null, why);
  }

  /** What each engine's server says to a wrong password, as its drivers pass it on. */
  private static String rejection(Engine engine) {
    return switch (engine) {
      case POSTGRESQL -> "password authentication failed";
      case MARIADB -> "Access denied";
      case FIREBIRD -> "user name and password are not defined";
    };
  }

  private static OpResult run(Stack stack, Operation op) throws Exception {
    return stack.execute(op).toCompletableFuture().get(TIMEOUT_S, TimeUnit.SECONDS);
  }

  private static long count(Stack stack, int a) throws Exception {
    return ((Number) run(stack, new Operation(0, 0, List.of(new Statement(3, new Object[] {a})))).rows().get(0).get(0)[0])
        .longValue();
  }

  /** Every exception of a chain, one a line: what a user could be shown. */
  private static String chain(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t).append('\n');
    }
    return all.toString();
  }
}
