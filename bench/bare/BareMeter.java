// What every bare loop shares: the connection settings from the environment, the counter of completed operations
// and the measurement (warm-up, then ops/s and the process's CPU per 1,000 operations over the measured window).
// Compiled with the loop that uses it by Java's multi-file source launcher (JDK 22+); no dbrace class.
import java.lang.management.ManagementFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

final class BareMeter {
  /** The statement every stack sends for point-select (as in dbrace's workload, $1 for the reactive drivers). */
  static final String SQL_DOLLAR = "SELECT id, randomnumber FROM world WHERE id = $1";
  static final String SQL_QMARK = "SELECT id, randomnumber FROM world WHERE id = ?";

  final LongAdder ops = new LongAdder();
  volatile boolean running = true;

  private BareMeter() {}

  static BareMeter start() {
    return new BareMeter();
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

  /** Sleeps through the warm-up, measures, prints ops_s= and cpu_ms_per_1k=, and stops the loop. */
  void measure(long warmS, long measureS) throws InterruptedException {
    Thread.sleep(warmS * 1000);
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime(), before = ops.sum(), t0 = System.nanoTime();
    Thread.sleep(measureS * 1000);
    long done = ops.sum() - before, t1 = System.nanoTime(), cpu1 = os.getProcessCpuTime();
    running = false;
    System.out.printf("ops_s=%.0f%ncpu_ms_per_1k=%.1f%n", done / ((t1 - t0) / 1e9), (cpu1 - cpu0) / 1e6 / (done / 1000.0));
    System.out.flush();
  }
}
