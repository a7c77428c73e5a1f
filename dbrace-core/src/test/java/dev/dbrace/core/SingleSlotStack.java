package dev.dbrace.core;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;

/**
 * An in-memory "server" with one slot: it serves one operation at a time, each for a fixed
 * service time, and answers with the rows the world table would return. It tests the load
 * generator's bookkeeping, not a database, so its capacity is exact: {@code 1 / serviceTime}.
 */
final class SingleSlotStack implements Stack {

  /** Where operations wait for the slot. */
  enum Waiting {
    /** Inside the stack, like operations waiting for a pool's one connection: execute returns at once. */
    IN_STACK,
    /**
     * On the caller's thread: execute returns only when the operation has completed, like a
     * blocking driver called on the generator's own thread. This is how a saturated system
     * holds up its load generator, and a generator that timed operations from the moment it
     * sent them would then see nothing but the service time.
     */
    CALLER
  }

  private final long serviceNanos;
  private final Waiting waiting;
  private final LongPredicate neverCompletes;
  private final ScheduledExecutorService server = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "single-slot-server");
    t.setDaemon(true);
    return t;
  });
  private long slotFreeAt; // guarded by this; IN_STACK only
  final AtomicLong executed = new AtomicLong();
  final AtomicLong outstanding = new AtomicLong();
  final AtomicLong maxOutstanding = new AtomicLong();
  final AtomicLong hung = new AtomicLong();

  SingleSlotStack(long serviceMillis, Waiting waiting) {
    this(serviceMillis, waiting, index -> false);
  }

  /** {@code neverCompletes} picks operations (by index) that hang forever, as if stuck in the database. */
  SingleSlotStack(long serviceMillis, Waiting waiting, LongPredicate neverCompletes) {
    this.serviceNanos = TimeUnit.MILLISECONDS.toNanos(serviceMillis);
    this.waiting = waiting;
    this.neverCompletes = neverCompletes;
  }

  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    executed.incrementAndGet();
    maxOutstanding.accumulateAndGet(outstanding.incrementAndGet(), Math::max);
    CompletableFuture<OpResult> result = new CompletableFuture<>();
    if (neverCompletes.test(op.index())) {
      hung.incrementAndGet();
      return result;
    }
    if (waiting == Waiting.CALLER) {
      server.schedule(() -> answer(op, result), serviceNanos, TimeUnit.NANOSECONDS);
      result.join();
    } else {
      long delay;
      synchronized (this) {
        long now = System.nanoTime();
        slotFreeAt = Math.max(now, slotFreeAt) + serviceNanos;
        delay = slotFreeAt - now;
      }
      server.schedule(() -> answer(op, result), delay, TimeUnit.NANOSECONDS);
    }
    return result;
  }

  private void answer(Operation op, CompletableFuture<OpResult> result) {
    outstanding.decrementAndGet();
    result.complete(WorldRows.answer(op));
  }

  @Override
  public void close() {
    server.shutdownNow();
  }
}
