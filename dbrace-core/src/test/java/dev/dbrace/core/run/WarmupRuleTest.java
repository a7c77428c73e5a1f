package dev.dbrace.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** The steady-state rule on scripted readings, then on live counters against its cap. */
class WarmupRuleTest {
  private static final long S = 1_000_000_000L;

  /** Feeds one reading a second: completions so far and (process, compiler) CPU seconds so far. */
  private static boolean[] feed(long[] completed, double[][] cpu) {
    WarmupRule.Steadiness s = new WarmupRule.Steadiness();
    boolean[] out = new boolean[completed.length];
    for (int i = 0; i < completed.length; i++) {
      out[i] = s.add(i * S, completed[i], cpu == null ? null : new ThreadCpu.Reading(cpu[i][0], cpu[i][1]));
    }
    return out;
  }

  @Test
  void steadyWhenThroughputIsFlatAndTheCompilerQuiet() {
    long[] c = {0, 10_000, 20_100, 30_000, 40_050};
    double[][] cpu = {{0, 0}, {1, 0.5}, {2, 0.52}, {3, 0.54}, {4, 0.56}};
    boolean[] steady = feed(c, cpu);
    assertFalse(steady[2], "three windows needed first");
    assertTrue(steady[3], "flat within 5 % and the compiler at 2 % of the CPU");
  }

  @Test
  void notSteadyWhileTheCompilerWorks() {
    long[] c = {0, 10_000, 20_000, 30_000, 40_000};
    double[][] cpu = {{0, 0}, {1, 0.2}, {2, 0.4}, {3, 0.6}, {4, 0.8}};
    boolean[] steady = feed(c, cpu);
    assertFalse(steady[3] || steady[4], "compiler threads at 20 % of the CPU");
  }

  @Test
  void notSteadyWhileThroughputClimbs() {
    long[] c = {0, 8_000, 17_000, 27_000, 38_000};
    boolean[] steady = feed(c, null);
    assertFalse(steady[3] || steady[4], "windows 9,000 / 10,000 / 11,000 are not within 5 % of their mean");
  }

  @Test
  void aSlowStackIsJudgedWithinItsCountingNoise() {
    // 100 a second: the count alone moves by +-20 (2 sqrt(n)), so +-5 % would never be met
    long[] c = {0, 100, 212, 305, 410};
    boolean[] steady = feed(c, null);
    assertTrue(steady[3]);
    long[] jumpy = {0, 100, 160, 300, 340};
    assertFalse(feed(jumpy, null)[3], "60 / 140 / 40 is beyond the noise");
  }

  /** Completions so far after each second of {@code perSecond}, from 0. */
  private static long[] cumulative(long... perSecond) {
    long[] c = new long[perSecond.length + 1];
    for (int i = 0; i < perSecond.length; i++) {
      c[i + 1] = c[i] + perSecond[i];
    }
    return c;
  }

  @Test
  void aSteadyRampIsNotSteadyThoughEachWindowIsNearTheMean() {
    // each within +-5 % of 1,000 (and of the noise band, 2 sqrt(1,000) = 63), but gaining 4 % a second
    boolean[] ramp = feed(cumulative(960, 1_000, 1_040), null);
    assertFalse(ramp[3], "960 / 1,000 / 1,040: still climbing");
    // at 400 a second the noise band is about +-40 (10 %): each of 365 / 400 / 435 is within its own of the mean
    assertFalse(feed(cumulative(365, 400, 435), null)[3], "365 / 400 / 435: still climbing");
    assertFalse(feed(cumulative(360, 400, 440), null)[3], "360 / 400 / 440 (360 is beyond its own band, 2 sqrt(360) = 38)");
    assertFalse(feed(cumulative(41_800, 40_000, 38_200), null)[3], "a fall is no steadier than a climb");
    double[][] quiet = {{0, 0}, {1, 0.01}, {2, 0.02}, {3, 0.03}, {4, 0.04}, {5, 0.05}, {6, 0.06}};
    boolean[] climbing = feed(cumulative(9_000, 9_500, 9_900, 10_300, 10_600, 10_900), quiet);
    for (boolean b : climbing) {
      assertFalse(b, "3-5 % a second for six seconds, the compiler quiet: never settled");
    }
  }

  @Test
  void aFlatNoisyRunStillSettles() {
    // within +-5 % every second, up and down, not a trend
    assertTrue(feed(cumulative(10_300, 9_800, 10_200), null)[3], "10,300 / 9,800 / 10,200");
    // a slow stack's counts vary by their noise: 2 sqrt(400) = 40
    assertTrue(feed(cumulative(380, 425, 395), null)[3], "400 a second, within its counting noise");
    assertTrue(feed(cumulative(410, 372, 405), null)[3], "a dip in the middle is noise, not a trend");
  }

  @Test
  void anUnsteadyLoopWarmsUpToTheCapAndASteadyOneSettles() throws InterruptedException {
    long t0 = System.nanoTime();
    // 1,000 completions a second in even seconds, 3,000 in odd ones: never flat
    WarmupRule.Outcome capped = WarmupRule.auto(() -> {
      long ns = System.nanoTime() - t0;
      long s = ns / S;
      long into = ns % S;
      return s / 2 * 4_000 + (s % 2 == 0 ? into * 1_000 / S : 1_000 + into * 3_000 / S);
    }, () -> new ThreadCpu.Reading(0, 0), 4_500, () -> false);
    assertEquals(WarmupRule.CAP, capped.ended());
    assertTrue(capped.warmupMs() >= 4_500 && capped.warmupMs() < 6_000, "capped at " + capped.warmupMs());

    long t1 = System.nanoTime();
    AtomicLong reads = new AtomicLong();
    WarmupRule.Outcome settled = WarmupRule.auto(() -> {
      reads.incrementAndGet();
      return (System.nanoTime() - t1) / 100_000; // 10,000 a second
    }, () -> new ThreadCpu.Reading(0, 0), 20_000, () -> false);
    assertEquals(WarmupRule.SETTLED, settled.ended());
    assertTrue(settled.warmupMs() >= 3_000 && settled.warmupMs() < 6_000, "settled after " + settled.warmupMs());
    assertTrue(reads.get() >= 4);
  }

  /**
   * The open loop's warm-up at its rate lasts its least time, then until the compiler has been quiet over the window:
   * here the compiler takes all of the process's CPU for its first 600 ms (the switch's recompilations), then none.
   */
  @Test
  void theOpenLoopsWarmUpAtItsRateWaitsForTheCompiler() throws InterruptedException {
    long t0 = System.nanoTime();
    WarmupRule.Outcome jit = WarmupRule.atRate(() -> {
      double s = (System.nanoTime() - t0) / 1e9;
      return new ThreadCpu.Reading(s, Math.min(s, 0.6));
    }, 200, 300, 5_000, () -> false);
    assertEquals(WarmupRule.SETTLED, jit.ended());
    assertTrue(jit.warmupMs() >= 900 && jit.warmupMs() < 2_000, "quiet over 300 ms once 600 ms had passed: " + jit.warmupMs());

    WarmupRule.Outcome quiet = WarmupRule.atRate(() -> new ThreadCpu.Reading(1, 0), 200, 300, 5_000, () -> false);
    assertEquals(WarmupRule.SETTLED, quiet.ended());
    assertTrue(quiet.warmupMs() >= 200 && quiet.warmupMs() < 700, "a quiet compiler: the least time " + quiet.warmupMs());
    assertEquals(WarmupRule.SETTLED, WarmupRule.atRate(() -> null, 200, 300, 5_000, () -> false).ended(), "no /proc");

    // a low rate: the process uses 2 % of a core, the compiler a tenth of that (10 % of the process's, 0.2 % of a core)
    long t2 = System.nanoTime();
    WarmupRule.Outcome low = WarmupRule.atRate(() -> {
      double s = (System.nanoTime() - t2) / 1e9;
      return new ThreadCpu.Reading(0.02 * s, 0.002 * s);
    }, 200, 300, 5_000, () -> false);
    assertEquals(WarmupRule.SETTLED, low.ended());
    assertTrue(low.warmupMs() < 1_000, "a compiler at 0.2 % of a core holds nothing up: " + low.warmupMs());

    long t1 = System.nanoTime();
    WarmupRule.Outcome busy = WarmupRule.atRate(() -> {
      double s = (System.nanoTime() - t1) / 1e9;
      return new ThreadCpu.Reading(s, s / 2);
    }, 200, 300, 1_200, () -> false);
    assertEquals(WarmupRule.CAP, busy.ended());
    assertTrue(busy.warmupMs() >= 1_200 && busy.warmupMs() < 2_500, "capped at " + busy.warmupMs());
  }

  /**
   * A stalled loop is never steady; when the runner's watchdog asks the worker to stop, the
   * warm-up must end then, not at the cap, or the runner kills the worker and loses its figures.
   */
  @Test
  void aStopRequestEndsEitherWarmUpAtOnce() throws InterruptedException {
    long t0 = System.nanoTime();
    BooleanSupplier stopAfter300Ms = () -> System.nanoTime() - t0 > 300_000_000L;
    WarmupRule.Outcome stalled = WarmupRule.auto(() -> 0, () -> new ThreadCpu.Reading(0, 0), 60_000, stopAfter300Ms);
    assertEquals(WarmupRule.STOPPED, stalled.ended());
    assertTrue(stalled.warmupMs() >= 300 && stalled.warmupMs() < 2_000, "stopped after " + stalled.warmupMs());

    long t1 = System.nanoTime();
    WarmupRule.Outcome fixed = WarmupRule.fixed(60_000, () -> System.nanoTime() - t1 > 300_000_000L);
    assertEquals(WarmupRule.STOPPED, fixed.ended());
    assertTrue(fixed.warmupMs() < 2_000, "stopped after " + fixed.warmupMs());
    assertEquals(WarmupRule.FIXED, WarmupRule.fixed(200, () -> false).ended());
  }

  @Test
  void theCompilerThreadsCpuIsReadAndIsAtMostTheProcesssCpu() {
    ThreadCpu cpu = ThreadCpu.self();
    long sum = 0;
    for (int i = 0; i < 3_000_000; i++) {
      sum += Integer.toString(i).hashCode(); // hot enough to be compiled
    }
    assertTrue(sum != 1);
    ThreadCpu.Reading r = cpu.read();
    assertNotNull(r, "/proc is readable");
    assertTrue(r.compilerS() > 0, "HotSpot's compiler threads used CPU: " + r);
    assertTrue(r.compilerS() <= r.processS(), "part of the process's CPU: " + r);
  }
}
