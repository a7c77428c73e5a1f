package dev.dbrace.stacks.jdbcbase;

import dev.dbrace.core.spi.StackConfig;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of daemon platform threads with an unbounded FIFO queue, all started up front; or,
 * {@link #elastic}, a cached pool without a queue that starts a thread whenever a task finds none
 * idle and retires threads idle for a minute, as Reactor's elastic scheduler does (E1's JDBC ran on
 * it): about one thread per operation in flight.
 *
 * <p>With {@code localHandoff}, a task submitted by one of the pool's own threads while the
 * queue is empty runs on that thread right after its current task, instead of waking an idle
 * thread. The load generator submits the next operation from the completion of the previous
 * one, so in a closed loop this saves a wake-up and a park per operation (measured: about one
 * voluntary context switch less per operation). It never lets a task overtake queued ones. The
 * catch: a task must not wait for a task it submitted, which the blocking stacks (JDBC,
 * Hibernate ORM) never do.
 *
 * <p>Thread-safe.
 */
public final class PlatformPool extends ThreadPoolExecutor {

  /** A pool thread, with room for the one task it runs next. Only its own thread uses it. */
  private static final class Worker extends Thread {
    final PlatformPool pool;
    Runnable next;

    Worker(PlatformPool pool, Runnable task, String name) {
      super(task, name);
      this.pool = pool;
      setDaemon(true);
    }
  }

  private final boolean localHandoff;

  /** Idle time after which an elastic pool's thread ends (Reactor's elastic scheduler's default TTL). */
  static final long ELASTIC_IDLE_S = 60;

  public PlatformPool(int threads, String namePrefix, boolean localHandoff) {
    super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
    this.localHandoff = localHandoff;
    AtomicInteger count = new AtomicInteger();
    setThreadFactory(task -> new Worker(this, task, namePrefix + "-" + count.incrementAndGet()));
    // Else each of the first N operations would start a thread while measured.
    prestartAllCoreThreads();
  }

  private PlatformPool(String namePrefix, boolean localHandoff) {
    super(0, Integer.MAX_VALUE, ELASTIC_IDLE_S, TimeUnit.SECONDS, new SynchronousQueue<>());
    this.localHandoff = localHandoff;
    AtomicInteger count = new AtomicInteger();
    setThreadFactory(task -> new Worker(this, task, namePrefix + "-elastic-" + count.incrementAndGet()));
  }

  /** An elastic pool: no thread up front, a new one for a task that finds none idle, none kept idle past a minute. */
  public static PlatformPool elastic(String namePrefix, boolean localHandoff) {
    return new PlatformPool(namePrefix, localHandoff);
  }

  /** The pool {@code config} asks for: {@code threads} fixed threads, or elastic ({@link StackConfig#elasticThreads()}). */
  public static PlatformPool of(StackConfig config, String namePrefix, boolean localHandoff) {
    if (config.elasticThreads()) {
      return elastic(namePrefix, localHandoff);
    }
    if (config.threads() < 1) {
      throw new IllegalArgumentException("threads must be at least 1 (or elastic), got " + config.threads());
    }
    return new PlatformPool(config.threads(), namePrefix, localHandoff);
  }

  @Override
  public void execute(Runnable task) {
    if (localHandoff
        && Thread.currentThread() instanceof Worker w
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
    // A loop, not recursion: each task run here may leave the next one in the slot.
    while ((next = w.next) != null) {
      w.next = null;
      next.run();
    }
  }
}
