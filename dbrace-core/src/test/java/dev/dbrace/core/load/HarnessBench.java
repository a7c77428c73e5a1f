package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Workloads;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntConsumer;

/**
 * dbrace's own cost per operation, without a database: the closed loop ({@link ClosedLoop}, its
 * operation sequence, the check of every answer, the latency histogram and counters) drives a stack
 * that answers point-select in memory, allocating the future and the row as a driver-level stack does;
 * beside it, a bare loop that does only what a bare driver loop does with the same answer (draw an id,
 * check it, count). Both run on one thread, completing each operation from a "completer" loop that plays the
 * event loop, so the difference in CPU per operation is what the harness adds to every operation of every
 * stack. With {@code --users N}, N operations are in flight and completed oldest first, so the harness's state per
 * user (slot, callback, the operation and its answer) is spread as under a real stack at N in flight. Rounds alternate
 * the two; prints each round and the median.
 *
 * With {@code --threads 2}, two completer threads share the loop (as a stack's two event loops do), and what the
 * harness's shared state costs when both cores write it shows too.
 *
 * <p>With {@code --evict KB}, both loops also write over KB of memory of their own before each completion, as a real
 * stack's work between two of a user's operations does (the driver, the kernel, the server's process on the same
 * core): the harness's state is then no longer in the core's caches when the next operation comes, as in a race.
 *
 * <p>Not a unit test: run it with {@code bench/harness-cost.sh}. Arguments:
 * {@code [--rounds 5] [--seconds 2] [--users 1] [--threads 1] [--evict 0]}.
 */
public final class HarnessBench {

  /**
   * Plays a driver whose answer arrives later: hands back a pending future, completed by {@link #completeOne} on the
   * completer thread that issued it (the operations the closed loop starts from the main thread are dealt round-robin
   * to the completers before they start), as a driver completes on the event loop of the connection it wrote to.
   */
  private static final class InMemoryStack implements Stack {
    /** Per completer, its operations in flight, oldest first: their futures and operations, alternately. */
    private final ArrayDeque<Object>[] pending;
    private final ThreadLocal<ArrayDeque<Object>> mine = new ThreadLocal<>();
    private final int evictKb;
    private int dealt;

    @SuppressWarnings("unchecked")
    InMemoryStack(int completers, int evictKb) {
      this.evictKb = evictKb;
      pending = new ArrayDeque[completers];
      for (int i = 0; i < completers; i++) {
        pending[i] = new ArrayDeque<>();
      }
    }

    @Override
    public CompletionStage<OpResult> execute(Operation op) {
      CompletableFuture<OpResult> f = new CompletableFuture<>();
      ArrayDeque<Object> q = mine.get();
      if (q == null) { // the main thread, starting the users
        q = pending[dealt++ % pending.length];
      }
      q.add(f);
      q.add(op);
      return f;
    }

    /** Completer {@code c}'s loop: completes its operations in flight until none is left. */
    void complete(int c) {
      ArrayDeque<Object> q = pending[c];
      mine.set(q);
      Evictor evict = new Evictor(evictKb);
      while (completeOne(q, evict)) {
        // each completion issues the next operation until the duration is over
      }
    }

    /** Completes the oldest operation in flight with its row, as the Vert.x stack builds it; false when none is. */
    @SuppressWarnings("unchecked")
    private static boolean completeOne(ArrayDeque<Object> q, Evictor evict) {
      CompletableFuture<OpResult> f = (CompletableFuture<OpResult>) q.poll();
      if (f == null) {
        return false;
      }
      evict.run();
      Operation op = (Operation) q.poll();
      Object id = op.statements().get(0).params()[0];
      @SuppressWarnings("unchecked")
      List<Object[]>[] rows = new List[1];
      rows[0] = Collections.singletonList(new Object[] {id, 42});
      f.complete(new OpResult(Arrays.asList(rows), new long[1]));
      return true;
    }

    @Override
    public void close() {}
  }

  /**
   * Writes one long in each 64-byte line of {@code kb} KB of its own per call, going on where the last call stopped (a
   * thread's own: one per completer). What the bare loop and the harness both do per operation under {@code --evict}.
   */
  private static final class Evictor {
    private static final int LONGS_PER_LINE = 8;
    private final long[] memory;
    private final int linesPerCall;
    private int at;

    Evictor(int kb) {
      linesPerCall = kb * 1024 / 64;
      memory = new long[Math.max(1, linesPerCall) * LONGS_PER_LINE * 4]; // four calls' worth: cycled, never cached whole
    }

    void run() {
      for (int i = 0; i < linesPerCall; i++) {
        memory[at] += i;
        at += LONGS_PER_LINE;
        if (at >= memory.length) {
          at = 0;
        }
      }
    }
  }

  private HarnessBench() {}

  public static void main(String[] args) throws Exception {
    int rounds = 5;
    double seconds = 2;
    int users = 1;
    int threads = 1;
    int evictKb = 0;
    try {
      for (int i = 0; i < args.length; i += 2) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--rounds" -> rounds = whole(args[i], GeneratorBench.number(args[i], GeneratorBench.required(args[i], value)));
          case "--seconds" -> seconds = GeneratorBench.number(args[i], GeneratorBench.required(args[i], value));
          case "--users" -> users = whole(args[i], GeneratorBench.number(args[i], GeneratorBench.required(args[i], value)));
          case "--threads" -> threads = whole(args[i], GeneratorBench.number(args[i], GeneratorBench.required(args[i], value)));
          case "--evict" -> evictKb = whole(args[i], GeneratorBench.number(args[i], GeneratorBench.required(args[i], value)));
          default -> throw new IllegalArgumentException("unknown argument " + args[i]
              + " (known: --rounds N, --seconds S, --users N, --threads N, --evict KB)");
        }
      }
      if (rounds < 1 || !(seconds >= 0.2) || users < 1 || threads < 1 || users < threads || evictKb < 0) {
        throw new IllegalArgumentException("needs --rounds >= 1, --seconds >= 0.2, --threads >= 1, --users >= --threads"
            + " and --evict >= 0");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("harness bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    long nanos = (long) (seconds * 1e9);
    System.out.printf("harness cost, point-select answered in memory, %d users in flight on %d thread%s, %d rounds of %.1f s"
        + " (after one unmeasured round of each)%s%n", users, threads, threads == 1 ? "" : "s", rounds, seconds,
        evictKb == 0 ? "" : ", " + evictKb + " KB written over before each completion");
    bare(nanos, threads, evictKb);
    harness(nanos, users, threads, evictKb);
    System.out.printf("%6s %14s %14s %14s%n", "round", "bare ns/op", "dbrace ns/op", "harness ns/op");
    List<double[]> all = new ArrayList<>();
    for (int r = 1; r <= rounds; r++) {
      double b = bare(nanos, threads, evictKb);
      double h = harness(nanos, users, threads, evictKb);
      all.add(new double[] {b, h, h - b});
      System.out.printf("%6d %14.1f %14.1f %14.1f%n", r, b, h, h - b);
    }
    System.out.printf("%6s %14.1f %14.1f %14.1f%n", "median", median(all, 0), median(all, 1), median(all, 2));
  }

  /**
   * CPU ns per operation of the bare loop on {@code threads} threads: draw an id, complete a future with the row, check
   * the id, count (one counter for all threads, as the bare loops' {@code BareMeter}); {@code evictKb}: see {@link
   * Evictor}.
   */
  private static double bare(long nanos, int threads, int evictKb) throws InterruptedException {
    LongAdder ops = new LongAdder();
    long end = System.nanoTime() + nanos;
    long cpu = onThreads(threads, t -> {
      Evictor evict = new Evictor(evictKb);
      long n = 0;
      while ((n & 1023) != 0 || System.nanoTime() < end) {
        int id = ThreadLocalRandom.current().nextInt(1, 10_001);
        CompletableFuture<Object[]> f = new CompletableFuture<>();
        evict.run();
        f.complete(new Object[] {id, 42});
        Object[] row = f.join();
        if (!Integer.valueOf(id).equals(row[0])) {
          throw new IllegalStateException("wrong answer");
        }
        ops.increment();
        n++;
      }
    });
    return cpu / (double) ops.sum();
  }

  /**
   * CPU ns per operation of a closed loop of {@code users} users over the in-memory stack, their operations completed
   * oldest first on {@code threads} completer threads (users dealt round-robin), all sharing the one loop's state.
   */
  private static double harness(long nanos, int users, int threads, int evictKb) throws InterruptedException {
    InMemoryStack stack = new InMemoryStack(threads, evictKb);
    ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(Workloads.byName("point-select", Map.of()), 1),
        new LoadModel.Closed(0, TimeUnit.NANOSECONDS.toMillis(nanos), users));
    loop.start();
    loop.startMeasuring();
    long cpu = onThreads(threads, stack::complete);
    loop.await(1, TimeUnit.SECONDS);
    loop.finish();
    PhaseStats m = loop.measured();
    if (m.errors() > 0 || m.ok() == 0) {
      throw new IllegalStateException("the harness loop failed: " + m.errorSamples());
    }
    return cpu / (double) m.ok();
  }

  /** Runs {@code body(t)} on threads 0..n-1 at once and returns their CPU time in ns, summed. */
  private static long onThreads(int n, IntConsumer body) throws InterruptedException {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    AtomicLong cpu = new AtomicLong();
    AtomicReference<Throwable> failed = new AtomicReference<>();
    Thread[] all = new Thread[n];
    for (int t = 0; t < n; t++) {
      int id = t;
      all[t] = new Thread(() -> {
        long cpu0 = mx.getCurrentThreadCpuTime();
        try {
          body.accept(id);
        } catch (Throwable e) {
          failed.compareAndSet(null, e);
        }
        cpu.addAndGet(mx.getCurrentThreadCpuTime() - cpu0);
      }, "harness-bench-" + t);
    }
    for (Thread t : all) {
      t.start();
    }
    for (Thread t : all) {
      t.join();
    }
    if (failed.get() != null) {
      throw new IllegalStateException("a bench thread failed: " + failed.get(), failed.get());
    }
    return cpu.get();
  }

  private static int whole(String option, double v) {
    if (v != Math.rint(v) || Math.abs(v) > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(option + " needs a whole number, got " + v);
    }
    return (int) v;
  }

  private static double median(List<double[]> rows, int column) {
    double[] v = rows.stream().mapToDouble(r -> r[column]).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
