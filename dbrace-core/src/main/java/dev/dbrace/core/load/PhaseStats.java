package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Counters and latency recorder of one phase (warm-up or measured). Thread-safe: recorded into
 * from every completing thread; read by the progress and interval-log threads.
 */
public final class PhaseStats {
  /** Latencies above an hour are clamped; nothing in a race should come near. */
  static final long MAX_LATENCY_NS = TimeUnit.HOURS.toNanos(1);

  private static final int MAX_KINDS = 50;

  /** Verified operations' latency, and unfinished operations' age at the cut-off; striped by thread (see there). */
  final StripedRecorder recorder = new StripedRecorder(MAX_LATENCY_NS, 3);
  /**
   * Verified operations' time to their answer's first complete item, from the same start as their
   * latency; only for stacks that tell it ({@link dev.dbrace.core.spi.OpResult#firstItemNanos}).
   */
  final StripedRecorder firstItem = new StripedRecorder(MAX_LATENCY_NS, 3);
  /** Failed operations' latency, apart: a fast failure must not make the percentiles look fast. */
  private final Recorder errorRecorder = new Recorder(MAX_LATENCY_NS, 3);
  /** nanoTime of the last verified completion: an execution-count run's rate window ends there. */
  private final LongAccumulator lastOkNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);
  /** The counts a load driver keeps elsewhere (a closed loop's per user), added to the adders' when read. */
  private final Tally tally;
  final LongAdder issued = new LongAdder();
  final LongAdder ok = new LongAdder();
  final LongAdder errors = new LongAdder();
  /** The errors of kind timeout: at the service level, a request the service never answered. */
  final LongAdder timeouts = new LongAdder();
  final LongAdder statements = new LongAdder();
  /** Open loop: arrivals of this phase that found the in-flight limit reached and were not sent. */
  final LongAdder notIssued = new LongAdder();
  /**
   * The ages of the operations still in flight at the cut-off, claimed by it ({@link Claim}; never verified or failed
   * as well): in {@link #recorder} too, and kept apart so that the verified operations' own figures (their mean) can
   * leave them out. Guarded by this; made at the first, as most runs have none.
   */
  private Histogram unfinishedAges;
  /**
   * Warm-up: its operations still in flight when measuring started (a closed loop's users all are, for a moment) and
   * when the measured window closed. One in flight at both held its user (closed loop) or its slot and connection
   * through the whole window, and is in no figure of it. Set once each by the load driver.
   */
  private volatile InFlight atSwitch = InFlight.NONE;
  private volatile InFlight atWindowEnd = InFlight.NONE;
  private final Map<String, LongAdder> errorKinds = new ConcurrentHashMap<>();
  private final Map<String, String> errorSamples = new ConcurrentHashMap<>();

  /** Counts in the striped adders only: what a load driver that counts nothing itself (the open loop) uses. */
  PhaseStats() {
    this(Tally.NONE);
  }

  /** {@code tally}: the counts the load driver keeps itself, without shared writes per operation (see {@link Tally}). */
  PhaseStats(Tally tally) {
    this.tally = tally;
  }

  /**
   * Issued and verified operations' counts kept by the load driver rather than in this phase's adders: a closed loop's
   * virtual user has one operation in flight, so it can count its own operations with plain writes to a line of its
   * own, where every adder's {@code increment} is an atomic read-modify-write (five per operation: issued, ok,
   * statements, the last success's time, the rate window's). Read by summing over the users, on the reading thread.
   */
  interface Tally {
    Tally NONE = new Tally() {
      @Override
      public long issued() {
        return 0;
      }

      @Override
      public long ok() {
        return 0;
      }

      @Override
      public long statements() {
        return 0;
      }

      @Override
      public long lastOkNanos() {
        return Long.MIN_VALUE;
      }
    };

    long issued();

    long ok();

    long statements();

    /** nanoTime of the last verified completion; Long.MIN_VALUE when none. */
    long lastOkNanos();
  }

  /**
   * Hands the recorders' per-thread stripes of {@code previous} (the warm-up) on to this phase, before anything is
   * recorded here: see {@link StripedRecorder#adoptOwners}.
   */
  void takeOverFrom(PhaseStats previous) {
    recorder.adoptOwners(previous.recorder);
    firstItem.adoptOwners(previous.firstItem);
  }

  /**
   * A verified operation's latency; {@code firstItemNanos} (see {@link dev.dbrace.core.spi.OpResult#firstItemNanos})
   * also records its time to first item: its latency less the time from that item to completion, never more than its
   * latency. Its counts go to {@link #count} or to the load driver's {@link Tally}.
   */
  void record(long latencyNs, long nowNanos, long firstItemNanos) {
    recorder.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
    if (firstItemNanos != 0) {
      long ttfb = firstItemNanos == OpResult.FIRST_ITEM_AT_END ? latencyNs
          : latencyNs - Math.max(0, nowNanos - firstItemNanos);
      firstItem.recordValue(Math.min(Math.max(0, ttfb), MAX_LATENCY_NS));
    }
  }

  /** Counts a verified operation that completed at {@code nowNanos} after sending {@code statementCount} statements. */
  void count(int statementCount, long nowNanos) {
    ok.increment();
    statements.add(statementCount);
    lastOkNanos.accumulate(nowNanos);
  }

  /**
   * A failed operation's latency goes to its own histogram ({@link #errorLatency}): counted among
   * the successes', fast failures (a refused connection answers in microseconds) pulled the
   * percentiles down, so failing fast looked fast.
   */
  void failure(long latencyNs, String kind, String sample) {
    errorRecorder.recordValue(Math.min(latencyNs, MAX_LATENCY_NS));
    errors.increment();
    if (kind.startsWith(ErrorCategory.TIMEOUT + ":")) {
      timeouts.increment();
    }
    String key = errorKinds.size() >= MAX_KINDS && !errorKinds.containsKey(kind) ? "other" : kind;
    errorKinds.computeIfAbsent(key, k -> new LongAdder()).increment();
    errorSamples.putIfAbsent(key, sample);
  }

  /**
   * An operation still in flight at the cut-off (the drain timeout): its latency is at least its
   * age, which enters the percentiles, so a stuck operation shows as the worst, not as nothing.
   */
  void unfinished(long ageNs) {
    long age = Math.min(Math.max(0, ageNs), MAX_LATENCY_NS);
    recorder.recordValue(age);
    synchronized (this) {
      if (unfinishedAges == null) {
        unfinishedAges = new Histogram(MAX_LATENCY_NS, 3);
      }
      unfinishedAges.recordValue(age);
    }
  }

  /** The unfinished operations' ages at the cut-off, as recorded in the latency; null when there were none. */
  public synchronized Histogram unfinishedAges() {
    return unfinishedAges == null ? null : unfinishedAges.copy();
  }

  void inFlightAtSwitch(InFlight f) {
    atSwitch = f;
  }

  void inFlightAtWindowEnd(InFlight f) {
    atWindowEnd = f;
  }

  /** Warm-up: its operations in flight when measuring started; {@link InFlight#NONE} for the measured phase. */
  public InFlight inFlightAtSwitch() {
    return atSwitch;
  }

  /**
   * Warm-up: its operations still in flight when the measured window closed (its end, or the runner's stop), each
   * in flight through the whole window; {@link InFlight#NONE} for the measured phase.
   */
  public InFlight inFlightAtWindowEnd() {
    return atWindowEnd;
  }

  /** Failed operations' latency since the last call (the whole phase when called once, at the end). */
  public Histogram errorLatency() {
    return errorRecorder.getIntervalHistogram();
  }

  /** nanoTime of the last verified completion; Long.MIN_VALUE when none. */
  long lastOkNanos() {
    return Math.max(lastOkNanos.get(), tally.lastOkNanos());
  }

  public long issued() {
    return issued.sum() + tally.issued();
  }

  public long ok() {
    return ok.sum() + tally.ok();
  }

  public long errors() {
    return errors.sum();
  }

  /**
   * The errors that were timeouts (category {@code timeout}): the stall guard at the service level
   * counts answers only, and a request that timed out is no answer.
   */
  public long timeouts() {
    return timeouts.sum();
  }

  public long notIssued() {
    return notIssued.sum();
  }

  /** Operations the cut-off claimed while still in flight: {@code issued = ok + errors + unfinished}. */
  public synchronized long unfinished() {
    return unfinishedAges == null ? 0 : unfinishedAges.getTotalCount();
  }

  public long statements() {
    return statements.sum() + tally.statements();
  }

  public Map<String, Long> errorKinds() {
    Map<String, Long> out = new LinkedHashMap<>();
    errorKinds.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  public Map<String, String> errorSamples() {
    return new LinkedHashMap<>(errorSamples);
  }

  /**
   * Error kind of a driver failure: its category ({@link ErrorCategory}: connection closed, timeout,
   * ...), then exception class and the first line of its message, capped.
   */
  static String kindOf(Throwable t) {
    String category = ErrorCategory.of(t);
    while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    String msg = t.getMessage() == null ? "" : t.getMessage().lines().findFirst().orElse("");
    return normalize(category + ": " + t.getClass().getSimpleName() + (msg.isEmpty() ? "" : ": " + msg));
  }

  /** Digits become N so that one kind of failure is one row, whatever ids it names. */
  static String normalize(String message) {
    String kind = message.replaceAll("\\d+", "N");
    return kind.length() > 160 ? kind.substring(0, 160) + "..." : kind;
  }
}
