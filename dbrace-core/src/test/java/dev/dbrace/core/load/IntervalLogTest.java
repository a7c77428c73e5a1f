package dev.dbrace.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {

  /** The empty first-item histograms are recycled until a first item comes; then it still reaches ttfb.hlog. */
  @Test
  void firstItemsAfterEmptyIntervalsStillReachTheTtfbLog(@TempDir Path dir) throws Exception {
    PhaseStats warmup = new PhaseStats();
    PhaseStats measured = new PhaseStats();
    try (IntervalLog log = new IntervalLog(dir.resolve("run.hlog"), System.currentTimeMillis())) {
      for (int i = 0; i < 3; i++) {
        measured.record(1_000_000, System.nanoTime(), 0); // a stack that tells no first item
        log.sample(warmup, measured);
      }
      assertNull(log.measuredFirstItemTotal());
      assertFalse(Files.exists(dir.resolve(IntervalLog.TTFB_FILE)));

      long now = System.nanoTime();
      measured.record(3_000_000, now, now - 1_000_000); // first item 1 ms before the end: 2 ms to it
      log.sample(warmup, measured);
      Histogram ttfb = log.measuredFirstItemTotal();
      assertEquals(1, ttfb.getTotalCount());
      assertTrue(Math.abs(ttfb.getValueAtPercentile(50) - 2_000_000) < 4_000, "2 ms, got " + ttfb.getValueAtPercentile(50));
      assertEquals(4, log.measuredTotal().getTotalCount());
    }
    assertTrue(Files.size(dir.resolve(IntervalLog.TTFB_FILE)) > 0);
  }
}
