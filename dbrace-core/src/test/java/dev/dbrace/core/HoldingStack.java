package dev.dbrace.core;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
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

  @Override
  public void close() {}
}
