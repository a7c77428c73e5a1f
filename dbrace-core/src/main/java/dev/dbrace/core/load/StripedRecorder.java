package dev.dbrace.core.load;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * An HdrHistogram recorder split into stripes by recording thread, as {@link
 * java.util.concurrent.atomic.LongAdder} splits a counter: every operation records its latency
 * from the thread that completed it, and one shared Recorder would make the cores pass the same
 * cache lines back and forth on every record (the writer phaser's two counters, the histogram's
 * total count, the bucket: docs/decisions.md has what that cost). A thread picks its
 * stripe by its id, so event-loop and pool threads (consecutive ids) each write their own.
 *
 * <p>The first platform thread to record into a stripe owns it: its values go to the stripe's {@link
 * SingleWriterRecorder}, whose plain histogram takes a record with two atomic increments (the phaser's) where the
 * multi-writer {@link Recorder} takes six (its phaser's, its concurrent histogram's phaser's, the bucket and the total
 * count), about half the cost per record. Any other thread that lands on the stripe (a virtual
 * thread, which may end at once and whose ids are many; a second platform thread with the same low bits) records into
 * the stripe's multi-writer Recorder instead, so every record is still correct. Stripes and their recorders are created
 * on first use, so a recorder nobody records into (times to first item on a driver-level stack) costs nothing.
 *
 * <p>{@link #getIntervalHistogram} swaps every recorder and adds their intervals into one histogram,
 * which covers the time since the previous call. Readers: one thread (the interval log).
 */
final class StripedRecorder {
  private final long highestTrackableValue;
  private final int significantDigits;
  private final AtomicReferenceArray<Stripe> stripes;
  private final int mask;
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
  }

  void recordValue(long value) {
    Thread t = Thread.currentThread();
    int i = (int) t.threadId() & mask;
    Stripe s = stripes.getPlain(i);
    if (s == null) {
      s = stripe(i);
    }
    Owned o = s.owned;
    if (o != null && o.thread == t) {
      o.recorder.recordValue(value);
    } else {
      s.recordOther(t, value);
    }
  }

  private Stripe stripe(int i) {
    Stripe s = stripes.get(i);
    if (s == null) {
      Stripe made = new Stripe();
      s = stripes.compareAndExchange(i, null, made);
      if (s == null) {
        s = made;
      }
    }
    return s;
  }

  /**
   * Gives each thread that owns a stripe of {@code previous} the same stripe here, with a recorder of its own: called
   * when the measured phase's recorder takes over from the warm-up's, before anything is recorded into this one. Else
   * every thread's first measured record would find its stripe missing and unowned, a way through {@link #recordValue}
   * that the JIT saw never taken in the whole warm-up and left out of its compiled code: the record, and the
   * completion callbacks it was inlined into, would go back to the interpreter just as measurement starts and be
   * compiled again in the first second measured (docs/decisions.md).
   * Thread-safe against concurrent records: stripes and owners are set by compare-and-set, as {@link #recordValue}
   * sets them.
   */
  void adoptOwners(StripedRecorder previous) {
    for (int i = 0; i < Math.min(stripes.length(), previous.stripes.length()); i++) {
      Stripe before = previous.stripes.get(i);
      Owned o = before == null ? null : before.owned;
      if (o != null) {
        OWNED.compareAndSet(stripe(i), null, new Owned(o.thread(), new SingleWriterRecorder(highestTrackableValue, significantDigits)));
      }
    }
  }

  /** A stripe's single-writer recorder and the one thread that writes it. */
  private record Owned(Thread thread, SingleWriterRecorder recorder) {}

  /** One stripe: its owner's single-writer recorder and, for any other thread, a multi-writer one. */
  private final class Stripe {
    /** Set once, by the first platform thread to record here; null until then. */
    private volatile Owned owned;
    /** Every other thread's records; made on first use. */
    private volatile Recorder shared;
    /** The reader's recycled interval histograms, one per recorder (reader thread only). */
    private Histogram recycleOwned;
    private Histogram recycleShared;

    /** A record from a thread that does not own the stripe: it claims the stripe if nobody has and it may. */
    private void recordOther(Thread t, long value) {
      if (owned == null && !t.isVirtual()) {
        Owned mine = new Owned(t, new SingleWriterRecorder(highestTrackableValue, significantDigits));
        if (OWNED.compareAndSet(this, null, mine)) {
          mine.recorder.recordValue(value);
          return;
        }
      }
      Recorder r = shared;
      if (r == null) {
        Recorder made = new Recorder(highestTrackableValue, significantDigits);
        r = (Recorder) SHARED.compareAndExchange(this, null, made);
        if (r == null) {
          r = made;
        }
      }
      r.recordValue(value);
    }

    /** Adds this stripe's records since the last call to {@code out} (reader thread only). */
    private void addIntervalTo(Histogram out) {
      Owned o = owned;
      if (o != null) {
        recycleOwned = o.recorder.getIntervalHistogram(recycleOwned);
        out.add(recycleOwned);
      }
      Recorder r = shared;
      if (r != null) {
        recycleShared = r.getIntervalHistogram(recycleShared);
        out.add(recycleShared);
      }
    }
  }

  private static final VarHandle OWNED;
  private static final VarHandle SHARED;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      OWNED = l.findVarHandle(Stripe.class, "owned", Owned.class);
      SHARED = l.findVarHandle(Stripe.class, "shared", Recorder.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** How many stripes have a multi-writer recorder, i.e. a thread that does not own its stripe recorded (for tests). */
  int sharedInUse() {
    int n = 0;
    for (int i = 0; i < stripes.length(); i++) {
      Stripe s = stripes.get(i);
      n += s == null || s.shared == null ? 0 : 1;
    }
    return n;
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
      Stripe s = stripes.get(i);
      if (s != null) {
        s.addIntervalTo(out);
      }
    }
    long now = System.currentTimeMillis();
    out.setStartTimeStamp(intervalStartMs);
    out.setEndTimeStamp(now);
    intervalStartMs = now;
    return out;
  }
}
