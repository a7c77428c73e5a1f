// What every bare loop shares: the connection settings from the environment, the counter of completed operations
// and the measurement (warm-up, then ops/s and the process's CPU per 1,000 operations over the measured window).
// Compiled with the loop that uses it by Java's multi-file source launcher (JDK 22+); no dbrace class.
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

final class BareMeter {
  /** The statement every stack sends for point-select (as in dbrace's workload, $1 for the reactive drivers). */
  static final String SQL_DOLLAR = "SELECT id, randomnumber FROM world WHERE id = $1";
  static final String SQL_QMARK = "SELECT id, randomnumber FROM world WHERE id = ?";

  final LongAdder ops = new LongAdder();
  volatile boolean running = true;
  /**
   * A probe, not part of a bare figure: BARE_EXTRA_NS=N makes every operation also spin N ns on the completing thread
   * (at least two clock reads). It shows what a client's extra cost per operation does to throughput on this machine,
   * e.g. beside the harness's own cost per operation from bench/harness-cost.sh. Unset: 0, no clock read at all.
   */
  private static final long EXTRA_NS = extraNanos();

  private BareMeter() {}

  static BareMeter start() {
    return new BareMeter();
  }

  private static long extraNanos() {
    String raw = System.getenv("BARE_EXTRA_NS");
    try {
      long n = raw == null || raw.isBlank() ? 0 : Long.parseLong(raw.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    System.err.println("bare: BARE_EXTRA_NS must be a whole number of nanoseconds >= 0, got '" + raw + "'");
    System.exit(2);
    return 0;
  }

  /** One operation completed and checked: counts it (after the BARE_EXTRA_NS probe's spin, when set). */
  void done() {
    if (EXTRA_NS > 0) {
      long until = System.nanoTime() + EXTRA_NS;
      while (System.nanoTime() - until < 0) {
        Thread.onSpinWait();
      }
    }
    ops.increment();
  }

  static String env(String name) {
    String v = System.getenv(name);
    if (v == null || v.isEmpty()) {
      System.err.println("bare: " + name + " is not set");
      System.exit(2);
    }
    return v;
  }

  /** A world id as point-select draws them: uniform in 1..10000. */
  static int nextId() {
    return ThreadLocalRandom.current().nextInt(1, 10_001);
  }

  /** A wrong answer or an error ends the loop: a bare figure must be of correct operations only. */
  static void fail(Object why) {
    System.err.println("bare: " + why);
    System.exit(1);
  }

  /**
   * Keeps {@code inFlight} operations in flight: as many threads (virtual or platform) each running
   * {@code loop}, measured after {@code warmS} seconds for {@code measureS}; then waits for them to see the end.
   */
  void runThreads(Runnable loop, int inFlight, boolean virtual, long warmS, long measureS) throws InterruptedException {
    Thread[] ts = new Thread[inFlight];
    for (int i = 0; i < inFlight; i++) {
      ts[i] = virtual ? Thread.ofVirtual().start(loop) : Thread.ofPlatform().daemon().start(loop);
    }
    measure(warmS, measureS);
    for (Thread t : ts) {
      t.join(5000);
    }
  }

  /**
   * Sleeps through the warm-up, measures, prints ops_s=, cpu_ms_per_1k= and jit_cpu_s= (what HotSpot's compiler
   * threads used of that CPU, as dbrace's worker reports it), and stops the loop.
   */
  void measure(long warmS, long measureS) throws InterruptedException {
    measure(warmS, measureS, () -> { }, ops::sum);
  }

  /** The same, counting what {@code completed} says, after telling {@code atStart} that the measured phase begins. */
  void measure(long warmS, long measureS, Runnable atStart, java.util.function.LongSupplier completed)
      throws InterruptedException {
    Thread.sleep(warmS * 1000);
    atStart.run();
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    Map<Long, Long> jit = new HashMap<>();
    compilerTicks(jit);
    long jit0 = sum(jit);
    double server0 = serverCpu();
    long cpu0 = os.getProcessCpuTime(), before = completed.getAsLong(), t0 = System.nanoTime();
    for (long left = measureS * 1000; left > 0; left -= 500) { // compiler threads come and go: read them often
      Thread.sleep(Math.min(500, left));
      compilerTicks(jit);
    }
    long done = completed.getAsLong() - before, t1 = System.nanoTime(), cpu1 = os.getProcessCpuTime();
    double server1 = serverCpu();
    running = false;
    compilerTicks(jit);
    System.out.printf("ops_s=%.0f%ncpu_ms_per_1k=%.1f%njit_cpu_s=%.2f%n", done / ((t1 - t0) / 1e9),
        (cpu1 - cpu0) / 1e6 / (done / 1000.0), (sum(jit) - jit0) / 100.0);
    if (server0 >= 0 && server1 >= 0) {
      System.out.printf("server_cpu_ms_per_1k=%.1f%n", (server1 - server0) * 1e6 / done);
    }
    System.out.flush();
  }

  /**
   * With SERVER_PID (the postmaster, as vs-pgbench.sh finds it): the CPU seconds of that process and every process it
   * started, alive or reaped, as bench/server-cpu.py and a dbrace race read them; -1 without it or when unreadable.
   */
  private static double serverCpu() {
    String pid = System.getenv("SERVER_PID");
    if (pid == null || pid.isBlank()) {
      return -1;
    }
    try {
      long ticks = statTicks(Path.of("/proc", pid, "stat"));
      for (String child : Files.readString(Path.of("/proc", pid, "task", pid, "children")).trim().split("\\s+")) {
        try {
          ticks += child.isEmpty() ? 0 : statTicks(Path.of("/proc", child, "stat"));
        } catch (IOException ended) {
          // ended since the listing: in the parent's children's time once reaped
        }
      }
      return ticks / 100.0;
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** utime + stime + cutime + cstime (clock ticks, 100 per second on Linux) of a /proc/PID/stat. */
  private static long statTicks(Path stat) throws IOException {
    String line = Files.readString(stat);
    String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
  }

  private static long sum(Map<Long, Long> m) {
    return m.values().stream().mapToLong(Long::longValue).sum();
  }

  /** utime + stime (clock ticks, 100 per second on Linux) of each HotSpot compiler thread, from /proc/self/task. */
  private static void compilerTicks(Map<Long, Long> into) {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path task : tasks) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            into.put(Long.parseLong(task.getFileName().toString()), Long.parseLong(f[11]) + Long.parseLong(f[12]));
          }
        } catch (IOException ended) {
          // the thread ended while listed: its last reading stands
        }
      }
    } catch (IOException e) {
      // no /proc: no JIT figure (0)
    }
  }
}
