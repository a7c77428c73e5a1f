package dev.dbrace.stacks.jdbc;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of platform threads with an unbounded FIFO queue and one shortcut: a task
 * submitted by one of the pool's own threads while the queue is empty runs on that thread
 * right after its current task, instead of waking another thread. The load generator submits
 * the next operation from the completion of the previous one, so in a closed loop each
 * operation would otherwise cost a wake-up of an idle thread plus the park of this one.
 *
 * <p>The shortcut only applies when nothing is queued, so it never lets a task overtake queued
 * ones. A task must not block waiting for a task it submitted (it would wait for itself), which
 * JdbcStack never does. Thread-safe.
 */
final class PlatformPool extends ThreadPoolExecutor {

  /** A pool thread, with room for the one task it will run next. Used by its own thread only. */
  private static final class Worker extends Thread {
    final PlatformPool pool;
    Runnable next;

    Worker(PlatformPool pool, Runnable task, String name) {
      super(task, name);
      this.pool = pool;
      setDaemon(true);
    }
  }

  PlatformPool(int threads, String namePrefix) {
    super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
    AtomicInteger count = new AtomicInteger();
    setThreadFactory(task -> new Worker(this, task, namePrefix + "-" + count.incrementAndGet()));
    // Else each of the first N operations would start a thread while measured.
    prestartAllCoreThreads();
  }

  @Override
  public void execute(Runnable task) {
    if (Thread.currentThread() instanceof Worker w
        && w.pool == this
        && w.next == null
        && getQueue().isEmpty()
        && !isShutdown()) {
      w.next = task;
    } else {
      super.execute(task);
    }
  }

  @Override
  protected void afterExecute(Runnable task, Throwable failure) {
    Worker w = (Worker) Thread.currentThread();
    Runnable next;
    while ((next = w.next) != null) {
      w.next = null;
      next.run();
    }
  }
}
