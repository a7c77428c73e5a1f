package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The load generator's own bookkeeping, driven by in-memory stacks that answer like the world
 * table would (the database itself is exercised by the race tests in dbrace-cli).
 */
class ClosedLoopTest {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());

  private static ClosedLoop runToEnd(Stack stack, LoadModel.Closed model) throws InterruptedException {
    ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(POINT, 1), model);
    loop.startMeasuring();
    loop.start();
    assertTrue(loop.await(30, TimeUnit.SECONDS), "loop finished");
    loop.finish();
    return loop;
  }

  /** Warms up for {@code warmupMs}, measures to the end, then stops the stack's pool. */
  private static void warmThenMeasure(ClosedLoop loop, long warmupMs, ExecutorService pool) throws InterruptedException {
    loop.start();
    Thread.sleep(warmupMs);
    loop.startMeasuring();
    assertTrue(loop.await(30, TimeUnit.SECONDS), "loop finished");
    loop.finish();
    pool.shutdown();
  }

  @Test
  void synchronousStackDoesNotOverflowTheStack() throws InterruptedException {
    Stack sync = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        return CompletableFuture.completedFuture(WorldRows.answer(op, false));
      }

      public void close() {}
    };
    ClosedLoop loop = runToEnd(sync, new LoadModel.Closed(200_000, 0, 4));
    assertEquals(200_000, loop.measured().issued());
    assertEquals(200_000, loop.measured().ok());
    assertEquals(200_000, loop.measured().statements());
  }

  @Test
  void asynchronousStackKeepsTheInFlightLimitAndCountsWrongResults() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger maxInFlight = new AtomicInteger();
    Stack async = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        return CompletableFuture.supplyAsync(() -> {
          inFlight.decrementAndGet();
          return WorldRows.answer(op, true);
        }, pool);
      }

      public void close() {}
    };
    ClosedLoop loop = runToEnd(async, new LoadModel.Closed(20_000, 0, 5));
    pool.shutdown();
    assertTrue(maxInFlight.get() <= 5, "never more than the concurrency in flight: " + maxInFlight.get());
    assertEquals(20_000, loop.measured().issued());
    assertEquals(2_000, loop.measured().errors(), "every 10th answer was wrong");
    assertEquals(18_000, loop.measured().ok());
    assertTrue(loop.measured().errorKinds().keySet().iterator().next().startsWith("wrong result"));
  }

  @Test
  void driverExceptionsAreErrorsByKind() throws InterruptedException {
    Stack failing = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        return op.index() % 2 == 0
            ? CompletableFuture.failedFuture(new IllegalStateException("connection " + op.index() + " reset"))
            : CompletableFuture.completedFuture(WorldRows.answer(op, false));
      }

      public void close() {}
    };
    ClosedLoop loop = runToEnd(failing, new LoadModel.Closed(1_000, 0, 3));
    assertEquals(500, loop.measured().errors());
    assertEquals(Map.of("other: IllegalStateException: connection N reset", 500L), loop.measured().errorKinds());
  }

  /** Answers on a pool thread, like a driver's event loop. */
  private static Stack onPool(ExecutorService pool) {
    return new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        return CompletableFuture.supplyAsync(() -> WorldRows.answer(op, false), pool);
      }

      public void close() {}
    };
  }

  @Test
  void warmupThenExecutionsCountsEachOperationInOnePhase() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    ClosedLoop loop = new ClosedLoop(onPool(pool), new OperationSequence(POINT, 1), new LoadModel.Closed(5_000, 0, 4));
    warmThenMeasure(loop, 200, pool);
    assertTrue(loop.warmup().issued() > 0, "warm-up ran");
    assertEquals(loop.warmup().issued(), loop.warmup().ok());
    // Operations issued in the instant of the switch may still count as warm-up (at most one per user).
    long measured = loop.measured().issued();
    assertTrue(measured >= 5_000 - 4 && measured <= 5_000, "measured " + measured);
    assertEquals(measured, loop.measured().ok());
  }

  @Test
  void measuredDurationStartsWithMeasurementNotWithWarmup() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    ClosedLoop loop = new ClosedLoop(onPool(pool), new OperationSequence(POINT, 1), new LoadModel.Closed(0, 300, 4));
    warmThenMeasure(loop, 500, pool); // longer than the measured duration: must not end measurement at once
    assertTrue(loop.measuredSeconds() >= 0.3 && loop.measuredSeconds() < 5, "measured " + loop.measuredSeconds() + " s");
    assertTrue(loop.measured().ok() > 0, "measured operations");
    assertEquals(loop.measured().issued(), loop.measured().ok());
    assertEquals(loop.warmup().issued(), loop.warmup().ok());
  }

  /**
   * Users claim operation indices in blocks while no execution count bounds the run: across users completing on
   * several threads, through the switch from warm-up to measuring, no index is issued twice, and the measured phase
   * counts exactly the operations issued at or past its first index.
   */
  @Test
  void blocksOfIndicesNeverIssueAnIndexTwiceAndSplitThePhasesByIndex() throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    Set<Long> seen = ConcurrentHashMap.newKeySet();
    AtomicInteger repeats = new AtomicInteger();
    Stack async = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        if (!seen.add(op.index())) {
          repeats.incrementAndGet();
        }
        return CompletableFuture.supplyAsync(() -> WorldRows.answer(op, false), pool);
      }

      public void close() {}
    };
    ClosedLoop loop = new ClosedLoop(async, new OperationSequence(POINT, 1), new LoadModel.Closed(0, 300, 16));
    warmThenMeasure(loop, 200, pool);
    long from = seen.stream().filter(i -> i >= ClosedLoop.SWITCH_GAP).min(Long::compare).orElseThrow();
    long measured = seen.stream().filter(i -> i >= from).count();
    assertEquals(0, repeats.get(), "an index issued twice");
    assertTrue(loop.warmup().issued() > 1_000 && loop.measured().issued() > 1_000,
        "both phases ran: " + loop.warmup().issued() + " / " + loop.measured().issued());
    assertEquals(measured, loop.measured().issued(), "the measured phase is the operations at or past its first index");
    assertEquals(seen.size(), loop.warmup().issued() + loop.measured().issued());
    // the users' own counts, written on three threads, add up to what the stack saw: every operation verified once
    for (var phase : List.of(loop.warmup(), loop.measured())) {
      assertEquals(phase.issued(), phase.ok(), "every issued operation verified");
      assertEquals(phase.ok(), phase.statements(), "one statement each");
    }
    double inWindow = loop.throughputOpsS() * loop.measuredSeconds();
    assertTrue(inWindow > 0 && inWindow <= loop.warmup().ok() + loop.measured().ok() + 0.5,
        "the rate window counts completions inside it, no more than completed: " + inWindow);
  }
}
