package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * Drives a stack with an open loop: operations arrive on a fixed schedule of {@code rate} per
 * second, whether or not earlier ones have completed, the way independent users arrive at a
 * service. Each operation's latency is measured from its <em>intended</em> start, its arrival
 * time, so time spent waiting behind a saturated stack, or behind a generator that fell behind,
 * is in the figures instead of being silently omitted (coordinated omission). A second histogram
 * holds the verified operations' service latency, from the moment the stack was handed the operation.
 *
 * <p>One scheduler issues every arrival whose time has come, then waits until the next one: a thread of its own
 * that parks, or, when the stack names one ({@link Stack#arrivalExecutor}), a task on the stack's executor that
 * schedules itself again. If it wakes late it catches up in a burst, and the lateness counts in those operations'
 * latency ({@link #issueLateness} says how late they went out). An arrival that finds
 * {@code maxInFlight} operations in flight is not sent and is counted as not issued in its
 * phase. Completions are recorded on the stack's own threads.
 *
 * <p>Arrivals before {@link #startMeasuring} are warm-up, at the same rate; the measured phase
 * takes {@code durationMs} of arrivals, then the schedule ends (at the span's end, not at its last
 * arrival) and in-flight operations drain.
 * An operation's phase is fixed by its arrival time. The model's spikes add a second schedule
 * ({@link SpikeArrivals}) in their windows, timed from the start of measurement; the scheduler
 * issues the two in the order of their arrival times. Thread-safe; run once.
 */
public final class OpenLoop implements LoadDriver {
  /** Stands for "never" in nanoTime arithmetic (73 years): the measured span's start before measuring. */
  private static final long FAR_FUTURE_NANOS = Long.MAX_VALUE / 4;

  private final Stack stack;
  private final OperationSequence sequence;
  private final OutcomeRecorder outcomes;
  private final LoadModel.Open model;
  private final ArrivalSchedule schedule;
  private final SpikeArrivals spikes;
  private final long durationNanos;
  /** Operations the cut-off claimed as unfinished that completed after it ({@link Claim}): recorded where nobody reads. */
  private final Phase late = new Phase(null);
  private final Phase warmup = new Phase(late);
  private final Phase measured = new Phase(late);
  /** Indexed by the sign bit of {@code due - measureFrom}: see {@link #phaseOf}. */
  private final Phase[] phaseBySign = {measured, warmup};
  private final Histogram serviceTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
  private final Histogram latenessTotal = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
  private final AtomicInteger inFlight = new AtomicInteger();
  private final RateWindow rateWindow = new RateWindow();
  /**
   * The intended start of each operation in flight, in one of {@code maxInFlight} slots ({@link Claim#IDLE} when
   * free): the claim on it ({@link Claim}), and what a cut-off needs to give unfinished operations their age. The
   * scheduler takes a free slot (there is one: fewer than maxInFlight are in flight when it sends), the completion
   * frees it before it lowers the in-flight count.
   */
  private final AtomicLongArray dueBySlot;
  private int nextSlot; // scheduler only
  /** The schedule's next arrival and how many were issued, between the scheduler's passes. */
  private long index;
  private long due;
  /** When the scheduler's last pass asked to pass again. */
  private long wakeAt;
  private volatile boolean finished;
  private final CountDownLatch drained = new CountDownLatch(1);
  /** The scheduler's thread, or null when it runs on {@link #executor}. */
  private final Thread scheduler;
  private final ScheduledExecutorService executor;
  /** Orders the start of measurement against the scheduler's reading of the clock. */
  private final Object phaseLock = new Object();
  private long origin; // set before the scheduler starts
  private boolean started; // guarded by phaseLock
  private long measureFrom; // guarded by phaseLock; far in the future until measuring
  private volatile boolean measuring;
  private volatile long measureStartNanos;
  private volatile long measureEndNanos;
  private volatile long stopNanos; // written before stopped
  private volatile boolean stopped;
  private volatile boolean scheduleEnded;

  /**
   * Everything recorded about one phase's operations. Both phases record the same figures, so
   * warm-up runs exactly the code that measurement will run.
   */
  private static final class Phase {
    final PhaseStats stats = new PhaseStats();
    /** Recorded on the stack's completing threads: striped by thread, as the latency is (StripedRecorder). */
    final StripedRecorder service = new StripedRecorder(PhaseStats.MAX_LATENCY_NS, 3);
    final SingleWriterRecorder lateness = new SingleWriterRecorder(PhaseStats.MAX_LATENCY_NS, 3);
    /** Where an operation of this phase is recorded: here, or when the cut-off claimed it first ([1]) the late phase. */
    final Phase[] claimed;

    /** {@code late}: the late phase, or null for the late phase itself. */
    Phase(Phase late) {
      claimed = new Phase[] {this, late == null ? this : late};
    }
  }

  /** {@code seed} fixes the arrival times of a poisson schedule, so a run can be repeated. */
  public OpenLoop(Stack stack, OperationSequence sequence, LoadModel.Open model, long seed) {
    this(stack, sequence, model, seed, SuccessLog.NONE);
  }

  /** The same, telling {@code successes} the index of every operation counted successful (both phases). */
  public OpenLoop(Stack stack, OperationSequence sequence, LoadModel.Open model, long seed, SuccessLog successes) {
    this.stack = stack;
    this.sequence = sequence;
    this.outcomes = new OutcomeRecorder(new Verifier(sequence.workload()), successes);
    this.dueBySlot = new AtomicLongArray(model.maxInFlight());
    for (int i = 0; i < model.maxInFlight(); i++) {
      dueBySlot.set(i, Claim.IDLE);
    }
    this.model = model;
    this.schedule = ArrivalSchedule.of(model, seed, sequence.share());
    this.spikes = new SpikeArrivals(model, seed, sequence.share());
    this.durationNanos = Math.min(TimeUnit.MILLISECONDS.toNanos(model.durationMs()), FAR_FUTURE_NANOS);
    this.executor = stack.arrivalExecutor();
    if (executor == null) {
      this.scheduler = new Thread(this::runOnThread, "dbrace-arrivals");
      scheduler.setDaemon(true);
    } else {
      this.scheduler = null;
    }
  }

  @Override
  public PhaseStats warmup() {
    return warmup.stats;
  }

  @Override
  public PhaseStats measured() {
    return measured.stats;
  }

  /** Starts the schedule with its first arrival now; returns at once. */
  @Override
  public void start() {
    synchronized (phaseLock) {
      origin = System.nanoTime();
      due = origin + schedule.nextOffsetNanos(); // the first arrival, before the scheduler runs
      started = true;
      if (measuring) {
        measureStartNanos = origin; // measuring from the outset: the measured span starts with the schedule
        measureFrom = origin;
        rateWindow.open(origin, durationNanos);
      } else {
        measureFrom = origin + FAR_FUTURE_NANOS;
      }
    }
    if (scheduler != null) {
      scheduler.start();
    } else {
      executor.execute(this::runOnExecutor);
    }
  }

  /** Ends warm-up: operations arriving from now on are measured, for {@code durationMs} of arrivals. */
  @Override
  public void startMeasuring() {
    // before arrivals are sent to the measured phase: its recorders' stripes keep the warm-up's owners (PhaseStats)
    measured.stats.takeOverFrom(warmup.stats);
    measured.service.adoptOwners(warmup.service);
    synchronized (phaseLock) {
      measureStartNanos = System.nanoTime();
      measureFrom = measureStartNanos;
      measuring = true;
      if (started) {
        rateWindow.open(measureStartNanos, durationNanos);
      } // else start() opens it with the schedule
    }
    warmup.stats.inFlightAtSwitch(warmupInFlight(measureStartNanos));
  }

  /** The warm-up's operations in flight at {@code now}: those due before measuring started (from their intended start). */
  private InFlight warmupInFlight(long now) {
    long from = measureStartNanos;
    LongStream.Builder dues = LongStream.builder();
    for (int i = 0; i < dueBySlot.length(); i++) {
      long due = dueBySlot.get(i);
      if (Claim.inFlight(due) && due - from < 0) {
        dues.add(due);
      }
    }
    return InFlight.of(dues.build(), now);
  }

  @Override
  public boolean measuring() {
    return measuring;
  }

  /**
   * Stops the schedule. Arrivals already due but not yet sent (the scheduler was behind) are
   * counted as not issued; operations in flight still complete. The first stop while measuring
   * (at the measured span's end, or before it) closes the measured window: the warm-up operations
   * still in flight then are noted.
   */
  @Override
  public void stop() {
    if (!stopped) {
      stopNanos = System.nanoTime();
      if (measuring) {
        rateWindow.stopped(stopNanos);
        warmup.stats.inFlightAtWindowEnd(warmupInFlight(stopNanos));
      }
      stopped = true;
    }
    if (scheduler != null) {
      LockSupport.unpark(scheduler);
    } else {
      executeOrEnd();
    }
  }

  @Override
  public boolean issuingEnded() {
    return stopped || scheduleEnded;
  }

  /** Waits until the schedule has ended and every issued operation completed. */
  @Override
  public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
    return drained.await(timeout, unit);
  }

  /**
   * Ends the run. If the drain timed out, the cut-off claims each operation still in flight (see {@link Claim}): a
   * measured one is unfinished and enters the latency with its age now, from its intended start (its latency is at
   * least that); whichever phase it belongs to, its completion, should it come, is recorded nowhere.
   */
  @Override
  public void finish() {
    long now = System.nanoTime();
    if (measureEndNanos == 0) {
      measureEndNanos = now;
    }
    if (drained.getCount() > 0) {
      long from;
      synchronized (phaseLock) {
        from = measureFrom; // far in the future until measuring: then nothing is measured
      }
      for (int i = 0; i < dueBySlot.length(); i++) {
        long due = Claim.cut(dueBySlot, i);
        if (due != Claim.IDLE && due - from >= 0) {
          measured.stats.unfinished(now - due);
        }
      }
    }
    finished = true;
  }

  @Override
  public double measuredSeconds() {
    if (!measuring) {
      return 0;
    }
    return finished ? rateWindow.seconds(measured.stats, measureEndNanos) : (System.nanoTime() - measureStartNanos) / 1e9;
  }

  @Override
  public double throughputOpsS() {
    return measuring ? rateWindow.throughput(measured.stats, measureEndNanos) : 0;
  }

  /** Measured verified operations, from hand-off to the stack (or from when the request left) to completion. */
  @Override
  public synchronized Histogram serviceLatency() {
    serviceTotal.add(measured.service.getIntervalHistogram(null));
    return serviceTotal.copy();
  }

  /**
   * Measured operations, from intended start to hand-off: how late the generator issued them.
   * Near zero unless the machine could not run the scheduler on time or the stack held up the
   * caller of {@link Stack#execute}; either way the lateness is part of the recorded latency.
   */
  @Override
  public synchronized Histogram issueLateness() {
    latenessTotal.add(measured.lateness.getIntervalHistogram());
    return latenessTotal.copy();
  }

  private void runOnThread() {
    try {
      while (pass()) {
        waitUntil(wakeAt);
      }
    } finally {
      ended();
    }
  }

  /** One pass on the stack's executor, which then runs the next at its time; once the schedule has ended, nothing. */
  private void runOnExecutor() {
    if (scheduleEnded) {
      return; // a stop's pass after the schedule's last, or the last's after a stop's
    }
    boolean more = false;
    try {
      more = pass();
    } finally {
      if (!more) {
        ended();
      }
    }
    if (more) {
      long delay = wakeAt - System.nanoTime();
      try {
        executor.schedule(this::runOnExecutor, Math.max(0, delay), TimeUnit.NANOSECONDS);
      } catch (RejectedExecutionException e) {
        ended(); // the stack's executor shut down: no more arrivals can leave
      }
    }
  }

  /** A pass on the executor now (a stop's); the schedule ends here if the executor no longer runs tasks. */
  private void executeOrEnd() {
    try {
      executor.execute(this::runOnExecutor);
    } catch (RejectedExecutionException e) {
      ended();
    }
  }

  /**
   * Issues every arrival due now and returns true with {@link #wakeAt} set to when to pass again, or false once the
   * schedule has ended: the measured span's arrivals sent and its time up, or stopped (the arrivals due by the stop
   * that were not sent then counted as not issued).
   */
  private boolean pass() {
    long now;
    long from;
    synchronized (phaseLock) {
      now = System.nanoTime();
      from = measureFrom;
    }
    long end = from + durationNanos; // arrivals from here on are past the measured span
    // the next arrival: the base schedule's or a spike's (before measuring, a spike's is far in the future)
    boolean spike = spikes.pending() && from + spikes.peekOffsetNanos() - due < 0;
    long next = spike ? from + spikes.peekOffsetNanos() : due;
    if (stopped) {
      // Arrivals due before the stop that the scheduler had not reached: counted, not dropped.
      long until = stopNanos;
      while (next - until <= 0 && next - end < 0) {
        phaseOf(next, from).stats.notIssued.increment();
        due = spike ? due : origin + schedule.nextOffsetNanos();
        if (spike) {
          spikes.advance();
        }
        spike = spikes.pending() && from + spikes.peekOffsetNanos() - due < 0;
        next = spike ? from + spikes.peekOffsetNanos() : due;
      }
      return false;
    }
    while (next - now <= 0 && next - end < 0 && !stopped) {
      offer(index++, next, phaseOf(next, from));
      due = spike ? due : origin + schedule.nextOffsetNanos();
      if (spike) {
        spikes.advance();
      }
      spike = spikes.pending() && from + spikes.peekOffsetNanos() - due < 0;
      next = spike ? from + spikes.peekOffsetNanos() : due;
    }
    if (next - end >= 0 && now - end >= 0) {
      return false; // the measured span is over: its arrivals sent and its time up
    }
    // the next arrival, or the span's end when none is due before it: the schedule ends there, not at its last
    // arrival, or a stop in the gap between them (the runner's, once issuing ended) cut the rate window short; a stop
    // meanwhile wakes the scheduler, whose next pass counts what it had not sent
    wakeAt = Math.min(next - end, 0) + end;
    return true;
  }

  private void ended() {
    scheduleEnded = true;
    if (inFlight.get() == 0) {
      drainedNow();
    }
  }

  /**
   * The phase of an arrival: measured when it is due at or after the start of measurement. The
   * sign bit of {@code due - from} picks it without a branch: a branch never taken during warm-up
   * would be compiled as a trap, and taking it when measurement starts would send the scheduler
   * back to the interpreter just when its timing starts to count.
   */
  private Phase phaseOf(long due, long from) {
    return phaseBySign[(int) ((due - from) >>> 63)];
  }

  /**
   * Parks until the next arrival is due. No spinning, even for gaps of a few microseconds: Linux
   * wakes a parked thread some 50 us late (timer slack), so at high rates arrivals go out in
   * small bursts that late, and the lateness is in their latency. Spinning would take CPU the stack
   * under test needs, and a scheduler preempted for whole time slices as a CPU hog issues later, not
   * earlier (measured: docs/decisions.md).
   */
  private static void waitUntil(long due) {
    long remaining = due - System.nanoTime();
    if (remaining > 0) {
      LockSupport.parkNanos(remaining);
    }
  }

  /** Sends one arrival to the stack, unless the in-flight limit is reached. Scheduler only. */
  private void offer(long index, long due, Phase phase) {
    // Only this thread increments, so the check and the increment cannot race past the limit.
    if (inFlight.get() >= model.maxInFlight()) {
      phase.stats.notIssued.increment();
      return;
    }
    inFlight.incrementAndGet();
    int slot = nextSlot;
    while (dueBySlot.get(slot) != Claim.IDLE) {
      slot = slot + 1 == dueBySlot.length() ? 0 : slot + 1;
    }
    dueBySlot.lazySet(slot, due);
    nextSlot = slot + 1 == dueBySlot.length() ? 0 : slot + 1;
    Operation op = sequence.operation(index);
    phase.stats.issued.increment();
    long handOff = System.nanoTime();
    phase.lateness.recordValue(Math.min(Math.max(0, handOff - due), PhaseStats.MAX_LATENCY_NS));
    CompletionStage<OpResult> stage;
    int taken = slot;
    try {
      stage = stack.execute(op);
    } catch (RuntimeException e) {
      complete(taken, phase, op, due, handOff, null, e);
      return;
    }
    stage.whenComplete((result, error) -> complete(taken, phase, op, due, handOff, result, error));
  }

  private void complete(int slot, Phase of, Operation op, long due, long handOff, OpResult result, Throwable error) {
    long now = System.nanoTime();
    Phase phase = of.claimed[Claim.take(dueBySlot, slot, due)];
    if (outcomes.record(phase.stats, op, now - due, now, result, error)) {
      // the verified operations, as latency's: from when the request actually left (a generator's own queue for a
      // connection is not the service's time)
      long served = result.sentNanos() != 0 ? result.sentNanos() : handOff;
      phase.service.recordValue(Math.min(Math.max(0, now - served), PhaseStats.MAX_LATENCY_NS));
      phase.stats.count(result.statementsSent(), now); // what reached the server, for its count beside ours
      rateWindow.completed(now);
    }
    Claim.free(dueBySlot, slot); // before the count drops: the scheduler must find a free slot when it sees room
    if (inFlight.decrementAndGet() == 0 && scheduleEnded) {
      drainedNow();
    }
  }

  /** The schedule has ended and nothing is in flight; may run twice (scheduler and last completion race). */
  private void drainedNow() {
    if (measureEndNanos == 0) {
      measureEndNanos = System.nanoTime();
    }
    drained.countDown();
  }
}
