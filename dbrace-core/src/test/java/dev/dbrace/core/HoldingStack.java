package dev.dbrace.core;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import java.util.AbstractList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * An in-memory stack that answers every operation 1 ms later on a timer thread, as the world table would, except the
 * one operation (by index) it holds until the test releases it: an operation stuck in the database, as behind a lock.
 */
final class HoldingStack implements Stack {
  private final long held;
  private final CompletableFuture<OpResult> heldResult = new CompletableFuture<>();
  private volatile Operation heldOp;

  HoldingStack(long held) {
    this.held = held;
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    if (op.index() == held) {
      heldOp = op;
      return heldResult;
    }
    return CompletableFuture.supplyAsync(() -> WorldRows.answer(op), CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS));
  }

  /** Whether the held operation has been issued. */
  boolean holding() {
    return heldOp != null;
  }

  /** Completes the held operation with its right answer, on the calling thread. */
  void release() {
    heldResult.complete(WorldRows.answer(heldOp));
  }

  /**
   * Completes the held operation on a thread of its own with its right answer, whose rows, when the load generator
   * first reads them to check them, count {@code reading} down and wait for {@code go}: a completion held up in the
   * middle of being recorded.
   */
  void releaseHeldInTheCheck(CountDownLatch reading, CountDownLatch go) {
    List<List<Object[]>> rows = WorldRows.answer(heldOp).rows();
    List<List<Object[]>> slow = new AbstractList<>() {
      private boolean waited;

      @Override
      public List<Object[]> get(int i) {
        waitOnce();
        return rows.get(i);
      }

      @Override
      public int size() {
        waitOnce();
        return rows.size();
      }

      private synchronized void waitOnce() {
        if (!waited) {
          waited = true;
          reading.countDown();
          try {
            go.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      }
    };
    // built without reading the rows (ofRows would count them here, before the completion)
    OpResult answer = new OpResult(slow, new long[rows.size()], rows.size(), 0, 0);
    Thread.ofPlatform().start(() -> heldResult.complete(answer));
  }

  @Override
  public void close() {}
}
