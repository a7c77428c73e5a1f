package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.SingleSlotStack.Waiting;
import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadDriver;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.OpenLoop;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rate window and the cut-off: a stuck operation must not stretch the measured span (it once
 * divided a 10 s run's throughput by four), and it must show in the latency, not vanish from it.
 */
class MeasuredWindowTest {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());

  /** What WorkerMain does at the end: stop when issuing ended, give the in-flight operations the drain time, finish. */
  static void awaitEnd(LoadDriver loop, long drainMs) throws InterruptedException {
    while (!loop.issuingEnded()) {
      Thread.sleep(10);
    }
    loop.stop();
    loop.await(drainMs, TimeUnit.MILLISECONDS);
    loop.finish();
  }

  @Test
  void oneStuckOperationLeavesTheRateOfTheOthersAndShowsInTheLatency(@TempDir Path dir) throws Exception {
    // 2 ms a slot, 4 in flight: 500/s. One measured operation never completes.
    long stuck = ClosedLoop.SWITCH_GAP + 50;
    try (SingleSlotStack stack = new SingleSlotStack(2, Waiting.IN_STACK, index -> index == stuck);
        IntervalLog log = new IntervalLog(dir.resolve("l.hlog"), System.currentTimeMillis())) {
      ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(POINT, 1), new LoadModel.Closed(0, 1_000, 4));
      loop.startMeasuring();
      loop.start();
      awaitEnd(loop, 1_500);
      log.sample(loop.warmup(), loop.measured());

      var m = loop.measured();
      assertEquals(1, m.issued() - m.ok() - m.errors(), "one unfinished");
      assertEquals(1.0, loop.measuredSeconds(), 1e-9, "the rate window is the measured duration, not the drain");
      // 3 users at 500/s for most of the second once the 4th is stuck: the slot stays busy
      assertTrue(loop.throughputOpsS() > 400 && loop.throughputOpsS() < 520, "rate " + loop.throughputOpsS());
      Histogram h = log.measuredTotal();
      assertEquals(m.ok() + 1, h.getTotalCount(), "the unfinished operation is in the latency");
      assertTrue(h.getMaxValue() >= TimeUnit.MILLISECONDS.toNanos(1_400),
          "with at least its age at the cut-off: " + h.getMaxValue() / 1e6 + " ms");
    }
  }

  @Test
  void anExecutionCountRunEndsItsWindowAtTheLastCountedCompletion() throws Exception {
    long stuck = ClosedLoop.SWITCH_GAP + 10;
    try (SingleSlotStack stack = new SingleSlotStack(2, Waiting.IN_STACK, index -> index == stuck)) {
      ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(POINT, 1), new LoadModel.Closed(200, 0, 2));
      loop.startMeasuring();
      loop.start();
      assertFalse(loop.await(1_500, TimeUnit.MILLISECONDS));
      loop.finish();
      // 199 completions through one 2 ms slot: about 0.4 s, not the 1.5 s until the cut-off
      assertEquals(199, loop.measured().ok());
      assertTrue(loop.measuredSeconds() > 0.3 && loop.measuredSeconds() < 0.7, "window " + loop.measuredSeconds());
      assertEquals(199 / loop.measuredSeconds(), loop.throughputOpsS(), 1e-6);
    }
  }

  /**
   * At a low rate the last arrival comes one gap before the window's end: the schedule ending there is not a stop. At
   * 2/s over 2 s, a window taken as stopped at the last arrival would read 4 operations in 1.5 s, 2.7/s offered 2.
   */
  @Test
  void anOpenLoopsWindowEndsAtItsEndNotAtItsLastArrival() throws Exception {
    try (SingleSlotStack stack = new SingleSlotStack(1, Waiting.IN_STACK)) {
      OpenLoop loop = new OpenLoop(stack, new OperationSequence(POINT, 1), new LoadModel.Open(2, 2_000, 10, "constant"), 7);
      loop.startMeasuring();
      long start = System.nanoTime();
      loop.start();
      awaitEnd(loop, 1_000);
      assertEquals(4, loop.measured().ok(), "arrivals at 0, 0.5, 1 and 1.5 s");
      assertEquals(2.0, loop.measuredSeconds(), 1e-9, "the window is the asked duration");
      assertEquals(2.0, loop.throughputOpsS(), 1e-9);
      assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(2_000), "issuing ended at the window's end");
    }
  }

  @Test
  void openLoopUnfinishedOperationsEnterTheLatencyFromTheirIntendedStart(@TempDir Path dir) throws Exception {
    try (SingleSlotStack stack = new SingleSlotStack(1, Waiting.IN_STACK, index -> index % 25 == 0);
        IntervalLog log = new IntervalLog(dir.resolve("l.hlog"), System.currentTimeMillis())) {
      OpenLoop loop = new OpenLoop(stack, new OperationSequence(POINT, 1), new LoadModel.Open(500, 400, 1_000, "constant"), 7);
      loop.startMeasuring();
      loop.start();
      assertFalse(loop.await(1_500, TimeUnit.MILLISECONDS), "hung operations keep the loop from draining");
      loop.finish();
      log.sample(loop.warmup(), loop.measured());

      var m = loop.measured();
      assertEquals(8, m.issued() - m.ok() - m.errors());
      assertEquals(0.4, loop.measuredSeconds(), 1e-9);
      Histogram h = log.measuredTotal();
      assertEquals(200, h.getTotalCount(), "192 completed and 8 unfinished");
      // the last stuck arrival was due at 0.35 s, the cut-off came after 1.5 s
      assertTrue(h.getValueAtPercentile(96.5) >= TimeUnit.MILLISECONDS.toNanos(1_100),
          "the 8 worst are the unfinished: " + h.getValueAtPercentile(96.5) / 1e6 + " ms");
    }
  }

  /** A stack that holds one operation issued early in a short measured run of {@code model} ("closed" or "open"). */
  private static HoldingStack holdingAMeasuredOperation(String model) {
    return new HoldingStack(model.equals("closed") ? ClosedLoop.SWITCH_GAP + 10 : 10);
  }

  /** That short run (300 ms), measuring from its first operation, started. */
  private static LoadDriver started(String model, HoldingStack stack) {
    LoadModel load = model.equals("closed") ? new LoadModel.Closed(0, 300, 2) : new LoadModel.Open(500, 300, 100, "constant");
    LoadDriver loop = LoadDriver.create(stack, new OperationSequence(POINT, 1), load, 7);
    loop.startMeasuring();
    loop.start();
    return loop;
  }

  /**
   * An operation counted unfinished at the cut-off that completes right after it (before the last interval is read)
   * is counted once, as unfinished: the completion and the cut-off both claim it and one wins. Without the claim it
   * would be counted verified too, and in the latency twice, with its age and with its latency.
   */
  @ParameterizedTest
  @ValueSource(strings = {"closed", "open"})
  void anOperationThatCompletesRightAfterTheCutOffIsCountedOnce(String model, @TempDir Path dir) throws Exception {
    HoldingStack stack = holdingAMeasuredOperation(model);
    try (IntervalLog log = new IntervalLog(dir.resolve("l.hlog"), System.currentTimeMillis())) {
      LoadDriver loop = started(model, stack);
      awaitEnd(loop, 200); // the cut-off: the held operation is unfinished
      stack.release(); // and completes now, on this thread
      log.sample(loop.warmup(), loop.measured());

      var m = loop.measured();
      assertTrue(m.ok() > 50, "operations completed: " + m.ok());
      assertEquals(0, m.errors());
      assertEquals(1, m.issued() - m.ok() - m.errors(), "the held operation is unfinished, not verified");
      assertEquals(1, m.unfinished(), "counted unfinished by the cut-off");
      assertEquals(m.issued(), log.measuredTotal().getTotalCount(), "every issued operation once in the latency");
    }
  }

  /**
   * The other way round: the completion claims the operation a moment before the cut-off and is still recording it
   * (here, checking its rows) when the cut-off comes. The cut-off waits for it, so the counts read after it hold the
   * operation, verified; read at once, they would miss it (neither verified nor unfinished yet).
   */
  @ParameterizedTest
  @ValueSource(strings = {"closed", "open"})
  void anOperationWhoseCompletionClaimedItFirstIsRecordedBeforeTheCutOffReturns(String model) throws Exception {
    HoldingStack stack = holdingAMeasuredOperation(model);
    LoadDriver loop = started(model, stack);
    while (!loop.issuingEnded()) {
      Thread.sleep(10);
    }
    loop.stop();
    CountDownLatch reading = new CountDownLatch(1);
    CountDownLatch go = new CountDownLatch(1);
    stack.releaseHeldInTheCheck(reading, go);
    assertTrue(reading.await(5, TimeUnit.SECONDS), "the completion is checking the held operation's rows");
    Thread.ofPlatform().start(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      go.countDown();
    });
    assertFalse(loop.await(100, TimeUnit.MILLISECONDS), "not drained: the held operation is being recorded");
    loop.finish(); // the cut-off, while the completion that claimed the operation still records it
    var m = loop.measured();
    long unfinished = m.unfinished();
    assertEquals(m.issued(), m.ok() + m.errors() + unfinished, "ops + errors + unfinished = issued, read right after");
    assertEquals(0, unfinished, "its completion claimed it first");
  }

  @Test
  void failuresAreKeptOutOfTheLatencyOfSuccesses(@TempDir Path dir) throws Exception {
    Stack failsFast = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        if (op.index() % 2 == 0) {
          return CompletableFuture.failedFuture(new IllegalStateException("refused"));
        }
        return CompletableFuture.supplyAsync(() -> WorldRows.answer(op),
            CompletableFuture.delayedExecutor(2, TimeUnit.MILLISECONDS));
      }

      public void close() {}
    };
    try (IntervalLog log = new IntervalLog(dir.resolve("l.hlog"), System.currentTimeMillis())) {
      ClosedLoop loop = new ClosedLoop(failsFast, new OperationSequence(POINT, 1), new LoadModel.Closed(400, 0, 2));
      loop.startMeasuring();
      loop.start();
      assertTrue(loop.await(10, TimeUnit.SECONDS));
      loop.finish();
      log.sample(loop.warmup(), loop.measured());
      assertEquals(200, loop.measured().errors());
      Histogram ok = log.measuredTotal();
      assertEquals(200, ok.getTotalCount(), "only the successes");
      assertTrue(ok.getValueAtPercentile(1) >= TimeUnit.MILLISECONDS.toNanos(2), "no fast failure among them");
      assertEquals(200, loop.measured().errorLatency().getTotalCount(), "the failures have their own histogram");
    }
  }
}
