package dev.dbrace.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ResultBuilderTest {

  @Test
  void refusedArrivalsRankAsTheWorstInTheOpenLoopsPercentiles() {
    // 100,000 arrivals: 99,905 issued (99,805 at 1 ms, the 100 worst at 100..199 ms), 95 refused.
    Histogram issued = new Histogram(3_600_000_000_000L, 3);
    issued.recordValueWithCount(1_000_000, 99_805);
    for (int i = 100; i < 200; i++) {
      issued.recordValue(i * 1_000_000L);
    }
    double without = Latency.of(issued).p999();
    double with = Latency.of(ResultBuilder.refusedAsWorst(issued, 95)).p999();
    assertEquals(100, without, 0.1, "left out, p99.9 is the 100th-worst issued latency");
    assertEquals(194, with, 0.2, "ranked worst, p99.9 is the 6th-worst issued latency");
    assertEquals(100_000, ResultBuilder.refusedAsWorst(issued, 95).getTotalCount());
    assertSame(issued, ResultBuilder.refusedAsWorst(issued, 0), "nothing refused, nothing changed");
  }

  @Test
  void aBufferedAnswersFirstItemAndLastByteRankTheRefusedAlikeUnderOverload() {
    // a buffered answer's first item is its last byte: with 60 % of arrivals refused (an overloaded service), both
    // percentiles describe the same arrivals, so p50 of the two stays equal (the verdict read the gap as streaming)
    Histogram answered = new Histogram(3_600_000_000_000L, 3);
    answered.recordValueWithCount(300_000_000, 400);
    answered.recordValueWithCount(1_300_000_000, 10);
    Histogram firstItem = answered.copy();
    assertEquals(ResultBuilder.latency(answered, null, 600).p50(), ResultBuilder.latency(firstItem, null, 600).p50(), 0.001);
    assertEquals(1_300, ResultBuilder.latency(firstItem, null, 600).p50(), 1.0, "the refused rank as the worst");
  }

  @Test
  void theMeanIsTheVerifiedOperationsWhileThePercentilesRankEveryOperationDue() {
    // 100 verified (90 at 1 ms, 10 at 100 ms: a mean of 10.9 ms), 2 unfinished at 5 s, 50 refused
    Histogram verified = new Histogram(3_600_000_000_000L, 3);
    verified.recordValueWithCount(1_000_000, 90);
    verified.recordValueWithCount(100_000_000, 10);
    Histogram unfinished = new Histogram(3_600_000_000_000L, 3);
    unfinished.recordValueWithCount(5_000_000_000L, 2);
    Histogram measured = verified.copy();
    measured.add(unfinished);

    Latency l = ResultBuilder.latency(measured, unfinished, 50);
    assertEquals(Latency.of(verified).mean(), l.mean(), 0.001, "the mean is the verified operations'");
    assertEquals(10.9, l.mean(), 0.1);
    assertEquals(5_000, l.p90(), 5, "52 of 152 due rank as the worst: p90 is among them");
    assertEquals(Latency.of(ResultBuilder.refusedAsWorst(measured, 50)).p99(), l.p99(), 0.001);
    assertEquals(Latency.of(verified), ResultBuilder.latency(verified, null, 0), "nothing unfinished or refused: all alike");
  }
}
