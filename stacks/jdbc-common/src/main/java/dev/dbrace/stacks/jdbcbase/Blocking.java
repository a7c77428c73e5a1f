package dev.dbrace.stacks.jdbcbase;

import dev.dbrace.core.spi.OpResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/** How a blocking stack turns its work into a completion: the work runs on the stack's executor. */
public final class Blocking {
  /** One operation's blocking work; it returns only after its connection is back in the pool. */
  @FunctionalInterface
  public interface Work {
    OpResult run() throws Exception;
  }

  private Blocking() {}

  /**
   * Runs {@code work} on {@code executor}. The completion carries the driver's exception as it was
   * thrown, not wrapped, for the worker to report by class; a task the executor rejects completes
   * exceptionally too, never throws into the load generator.
   */
  public static CompletionStage<OpResult> on(Executor executor, Work work) {
    CompletableFuture<OpResult> result = new CompletableFuture<>();
    try {
      executor.execute(() -> {
        OpResult done;
        try {
          done = work.run();
        } catch (Throwable e) {
          result.completeExceptionally(e);
          return;
        }
        result.complete(done);
      });
    } catch (RejectedExecutionException e) {
      result.completeExceptionally(e);
    }
    return result;
  }
}
