package dev.dbrace.core.load;

import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * An HdrHistogram {@link Recorder} split into stripes by recording thread, as {@link
 * java.util.concurrent.atomic.LongAdder} splits a counter: every operation records its latency
 * from the thread that completed it, and one shared Recorder made the two cores of this kind of
 * machine pass the same cache lines back and forth on every record (the writer phaser's two
 * counters, the histogram's total count, the bucket: measured 1.2-2.7 % of a vertx-pipelined
 * worker's CPU samples, in {@code WriterReaderPhaser} and {@code AtomicHistogram}). A thread picks its
 * stripe by its id, so event-loop and pool threads (consecutive ids) each write their own; two
 * threads that share a stripe are still correct, a stripe being a full multi-writer Recorder.
 * Stripes are created on first use, so a recorder nobody records into (times to first item on a
 * driver-level stack) costs nothing.
 *
 * <p>{@link #getIntervalHistogram} swaps every stripe and adds their intervals into one histogram,
 * which covers the time since the previous call. Readers: one thread (the interval log).
 */
final class StripedRecorder {
  private final long highestTrackableValue;
  private final int significantDigits;
  private final AtomicReferenceArray<Recorder> stripes;
  private final int mask;
  /** Per stripe, its last interval histogram, handed back to it at the next swap (reader thread only). */
  private final Histogram[] recycle;
  private long intervalStartMs = System.currentTimeMillis();

  /** Stripes: a power of two, four per core (so two busy threads rarely share one), at least 4, at most 16. */
  StripedRecorder(long highestTrackableValue, int significantDigits) {
    this(highestTrackableValue, significantDigits,
        Math.clamp(Integer.highestOneBit(Runtime.getRuntime().availableProcessors() * 4 - 1) << 1, 4, 16));
  }

  StripedRecorder(long highestTrackableValue, int significantDigits, int stripeCount) {
    if (Integer.bitCount(stripeCount) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two, got " + stripeCount);
    }
    this.highestTrackableValue = highestTrackableValue;
    this.significantDigits = significantDigits;
    this.stripes = new AtomicReferenceArray<>(stripeCount);
    this.mask = stripeCount - 1;
    this.recycle = new Histogram[stripeCount];
  }

  void recordValue(long value) {
    int i = (int) Thread.currentThread().threadId() & mask;
    Recorder r = stripes.getPlain(i);
    if (r == null) {
      r = stripe(i);
    }
    r.recordValue(value);
  }

  private Recorder stripe(int i) {
    Recorder r = stripes.get(i);
    if (r == null) {
      Recorder made = new Recorder(highestTrackableValue, significantDigits);
      r = stripes.compareAndExchange(i, null, made);
      if (r == null) {
        r = made;
      }
    }
    return r;
  }

  /** How many stripes have been recorded into (for tests). */
  int stripesInUse() {
    int n = 0;
    for (int i = 0; i < stripes.length(); i++) {
      n += stripes.get(i) == null ? 0 : 1;
    }
    return n;
  }

  /**
   * Everything recorded since the previous call (or creation), in {@code into} (reset first) or a new
   * histogram when null; its start and end time stamps are that interval's, in epoch ms.
   */
  Histogram getIntervalHistogram(Histogram into) {
    Histogram out = into != null ? into : new Histogram(highestTrackableValue, significantDigits);
    out.reset();
    for (int i = 0; i < stripes.length(); i++) {
      Recorder r = stripes.get(i);
      if (r != null) {
        recycle[i] = r.getIntervalHistogram(recycle[i]);
        out.add(recycle[i]);
      }
    }
    long now = System.currentTimeMillis();
    out.setStartTimeStamp(intervalStartMs);
    out.setEndTimeStamp(now);
    intervalStartMs = now;
    return out;
  }
}
