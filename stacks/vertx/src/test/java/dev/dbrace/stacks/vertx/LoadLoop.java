package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * A minimal closed loop for the stack tests: {@code inFlight} users, each issuing its next
 * operation from the thread on which the previous one completed (a trampoline, as dbrace's
 * ClosedLoop does). Every operation is {@code statementsPerOp} point selects on sql id 0 with
 * random ids; each row's id must equal its parameter.
 */
final class LoadLoop {
  static final int WORLD_ROWS = 10_000;

  /** Whether this thread has been recorded in {@link #completionThreads}. */
  private final ThreadLocal<Boolean> seen = ThreadLocal.withInitial(() -> false);

  private final Stack stack;
  private final int statementsPerOp;
  private final long maxOps;
  private final AtomicLong nextIndex = new AtomicLong();
  private final LongAdder ok = new LongAdder();
  private final LongAdder failed = new LongAdder();
  private final LongAdder wrong = new LongAdder();
  private final AtomicReference<Throwable> firstError = new AtomicReference<>();
  private final AtomicReference<String> firstWrong = new AtomicReference<>();
  private final Set<String> completionThreads = ConcurrentHashMap.newKeySet();
  /** Operations issued from the thread that called {@link #run}, not from a completion. */
  private final LongAdder issuedByCaller = new LongAdder();
  private volatile Thread caller;
  private CountDownLatch usersDone;
  private long startNanos;
  private volatile long endNanos;

  /** Runs until {@code maxOps} operations were issued. */
  LoadLoop(Stack stack, int statementsPerOp, long maxOps) {
    this.stack = stack;
    this.statementsPerOp = statementsPerOp;
    this.maxOps = maxOps;
  }

  LoadLoop run(int inFlight, long timeoutSeconds) throws InterruptedException {
    usersDone = new CountDownLatch(inFlight);
    caller = Thread.currentThread();
    startNanos = System.nanoTime();
    for (int i = 0; i < inFlight; i++) {
      issue();
    }
    if (!usersDone.await(timeoutSeconds, TimeUnit.SECONDS)) {
      throw new AssertionError("operations still in flight after " + timeoutSeconds + " s: ok=" + ok.sum()
          + " failed=" + failed.sum());
    }
    endNanos = System.nanoTime();
    return this;
  }

  private void issue() {
    while (true) {
      long index = nextIndex.getAndIncrement();
      if (index >= maxOps) {
        usersDone.countDown();
        return;
      }
      Operation op = operation(index);
      if (Thread.currentThread() == caller) {
        issuedByCaller.increment();
      }
      CompletableFuture<OpResult> f;
      try {
        f = stack.execute(op).toCompletableFuture();
      } catch (RuntimeException e) {
        f = CompletableFuture.failedFuture(e);
      }
      if (!f.isDone()) {
        f.whenComplete((r, e) -> {
          if (!seen.get()) {
            seen.set(true);
            completionThreads.add(Thread.currentThread().getName().replaceAll("\\d+$", "N"));
          }
          record(op, r, e);
          issue();
        });
        return;
      }
      OpResult r = null;
      Throwable e = null;
      try {
        r = f.join();
      } catch (RuntimeException ex) {
        e = ex.getCause() != null ? ex.getCause() : ex;
      }
      record(op, r, e);
    }
  }

  private Operation operation(long index) {
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    List<Statement> statements = new ArrayList<>(statementsPerOp);
    for (int i = 0; i < statementsPerOp; i++) {
      statements.add(new Statement(0, new Object[] {rnd.nextInt(1, WORLD_ROWS + 1)}));
    }
    return new Operation(index, statementsPerOp == 1 ? 0 : 1, List.copyOf(statements));
  }

  private void record(Operation op, OpResult r, Throwable e) {
    if (e != null) {
      failed.increment();
      firstError.compareAndSet(null, e);
      return;
    }
    String problem = check(op, r);
    if (problem != null) {
      wrong.increment();
      firstWrong.compareAndSet(null, problem);
    } else {
      ok.increment();
    }
  }

  private static String check(Operation op, OpResult r) {
    if (r == null || r.rows() == null || r.rows().size() != op.statements().size()) {
      return "op " + op.index() + ": wrong number of statement results";
    }
    for (int i = 0; i < op.statements().size(); i++) {
      List<Object[]> rows = r.rows().get(i);
      Object id = op.statements().get(i).params()[0];
      if (rows.size() != 1) {
        return "op " + op.index() + " statement " + i + ": " + rows.size() + " rows";
      }
      Object[] row = rows.get(0);
      if (row.length != 2 || !id.equals(row[0]) || !(row[1] instanceof Integer n) || n < 1 || n > 10_000) {
        return "op " + op.index() + " statement " + i + ": id " + id + " gave row " + java.util.Arrays.toString(row);
      }
    }
    return null;
  }

  long ok() {
    return ok.sum();
  }

  long failed() {
    return failed.sum();
  }

  long wrong() {
    return wrong.sum();
  }

  Throwable firstError() {
    return firstError.get();
  }

  String firstWrong() {
    return firstWrong.get();
  }

  /**
   * Operations issued from the calling thread: the first {@code inFlight}, plus any issued after an
   * operation that had already completed when the caller looked (a fast answer), which the caller
   * then follows with the next one itself.
   */
  long issuedByCaller() {
    return issuedByCaller.sum();
  }

  Set<String> completionThreads() {
    return completionThreads;
  }

  double seconds() {
    return (endNanos - startNanos) / 1e9;
  }

  double opsPerSecond() {
    return (ok.sum() + failed.sum() + wrong.sum()) / seconds();
  }
}
