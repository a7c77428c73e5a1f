package dev.dbrace.core.run;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Warm-up that waits for the JIT compiler to go quiet. A worker is a fresh JVM: for its first
 * seconds (tens of seconds for a deep reactive stack on two busy cores) the compiler threads are
 * still turning the stack's hot paths into machine code, and compilation in the measured window
 * is CPU taken from the stack and the database on the same cores. After the requested warm-up the
 * worker keeps warming up, one second at a time, while the compiler worked more than
 * {@link #QUIET_MS_PER_S} ms in the last second, up to the warm-up time again (so a warm-up at
 * most doubles). The JIT time left in the measured phase is reported, whatever happened.
 */
final class JitSettle {
  /** Compiler time per second of warm-up below which the JIT counts as settled (2 % of one core). */
  static final long QUIET_MS_PER_S = 20;

  private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

  /**
   * @param warmupMs how long the warm-up took in all
   * @param settled whether the compiler went quiet (null: this JVM cannot tell)
   */
  record Outcome(long warmupMs, Boolean settled) {}

  private JitSettle() {}

  /** Total compilation time of this JVM so far, in ms; -1 when the JVM does not measure it. */
  static long compileMs() {
    return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
  }

  /**
   * Sleeps {@code minMs}, then up to {@code minMs} more while the compiler is busy. Whether it is
   * busy is judged over the last second slept (the last second of the requested warm-up first).
   */
  static Outcome await(long minMs) throws InterruptedException {
    long start = System.nanoTime();
    long slice = Math.min(1000, minMs);
    Thread.sleep(minMs - slice);
    long last = compileMs();
    if (last < 0) {
      Thread.sleep(slice);
      return new Outcome(minMs, null);
    }
    long deadline = start + 2 * minMs * 1_000_000L;
    while (true) {
      Thread.sleep(slice);
      long now = compileMs();
      boolean quiet = (now - last) * 1000 < QUIET_MS_PER_S * slice;
      last = now;
      long left = (deadline - System.nanoTime()) / 1_000_000L;
      if (quiet || left <= 0) {
        return new Outcome((System.nanoTime() - start) / 1_000_000L, quiet);
      }
      slice = Math.min(1000, left);
    }
  }
}
