package dev.dbrace.core.run;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JitSettleTest {

  @Test
  void compilationTimeIsMeasuredAndOnlyGrows() {
    long a = JitSettle.compileMs();
    assertTrue(a >= 0, "HotSpot measures compilation time: " + a);
    long sum = 0;
    for (int i = 0; i < 2_000_000; i++) {
      sum += Integer.toString(i).hashCode(); // hot enough to be compiled
    }
    assertTrue(sum != 1);
    assertTrue(JitSettle.compileMs() >= a);
  }

  @Test
  void warmUpLastsAtLeastTheRequestedTimeAndAtMostTwice() throws InterruptedException {
    long t0 = System.nanoTime();
    JitSettle.Outcome o = JitSettle.await(400);
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    assertTrue(o.warmupMs() >= 400, "warm-up " + o.warmupMs());
    // doubled at most; 300 ms of slack for a busy 2-core machine's sleeps
    assertTrue(o.warmupMs() <= 800 + 300, "warm-up " + o.warmupMs());
    assertTrue(Math.abs(tookMs - o.warmupMs()) <= 50, "reported " + o.warmupMs() + " ms, took " + tookMs);
    assertNotNull(o.settled());
  }
}
