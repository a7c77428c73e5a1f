package dev.dbrace.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A shared run's figures: counts summed, latency from the union of the parts' histograms, never averaged. */
class SharedResultTest {
  private static final long MAX_NS = 3_600_000_000_000L;

  /** A part whose {@code n} verified operations took lognormal times around {@code medianMs}; {@code refused} refused. */
  private static WorkerResult part(long n, double medianMs, long refused, Histogram into, long seed) {
    Histogram h = new Histogram(MAX_NS, 3);
    SplittableRandom random = new SplittableRandom(seed);
    for (long i = 0; i < n; i++) {
      long ns = (long) (medianMs * 1e6 * Math.exp(0.6 * random.nextGaussian()));
      h.recordValue(ns);
      into.recordValue(ns);
    }
    var warm = new WorkerResult.Warmup(10, 0, 2.0, null, "settled", null, 3L, 1.5, 0L);
    return new WorkerResult(Map.of("driver", "x"), n + 1, n, 1, 0, refused, Map.of("timeout", 1L), Map.of("timeout", "t"),
        n, n + 10, 3.0, n / 3.0, Latency.of(h), null, null, warm, new WorkerResult.Gc(2, 5, "G1"), "jvm", null, null, 16,
        new WorkerResult.Histograms(WorkerResult.Histograms.encode(h), null, null, null, null, null,
            WorkerResult.Histograms.encode(h)));
  }

  @Test
  void countsAddUpAndLatencyIsTheUnionsNotAnAverage() {
    Histogram all = new Histogram(MAX_NS, 3);
    var fast = part(90_000, 1.0, 0, all, 1);
    var slow = part(10_000, 20.0, 0, all, 2);
    var merged = SharedResult.merge(List.of(fast, slow));
    assertEquals(100_000, merged.ops());
    assertEquals(100_002, merged.issued());
    assertEquals(2, merged.errors());
    assertEquals(Map.of("timeout", 2L), merged.errorsByKind());
    assertEquals(100_000 / 3.0, merged.throughputOpsS(), 0.01);
    assertEquals(Latency.of(all), merged.latencyMs(), "the union's percentiles");
    double averagedP50 = (fast.latencyMs().p50() + slow.latencyMs().p50()) / 2; // ~10.5 ms; the union's ~1.1 ms
    assertNotEquals(averagedP50, merged.latencyMs().p50(), 5, "an average of percentiles is another figure");
    assertEquals(32, merged.effectiveConcurrency());
    assertEquals(20, merged.warmup().ops());
    assertEquals(6L, merged.warmup().inFlightAtSwitch());
    assertEquals(4, merged.gc().count());
    assertNull(merged.histograms(), "the merged result is the run's, not a part");
  }

  @Test
  void refusedArrivalsOfEveryPartRankWorstInTheUnion() {
    Histogram all = new Histogram(MAX_NS, 3);
    var a = part(1000, 1.0, 30, all, 3);
    var b = part(1000, 1.0, 0, all, 4);
    var merged = SharedResult.merge(List.of(a, b));
    assertEquals(30, merged.notIssued());
    assertEquals(Latency.of(Latency.refusedAsWorst(all, 30, all.getMaxValue()), all), merged.latencyMs());
  }

  @Test
  void aPartWithoutHistogramsIsRefused() {
    var none = WorkerResult.none();
    assertThrows(NullPointerException.class, () -> SharedResult.merge(List.of(none)));
  }
}
