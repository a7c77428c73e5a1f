package dev.dbrace.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StripedRecorderTest {

  /** Values recorded from many threads at once all reach the interval, each once, whatever stripe took them. */
  @Test
  void everyValueFromEveryThreadReachesTheIntervalOnce() throws Exception {
    StripedRecorder r = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 4);
    int threads = 12;
    int perThread = 20_000;
    CountDownLatch go = new CountDownLatch(1);
    List<Thread> ts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long value = (t + 1) * 1_000L; // thread t records only (t+1) µs
      ts.add(Thread.ofPlatform().start(() -> {
        try {
          go.await();
        } catch (InterruptedException e) {
          return;
        }
        for (int i = 0; i < perThread; i++) {
          r.recordValue(value);
        }
      }));
    }
    // an interval taken while they record, and one after: together they hold everything
    go.countDown();
    Histogram first = r.getIntervalHistogram(null);
    long firstCount = first.getTotalCount();
    for (Thread t : ts) {
      t.join();
    }
    Histogram total = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
    total.add(first);
    Histogram second = r.getIntervalHistogram(null);
    total.add(second);
    assertEquals((long) threads * perThread, total.getTotalCount());
    for (int t = 0; t < threads; t++) {
      assertEquals(perThread, total.getCountAtValue((t + 1) * 1_000L), "thread " + t);
    }
    assertEquals(firstCount, first.getTotalCount(), "the first interval is not touched by the second swap");
    assertEquals(4, r.stripesInUse(), "12 threads over 4 stripes use them all");
    assertEquals(4, r.sharedInUse(), "12 threads over 4 stripes: each stripe has one owner and others beside it");
    assertEquals(0, r.getIntervalHistogram(null).getTotalCount(), "nothing since the last swap");
  }

  /**
   * A platform thread alone on its stripe owns it (no multi-writer recorder is made); virtual threads never own one, so
   * their records go to the multi-writer recorders, and every one is counted.
   */
  @Test
  void ownersRecordAloneAndVirtualThreadsShare() throws Exception {
    StripedRecorder r = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 16);
    Thread owner = Thread.ofPlatform().start(() -> {
      for (int i = 0; i < 1_000; i++) {
        r.recordValue(2_000);
      }
    });
    owner.join();
    assertEquals(1, r.stripesInUse());
    assertEquals(0, r.sharedInUse(), "one platform thread on its stripe records into its own recorder");
    List<Thread> virtual = new ArrayList<>();
    for (int t = 0; t < 40; t++) {
      virtual.add(Thread.ofVirtual().start(() -> {
        for (int i = 0; i < 500; i++) {
          r.recordValue(3_000);
        }
      }));
    }
    for (Thread t : virtual) {
      t.join();
    }
    assertEquals(r.stripesInUse(), r.sharedInUse(), "every stripe a virtual thread recorded into has a shared recorder");
    Histogram h = r.getIntervalHistogram(null);
    assertEquals(1_000, h.getCountAtValue(2_000));
    assertEquals(40 * 500, h.getCountAtValue(3_000));
    r.recordValue(4_000); // the test's own thread: owns its stripe or shares it, counted either way
    assertEquals(1, r.getIntervalHistogram(h).getCountAtValue(4_000));
  }

  /** Intervals are back to back in time, and the histogram handed in is the one handed out, reset. */
  @Test
  void intervalsAreBackToBackAndRecycled() throws Exception {
    StripedRecorder r = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 8);
    r.recordValue(5_000);
    Histogram a = r.getIntervalHistogram(null);
    assertEquals(1, a.getTotalCount());
    assertTrue(a.getEndTimeStamp() >= a.getStartTimeStamp());
    long endOfA = a.getEndTimeStamp();
    Thread.sleep(5);
    r.recordValue(7_000);
    r.recordValue(7_000);
    Histogram b = r.getIntervalHistogram(a);
    assertSame(a, b);
    assertEquals(2, b.getTotalCount());
    assertEquals(0, b.getCountAtValue(5_000), "reset before the new interval was added");
    assertEquals(endOfA, b.getStartTimeStamp());
    assertTrue(b.getEndTimeStamp() >= endOfA + 5);
  }

  /** A recorder nobody records into makes no stripe (a driver-level stack's times to first item). */
  @Test
  void unusedRecorderMakesNoStripe() {
    StripedRecorder r = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3);
    assertEquals(0, r.getIntervalHistogram(null).getTotalCount());
    assertEquals(0, r.stripesInUse());
    assertThrows(IllegalArgumentException.class, () -> new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 6));
  }
  /**
   * The measured phase's recorder takes over the warm-up's owners: the same threads own the same stripes, each with a
   * recorder of its own (nothing recorded in the warm-up shows), and the stripes nobody owned stay unmade.
   */
  @Test
  void aRecorderTakesOverTheOwnersOfAnother() throws Exception {
    StripedRecorder warmup = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 16);
    StripedRecorder measured = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3, 16);
    CountDownLatch adopted = new CountDownLatch(1);
    Thread owner = Thread.ofPlatform().start(() -> {
      warmup.recordValue(1_000);
      try {
        adopted.await();
      } catch (InterruptedException e) {
        return;
      }
      for (int i = 0; i < 100; i++) {
        measured.recordValue(4_000);
      }
    });
    while (warmup.stripesInUse() == 0) {
      Thread.sleep(1);
    }
    measured.adoptOwners(warmup);
    assertEquals(1, measured.stripesInUse(), "the owner's stripe, made before anything is recorded");
    adopted.countDown();
    owner.join();
    assertEquals(0, measured.sharedInUse(), "the owner records into the stripe it was given, alone");
    Histogram h = measured.getIntervalHistogram(null);
    assertEquals(100, h.getTotalCount());
    assertEquals(0, h.getCountAtValue(1_000), "the warm-up's record stays the warm-up's");
    assertEquals(1, warmup.getIntervalHistogram(null).getTotalCount());
  }
}
