package dev.dbrace.stacks.jdbcbase;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task on a new virtual thread, except (with {@code localHandoff}) a task submitted by
 * one of its own virtual threads while that thread has none pending: that one runs on the same
 * virtual thread right after the current task returns.
 *
 * <p>Why: the load generator issues a user's next operation from the completion of its previous
 * one, that is from the virtual thread that just ran it. Starting a fresh virtual thread there
 * costs a thread start, a push to the scheduler and often the wake-up of an idle carrier, a
 * large share of the stack's client CPU per operation (docs/decisions.md). Continuing on the same thread is
 * what a virtual-thread server does with a keep-alive connection (one virtual thread per
 * connection, serving its requests in turn), and what {@link PlatformPool} does for platform
 * threads. The catch, as there: a task must not wait for a task it submitted, which the
 * blocking stacks (JDBC, Hibernate ORM) never do.
 *
 * <p>Thread-safe.
 */
public final class VirtualThreads extends AbstractExecutorService {

  /** The task a virtual thread runs next; only that thread reads or writes it. */
  private static final class Chain {
    final VirtualThreads owner;
    Runnable next;

    Chain(VirtualThreads owner) {
      this.owner = owner;
    }
  }

  private static final ThreadLocal<Chain> CHAIN = new ThreadLocal<>();

  private final ExecutorService threads;
  private final boolean localHandoff;

  public VirtualThreads(String namePrefix, boolean localHandoff) {
    this.threads = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(namePrefix, 0).factory());
    this.localHandoff = localHandoff;
  }

  @Override
  public void execute(Runnable task) {
    Chain chain = localHandoff ? CHAIN.get() : null;
    if (chain != null && chain.owner == this && chain.next == null && !threads.isShutdown()) {
      chain.next = task;
    } else {
      threads.execute(() -> runChain(task));
    }
  }

  /** Runs the task, then whatever it handed off, on this virtual thread. */
  private void runChain(Runnable first) {
    Chain chain = new Chain(this);
    CHAIN.set(chain);
    Runnable task = first;
    try {
      while (task != null) {
        task.run();
        task = chain.next;
        chain.next = null;
      }
    } finally {
      CHAIN.remove();
      // Only when a task threw after handing off: its successor still runs, on a thread of its own.
      Runnable pending = chain.next;
      if (pending != null) {
        execute(pending);
      }
    }
  }

  @Override
  public void shutdown() {
    threads.shutdown();
  }

  @Override
  public List<Runnable> shutdownNow() {
    return threads.shutdownNow();
  }

  @Override
  public boolean isShutdown() {
    return threads.isShutdown();
  }

  @Override
  public boolean isTerminated() {
    return threads.isTerminated();
  }

  @Override
  public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
    return threads.awaitTermination(timeout, unit);
  }
}
