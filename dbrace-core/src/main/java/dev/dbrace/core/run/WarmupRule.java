package dev.dbrace.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * When a worker's warm-up ends. A worker is a fresh JVM: for its first seconds (tens of seconds
 * for a deep reactive stack on two busy cores) the JIT compiler is still turning the stack's hot
 * paths into machine code and thread pools are still growing, so a measurement that starts too
 * early times the compiler, not the stack, and ranks the stacks by how fast they warm up (a 3 s
 * warm-up once ranked jdbc-virtual first at 1.00x and jdbc-platform at 0.56x; after 20 s of
 * warm-up the same machine ranked vertx first and jdbc-platform at 0.87x).
 *
 * <p>{@code auto} (the default) leaves warm-up when the run is steady, checked once a second
 * from the third second on:
 * <ul>
 *   <li>the compiler threads used under {@value #JIT_QUIET_SHARE_PERCENT} % of the process's CPU
 *       over the last {@value #JIT_WINDOW_S} s ({@link ThreadCpu}: CPU from /proc, not the JIT's
 *       wall time), and
 *   <li>the last {@value #FLAT_WINDOWS} one-second windows' completions are each within
 *       ±{@value #FLAT_PERCENT} % of their mean, or within the counting noise ({@code 2 sqrt(n)})
 *       where that is wider: below 1,600 completions a second, ±5 % is finer than the count can
 *       tell, and such a stack would otherwise always warm up to the cap; and
 *   <li>the last of those windows is within that band of the first, too: not a ramp. Each window
 *       near the mean alone passes a steady climb (960, 1,000, 1,040 a second are each within
 *       ±5 % of 1,000 while the stack still gains 4 % a second; at 400 a second the noise band,
 *       about ±10 %, passes 365, 400, 435). Over three windows first-to-last is twice the least-squares
 *       slope, so a settled run climbs (or falls) by at most 2.5 % of its rate a second, or half
 *       the noise band where that is wider. The band is narrower than the noise of a difference of
 *       two counts ({@code 2 sqrt(n1 + n2)}), which would pass those ramps: a slow, flat run whose
 *       counts vary as much as a Poisson count's passes this check about five seconds in six, so
 *       it settles a little later rather than a ramp being measured.
 * </ul>
 * If that never happens, warm-up ends at the cap ({@code --warmup-max}) and the run is marked
 * not settled. A fixed duration ({@code --warmup 20s}) ends after exactly that time.
 */
public final class WarmupRule {
  static final int JIT_QUIET_SHARE_PERCENT = 5;
  static final int JIT_WINDOW_S = 2;
  static final int FLAT_WINDOWS = 3;
  static final int FLAT_PERCENT = 5;

  /** Ended when steady. */
  public static final String SETTLED = "settled";
  /** Ended at the cap, not steady. */
  public static final String CAP = "cap";
  /** Ended after a fixed duration. */
  public static final String FIXED = "fixed";
  /**
   * Ended early because the runner asked the worker to stop (its stall watchdog, a run timeout,
   * Ctrl-C): the run goes on to report what it has instead of warming up to the cap first.
   */
  public static final String STOPPED = "stopped";

  /** {@code --warmup auto} in a {@link RunSpec}'s {@code warmupMs}. */
  public static final long AUTO = -1;

  /**
   * @param warmupMs how long warm-up took
   * @param ended {@link #SETTLED}, {@link #CAP}, {@link #FIXED} or {@link #STOPPED}
   */
  public record Outcome(long warmupMs, String ended) {}

  private WarmupRule() {}

  /** How often a warm-up looks at the runner's stop request. */
  static final long STOP_CHECK_MS = 100;

  /** Sleeps exactly {@code ms}, unless {@code stopped} turns true first. */
  static Outcome fixed(long ms, BooleanSupplier stopped) throws InterruptedException {
    long t0 = System.nanoTime();
    if (!sleep(t0, ms, stopped)) {
      return new Outcome((System.nanoTime() - t0) / 1_000_000, STOPPED);
    }
    return new Outcome((System.nanoTime() - t0) / 1_000_000, FIXED);
  }

  /** Sleeps until {@code untilMs} after {@code t0}; false if {@code stopped} turned true first. */
  private static boolean sleep(long t0, long untilMs, BooleanSupplier stopped) throws InterruptedException {
    while (true) {
      if (stopped.getAsBoolean()) {
        return false;
      }
      long left = untilMs - (System.nanoTime() - t0) / 1_000_000;
      if (left <= 0) {
        return true;
      }
      Thread.sleep(Math.min(left, STOP_CHECK_MS));
    }
  }

  /**
   * Waits until the run is steady or {@code maxMs} has passed, or {@code stopped} turns true (a
   * stalled loop is never steady: without the stop it would wait out the cap while the runner
   * waits for a result).
   *
   * @param completions operations completed so far (verified or failed), read once a second
   * @param cpu this process's CPU and its compiler threads', read once a second
   */
  static Outcome auto(LongSupplier completions, Supplier<ThreadCpu.Reading> cpu, long maxMs,
      BooleanSupplier stopped) throws InterruptedException {
    long t0 = System.nanoTime();
    Steadiness steady = new Steadiness();
    steady.add(t0, completions.getAsLong(), cpu.get());
    while (true) {
      long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
      long next = Math.min(1000L * steady.samples(), maxMs); // one reading a second since t0
      if (next > elapsedMs && !sleep(t0, next, stopped)) {
        return new Outcome((System.nanoTime() - t0) / 1_000_000, STOPPED);
      }
      long now = System.nanoTime();
      elapsedMs = (now - t0) / 1_000_000;
      if (steady.add(now, completions.getAsLong(), cpu.get())) {
        return new Outcome(elapsedMs, SETTLED);
      }
      if (elapsedMs >= maxMs) {
        return new Outcome(elapsedMs, CAP);
      }
    }
  }

  /**
   * An open loop's warm-up at its offered rate, after its flat-out pre-warm: at least {@code minMs}, then until the
   * compiler threads used under {@value #JIT_QUIET_SHARE_PERCENT} % of the process's CPU over the last
   * {@code windowMs} (read every {@value #AT_RATE_CHECK_MS} ms), or of one core over that time where the process used
   * less (at a low rate the process's CPU is so small that any compilation exceeds a share of it, while the
   * generator has the headroom not to fall behind), at most {@code maxMs}. The switch from the
   * pre-warm's closed loop to the open loop makes the JIT compile the open loop's code and recompile the hot paths the
   * two share, whose call sites now see other types; while it does, the generator runs those paths slower than the
   * offered rate and a queue builds that the measured phase would inherit (docs/decisions.md). A machine without
   * /proc (no readings) waits {@code minMs}.
   */
  static Outcome atRate(Supplier<ThreadCpu.Reading> cpu, long minMs, long windowMs, long maxMs, BooleanSupplier stopped)
      throws InterruptedException {
    long t0 = System.nanoTime();
    List<Long> at = new ArrayList<>(); // when each reading was taken, ms from t0
    List<ThreadCpu.Reading> readings = new ArrayList<>();
    at.add(0L);
    readings.add(cpu.get());
    for (long next = Math.min(minMs, maxMs); ; next = Math.min(next + AT_RATE_CHECK_MS, maxMs)) {
      if (!sleep(t0, next, stopped)) {
        return new Outcome((System.nanoTime() - t0) / 1_000_000, STOPPED);
      }
      long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
      ThreadCpu.Reading now = cpu.get();
      int from = at.size() - 1; // the latest reading at least a window old, else the first
      while (from > 0 && elapsedMs - at.get(from) < windowMs) {
        from--;
      }
      if (jitQuiet(readings.get(from), now, (elapsedMs - at.get(from)) / 1000.0)) { // one core over the window
        return new Outcome(elapsedMs, SETTLED);
      }
      if (elapsedMs >= maxMs) {
        return new Outcome(elapsedMs, CAP);
      }
      at.add(elapsedMs);
      readings.add(now);
    }
  }

  static final long AT_RATE_CHECK_MS = 250;

  /**
   * The compiler threads used under {@value #JIT_QUIET_SHARE_PERCENT} % of the process's CPU between two readings, or
   * of {@code leastS} CPU seconds where the process used less; true without readings (no /proc).
   */
  private static boolean jitQuiet(ThreadCpu.Reading from, ThreadCpu.Reading to, double leastS) {
    if (from == null || to == null) {
      return true;
    }
    double compiler = to.compilerS() - from.compilerS();
    return compiler <= 0 || compiler * 100 < JIT_QUIET_SHARE_PERCENT * Math.max(to.processS() - from.processS(), leastS);
  }

  /** The rule itself, on one reading a second; kept apart so it can be tested on scripted readings. */
  static final class Steadiness {
    private final List<long[]> counts = new ArrayList<>(); // {nanoTime, completed}
    private final List<ThreadCpu.Reading> readings = new ArrayList<>();

    int samples() {
      return counts.size();
    }

    /** Adds a reading (about a second after the last); true when the run is steady as of it. */
    boolean add(long nanos, long completed, ThreadCpu.Reading reading) {
      counts.add(new long[] {nanos, completed});
      readings.add(reading);
      int n = counts.size();
      if (n < FLAT_WINDOWS + 1 || n < JIT_WINDOW_S + 1) {
        return false;
      }
      return jitQuiet(readings.get(n - 1 - JIT_WINDOW_S), readings.get(n - 1), 0) && flat(n); // no /proc: throughput decides
    }

    /** The last windows' rates (completions per second, a late reading's window is longer) are flat. */
    private boolean flat(int n) {
      double[] rate = new double[FLAT_WINDOWS];
      double[] noise = new double[FLAT_WINDOWS];
      double sum = 0;
      for (int i = 0; i < FLAT_WINDOWS; i++) {
        long[] a = counts.get(n - FLAT_WINDOWS + i - 1);
        long[] b = counts.get(n - FLAT_WINDOWS + i);
        double seconds = Math.max(1e-3, (b[0] - a[0]) / 1e9);
        rate[i] = (b[1] - a[1]) / seconds;
        noise[i] = 2 * Math.sqrt(b[1] - a[1]) / seconds;
        sum += rate[i];
      }
      double mean = sum / FLAT_WINDOWS;
      if (mean <= 0) {
        return false;
      }
      for (int i = 0; i < FLAT_WINDOWS; i++) {
        if (Math.abs(rate[i] - mean) > Math.max(mean * FLAT_PERCENT / 100.0, noise[i])) {
          return false;
        }
      }
      int last = FLAT_WINDOWS - 1; // not a ramp: the last within the band of the first
      return Math.abs(rate[last] - rate[0]) <= Math.max(mean * FLAT_PERCENT / 100.0, Math.max(noise[0], noise[last]));
    }
  }
}
