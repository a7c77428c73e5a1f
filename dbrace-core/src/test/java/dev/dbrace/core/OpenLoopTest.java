package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.SingleSlotStack.Waiting;
import dev.dbrace.core.load.ArrivalSchedule;
import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.OpenLoop;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The open loop against a one-slot in-memory server of known capacity, below and above it. The
 * figures that matter: latency from the intended start, service latency beside it, arrivals
 * never silently lost, and a reproducible schedule.
 */
class OpenLoopTest {
  private static final WorkloadSpec POINT = Workloads.byName("point-select", Map.of());
  private static final long MS = 1_000_000;

  /** Where the loop's scheduler runs: a thread of its own, or the stack's executor ({@link Stack#arrivalExecutor}). */
  enum Scheduler { OWN_THREAD, STACK_EXECUTOR }

  private final ScheduledExecutorService arrivals = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "test-arrivals");
    t.setDaemon(true);
    return t;
  });
  /** Operations a stack naming its executor was handed on another thread: none, by the contract. */
  private final AtomicInteger offExecutor = new AtomicInteger();

  @AfterEach
  void stopArrivals() {
    arrivals.shutdownNow();
    assertEquals(0, offExecutor.get(), "a stack naming its executor is called on it");
  }

  /** The stack, or the stack naming a one-thread executor of the test's for its arrivals. */
  private Stack on(Scheduler where, Stack stack) {
    if (where == Scheduler.OWN_THREAD) {
      return stack;
    }
    return new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        if (!Thread.currentThread().getName().equals("test-arrivals")) {
          offExecutor.incrementAndGet();
        }
        return stack.execute(op);
      }

      public ScheduledExecutorService arrivalExecutor() {
        return arrivals;
      }

      public void close() throws Exception {
        stack.close();
      }
    };
  }

  private static OpenLoop openLoop(Stack stack, double rate, long durationMs, int maxInFlight, String arrival) {
    return new OpenLoop(stack, new OperationSequence(POINT, 1),
        new LoadModel.Open(rate, durationMs, maxInFlight, arrival), 7);
  }

  /** Measures from the first arrival and waits for the schedule to end and every operation to complete. */
  private static void runToEnd(OpenLoop loop) throws InterruptedException {
    loop.startMeasuring();
    loop.start();
    assertTrue(loop.await(10, TimeUnit.SECONDS), "loop finished");
    loop.finish();
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void belowCapacityLatencyIsTheServiceTimeAndEveryArrivalIsSent(Scheduler where) throws Exception {
    // 100/s against a 5 ms slot (capacity 200/s): no queue builds, so latency ≈ service time.
    try (SingleSlotStack stack = new SingleSlotStack(5, Waiting.IN_STACK)) {
      OpenLoop loop = openLoop(on(where, stack), 100, 1_000, 50, "constant");
      loop.start();
      Thread.sleep(250); // warm-up at the same rate
      loop.startMeasuring();
      assertTrue(loop.await(10, TimeUnit.SECONDS));
      loop.finish();

      assertEquals(100, loop.measured().issued(), "one arrival every 10 ms for 1 s");
      assertEquals(100, loop.measured().ok());
      assertEquals(0, loop.measured().notIssued());
      assertTrue(loop.warmup().issued() >= 15, "warm-up ran at the same rate: " + loop.warmup().issued());
      Histogram service = loop.serviceLatency();
      assertEquals(100, service.getTotalCount(), "service latency of measured operations only");
      double p50 = ms(service.getValueAtPercentile(50));
      assertTrue(p50 >= 4.9 && p50 < 10, "service p50 ≈ 5 ms: " + p50);
      assertTrue(loop.measuredSeconds() >= 0.99 && loop.measuredSeconds() < 2, "measured " + loop.measuredSeconds());
    }
  }

  /**
   * Service latency describes the same operations as latency's verified ones: a failure, which answers at once here,
   * is in the error latency only, or the service time of a stack that fails half its operations looked twice as fast.
   */
  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void serviceLatencyHoldsTheVerifiedOperationsOnly(Scheduler where) throws Exception {
    Stack failsEvenOnes = new Stack() {
      public CompletionStage<OpResult> execute(Operation op) {
        return op.index() % 2 == 0 ? CompletableFuture.failedFuture(new IllegalStateException("refused"))
            : CompletableFuture.supplyAsync(() -> WorldRows.answer(op), CompletableFuture.delayedExecutor(5, TimeUnit.MILLISECONDS));
      }

      public void close() {}
    };
    OpenLoop loop = openLoop(on(where, failsEvenOnes), 200, 500, 1_000, "constant");
    runToEnd(loop);
    var m = loop.measured();
    assertEquals(50, m.ok());
    assertEquals(50, m.errors());
    Histogram service = loop.serviceLatency();
    assertEquals(m.ok(), service.getTotalCount(), "the verified operations, not the failures");
    assertTrue(service.getValueAtPercentile(1) >= 5 * MS, "no instant failure among them: " + service.getValueAtPercentile(1) / 1e6);
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void aSpikeAddsItsArrivalsInItsWindowFromTheStartOfMeasurement(Scheduler where, @TempDir Path dir) throws Exception {
    // 100/s for 1.5 s, 500/s from 0.5 s to 1 s of the measured phase, after 300 ms of warm-up without a spike
    var load = new LoadModel.Open(100, 1_500, 1_000, "constant", List.of(new LoadModel.Spike(500, 500, 500)));
    try (SingleSlotStack stack = new SingleSlotStack(0, Waiting.IN_STACK)) {
      OpenLoop loop = new OpenLoop(on(where, stack), new OperationSequence(POINT, 1), load, 7);
      loop.start();
      Thread.sleep(300);
      long warmupBefore = loop.warmup().issued();
      loop.startMeasuring();
      long measureStart = System.nanoTime();
      assertTrue(loop.await(10, TimeUnit.SECONDS));
      loop.finish();
      // base: 150 arrivals in 1.5 s; the spike's extra 400/s for 0.5 s: 200 more
      long due = loop.measured().issued() + loop.measured().notIssued();
      assertTrue(Math.abs(due - 350) <= 2, "150 + 200 arrivals: " + due);
      assertTrue(warmupBefore >= 20 && warmupBefore <= 35, "warm-up at the base rate, no spike in it: " + warmupBefore);
      assertTrue(System.nanoTime() - measureStart >= 1_400 * MS, "the schedule ran its 1.5 s");
    }
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void aboveCapacityLatencyFromIntendedStartShowsTheQueueThatServiceTimeHides(Scheduler where, @TempDir Path dir) throws Exception {
    // 1000/s against a 2 ms slot that holds up its caller (capacity 500/s): the generator is
    // stalled in execute, so operations go out ever later (and never more than one in flight). Timing from the send would report
    // ~2 ms throughout; timing from the intended start must show the backlog growing.
    try (SingleSlotStack stack = new SingleSlotStack(2, Waiting.CALLER);
        IntervalLog log = new IntervalLog(dir.resolve("run.hlog"), System.currentTimeMillis())) {
      OpenLoop loop = openLoop(on(where, stack), 1_000, 600, 10_000, "constant");
      loop.startMeasuring();
      loop.start();
      Thread.sleep(400);
      log.sample(loop.warmup(), loop.measured());
      Histogram early = log.measuredTotal().copy();
      assertTrue(loop.await(10, TimeUnit.SECONDS));
      loop.finish();
      log.sample(loop.warmup(), loop.measured());
      Histogram late = log.measuredTotal().copy();
      late.subtract(early);

      assertEquals(600, loop.measured().ok());
      assertEquals(0, loop.measured().notIssued(), "the in-flight limit was never reached");
      Histogram service = loop.serviceLatency();
      double serviceP50 = ms(service.getValueAtPercentile(50));
      double latencyP99 = ms(log.measuredTotal().getValueAtPercentile(99));
      assertTrue(serviceP50 >= 1.9 && serviceP50 < 4, "service latency stays ≈ 2 ms: " + serviceP50);
      assertTrue(latencyP99 > 100, "p99 from intended start ≫ service time: " + latencyP99 + " ms");
      double earlyP50 = ms(early.getValueAtPercentile(50));
      double lateP50 = ms(late.getValueAtPercentile(50));
      assertTrue(early.getTotalCount() > 50 && late.getTotalCount() > 50, "both halves measured");
      assertTrue(lateP50 > 2 * earlyP50, "latency grows over the run: early " + earlyP50 + " ms, late " + lateP50);
      assertTrue(ms(loop.issueLateness().getValueAtPercentile(90)) > 50, "the held-up generator issued late");
    }
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void arrivalsBeyondTheInFlightLimitAreCountedAsNotIssued(Scheduler where) throws Exception {
    // 1000/s against a 2 ms slot queueing inside the stack, at most 4 in flight: about half the
    // arrivals find the limit reached.
    try (SingleSlotStack stack = new SingleSlotStack(2, Waiting.IN_STACK)) {
      OpenLoop loop = openLoop(on(where, stack), 1_000, 500, 4, "constant");
      runToEnd(loop);

      var m = loop.measured();
      assertTrue(m.notIssued() > 100, "not issued: " + m.notIssued());
      assertEquals(500, m.issued() + m.notIssued(), "every arrival is either sent or counted");
      assertEquals(stack.executed.get(), m.issued(), "issued = what the stack received");
      assertEquals(m.issued(), m.ok() + m.errors(), "all issued completed after the drain");
      assertTrue(stack.maxOutstanding.get() <= 4, "in flight never above the limit: " + stack.maxOutstanding.get());
    }
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void operationsStillInFlightAfterTheDrainAreUnfinished(Scheduler where) throws Exception {
    try (SingleSlotStack stack = new SingleSlotStack(1, Waiting.IN_STACK, index -> index % 25 == 0)) {
      OpenLoop loop = openLoop(on(where, stack), 500, 400, 1_000, "constant");
      loop.startMeasuring();
      loop.start();
      assertFalse(loop.await(1_500, TimeUnit.MILLISECONDS), "hung operations keep the loop from draining");
      loop.finish();

      var m = loop.measured();
      assertEquals(200, m.issued());
      assertEquals(8, stack.hung.get());
      assertEquals(stack.hung.get(), m.issued() - m.ok() - m.errors(), "ops + errors + unfinished = issued");
    }
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void arrivalsDueWhenStoppedAreNotIssuedNotDropped(Scheduler where) throws Exception {
    // The slot holds up the generator (5 ms each at 1000/s), so at the stop most due arrivals
    // were never sent; they must be counted.
    try (SingleSlotStack stack = new SingleSlotStack(5, Waiting.CALLER)) {
      OpenLoop loop = openLoop(on(where, stack), 1_000, 5_000, 10_000, "constant");
      loop.startMeasuring();
      loop.start();
      Thread.sleep(300);
      long stopAtMs = Math.round(loop.measuredSeconds() * 1000);
      loop.stop();
      assertTrue(loop.issuingEnded());
      assertTrue(loop.await(5, TimeUnit.SECONDS));
      loop.finish();

      var m = loop.measured();
      long due = m.issued() + m.notIssued();
      assertTrue(m.notIssued() > m.issued(), "issued " + m.issued() + ", not issued " + m.notIssued());
      assertTrue(due >= stopAtMs && due <= stopAtMs + 5, due + " arrivals accounted for, ~" + stopAtMs + " were due");
      assertEquals(m.issued(), m.ok());
    }
  }

  @Test
  void poissonGapsAverageOneOverTheRateAndRepeatWithTheSeed() {
    double rate = 1_000;
    ArrivalSchedule s = new ArrivalSchedule.Poisson(rate, 42);
    int n = 100_000;
    assertEquals(0, s.nextOffsetNanos(), "first arrival at the start");
    long previous = 0;
    double sum = 0;
    double sumSquares = 0;
    for (int i = 0; i < n; i++) {
      long offset = s.nextOffsetNanos();
      double gap = offset - previous;
      assertTrue(gap >= 0);
      sum += gap;
      sumSquares += gap * gap;
      previous = offset;
    }
    double mean = sum / n;
    double cv = Math.sqrt(sumSquares / n - mean * mean) / mean;
    assertEquals(1e6, mean, 1e6 * 0.02, "mean gap ≈ 1 ms");
    assertEquals(1.0, cv, 0.03, "exponential gaps: standard deviation ≈ mean");

    assertArrayEquals(offsets(new ArrivalSchedule.Poisson(rate, 42), 1_000),
        offsets(new ArrivalSchedule.Poisson(rate, 42), 1_000), "same seed, same arrivals");
    assertNotEquals(offsets(new ArrivalSchedule.Poisson(rate, 42), 1_000)[999],
        offsets(new ArrivalSchedule.Poisson(rate, 43), 1_000)[999], "another seed, other arrivals");
    assertArrayEquals(new long[] {0, 333_333, 666_667, 1_000_000},
        offsets(new ArrivalSchedule.Constant(3_000), 4), "constant: round(k / rate), no drift");
  }

  @ParameterizedTest
  @EnumSource(Scheduler.class)
  void poissonLoadOffersTheRateAndTheSameArrivalsOnEveryRun(Scheduler where) throws Exception {
    long[] arrivals = new long[2];
    for (int run = 0; run < 2; run++) {
      try (SingleSlotStack stack = new SingleSlotStack(0, Waiting.IN_STACK)) {
        OpenLoop loop = openLoop(on(where, stack), 2_000, 500, 10_000, "poisson");
        runToEnd(loop);
        arrivals[run] = loop.measured().issued() + loop.measured().notIssued();
        assertEquals(loop.measured().issued(), loop.measured().ok());
      }
    }
    assertEquals(1_000, arrivals[0], 150, "≈ rate × duration (a Poisson count: sd ≈ 32)");
    assertEquals(arrivals[0], arrivals[1], "the seed fixes the schedule");
  }

  private static long[] offsets(ArrivalSchedule s, int n) {
    long[] out = new long[n];
    for (int i = 0; i < n; i++) {
      out[i] = s.nextOffsetNanos();
    }
    return out;
  }
}
