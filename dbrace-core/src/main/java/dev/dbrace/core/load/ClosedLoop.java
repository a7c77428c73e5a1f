package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.BiConsumer;
import java.util.function.LongBinaryOperator;
import java.util.stream.LongStream;

/**
 * Drives a stack with a closed loop: {@code concurrency} virtual users, each issuing its next
 * operation from the thread on which the previous one completed. Operations started before
 * {@link #startMeasuring} count as warm-up. Thread-safe; run once.
 */
public final class ClosedLoop implements LoadDriver {
  private final Stack stack;
  private final OperationSequence sequence;
  private final OutcomeRecorder outcomes;
  private final LoadModel.Closed model;
  private final PhaseStats warmup;
  private final PhaseStats measured;
  /**
   * {warmup, measured, late}, indexed without a branch: see {@link IssueWindow#phase}. Late: operations the cut-off
   * claimed as unfinished that completed after it (see {@link Claim}), recorded where nobody reads.
   */
  private final PhaseStats[] phases;
  private static final int LATE = 2;
  private final AtomicLong nextIndex = new AtomicLong();
  private final CountDownLatch usersDone;
  private final RateWindow rateWindow;
  /**
   * Per virtual user, a 128-byte line of its own ({@link #SLOT_STRIDE}; packed, eight users shared one cache line, and
   * every issue and completion on one core took that line from the other: users run on both cores' threads): at
   * {@code slot(u)} the start (nanoTime) of its operation in flight, {@link Claim#IDLE} between operations (the claim on
   * it: {@link Claim}); at {@code + 1} its index; from {@link #COUNTS} on, the user's counts ({@link #count}).
   */
  private final AtomicLongArray userSlots;
  private final User[] users;
  /** Longs per user slot: 128 bytes, so neither a neighbour's line nor the adjacent-line prefetch is shared. */
  static final int SLOT_STRIDE = 16;
  /**
   * Where a user's counts start in its slot: per phase (warm-up, measured, late; {@link #PHASE_COUNTS} longs each) its
   * operations issued, verified, their statements and the last verification's nanoTime; after them, its verified
   * completions inside the rate window. A user has one operation in flight, so one thread at a time writes them, with
   * plain stores (the next operation's hand-over to the stack orders them for the next writer), not the phase's shared
   * adders' five atomic read-modify-writes per operation, a measurable share of the harness's own cost per operation
   * (docs/decisions.md). Readers (progress, interval log, the result) sum them over the users.
   */
  static final int COUNTS = 2;
  private static final int ISSUED = 0;
  private static final int OK = 1;
  private static final int STATEMENTS = 2;
  private static final int LAST_OK = 3;
  private static final int PHASE_COUNTS = 4;
  private static final int IN_WINDOW = COUNTS + 3 * PHASE_COUNTS;
  private volatile long measureFromIndex = Long.MAX_VALUE;
  /** Indices a user claims at once: one when an execution count bounds the run, else up to INDEX_BLOCK (see {@link #claim}). */
  private final int block;
  private volatile IssueWindow window;
  private volatile long measureStartNanos;
  private volatile long measureEndNanos;
  private volatile boolean stopped;

  public ClosedLoop(Stack stack, OperationSequence sequence, LoadModel.Closed model) {
    this.stack = stack;
    this.sequence = sequence;
    this.outcomes = new OutcomeRecorder(new Verifier(sequence.workload()));
    this.model = model;
    this.usersDone = new CountDownLatch(model.concurrency());
    this.userSlots = new AtomicLongArray((model.concurrency() + 2) * SLOT_STRIDE);
    this.warmup = new PhaseStats(new UserTally(0));
    this.measured = new PhaseStats(new UserTally(1));
    this.phases = new PhaseStats[] {warmup, measured, new PhaseStats(new UserTally(LATE))};
    this.rateWindow = new RateWindow(() -> sum(IN_WINDOW));
    this.users = new User[model.concurrency()];
    // one index at a time when an execution count bounds the run, so that none claimed goes unissued at its end; else
    // claims racing the switch to measuring stay below SWITCH_GAP / 4 however many users there are
    this.block = model.executions() > 0 ? 1 : (int) Math.clamp(SWITCH_GAP / 4 / model.concurrency(), 1, INDEX_BLOCK);
    this.window = IssueWindow.UNLIMITED;
    for (int u = 0; u < model.concurrency(); u++) {
      userSlots.set(slot(u), Claim.IDLE);
      userSlots.set(slot(u) + COUNTS + LAST_OK, Long.MIN_VALUE);
      userSlots.set(slot(u) + COUNTS + PHASE_COUNTS + LAST_OK, Long.MIN_VALUE);
      users[u] = new User(u);
    }
  }

  /** A phase's counts, summed over the users' slots when read (see {@link #COUNTS}). */
  private final class UserTally implements PhaseStats.Tally {
    private final int offset;

    UserTally(int phase) {
      offset = COUNTS + phase * PHASE_COUNTS;
    }

    @Override
    public long issued() {
      return sum(offset + ISSUED);
    }

    @Override
    public long ok() {
      return sum(offset + OK);
    }

    @Override
    public long statements() {
      return sum(offset + STATEMENTS);
    }

    @Override
    public long lastOkNanos() {
      return fold(offset + LAST_OK, Long.MIN_VALUE, Math::max);
    }
  }

  /** The users' counts at {@code offset} in their slots, summed. */
  private long sum(int offset) {
    return fold(offset, 0, Long::sum);
  }

  /** The users' values at {@code offset} in their slots, folded with {@code op} from {@code from}. */
  private long fold(int offset, long from, LongBinaryOperator op) {
    long r = from;
    for (int u = 0; u < users.length; u++) {
      r = op.applyAsLong(r, userSlots.getOpaque(slot(u) + offset));
    }
    return r;
  }

  /**
   * Adds {@code n} to the count at {@code i}: a plain read and an opaque store, as one thread at a time writes a user's
   * counts (see {@link #COUNTS}).
   */
  private void count(int i, long n) {
    userSlots.setOpaque(i, userSlots.getPlain(i) + n);
  }

  @Override
  public PhaseStats warmup() {
    return warmup;
  }

  @Override
  public PhaseStats measured() {
    return measured;
  }

  /** Starts the virtual users; returns at once. */
  @Override
  public void start() {
    for (int u = 0; u < model.concurrency(); u++) {
      issueFrom(u);
    }
  }

  /** Ends warm-up: operations issued from now on are measured. */
  @Override
  public void startMeasuring() {
    measured.takeOverFrom(warmup); // before the window that sends records there is published
    long now = System.nanoTime();
    // Measured indices start past a gap: a user that took an index just before the new window
    // became visible still sees the old window, so its operation must have an index below the
    // window's start, or it would count as warm-up yet use up one of the measured executions.
    long from = nextIndex.get() + SWITCH_GAP;
    measureStartNanos = now;
    rateWindow.open(now, model.durationMs() > 0 ? model.durationMs() * 1_000_000L : Long.MAX_VALUE);
    window = new IssueWindow(
        now,
        model.durationMs() > 0 ? model.durationMs() * 1_000_000L : Long.MAX_VALUE,
        from,
        model.executions() > 0 ? from + model.executions() : Long.MAX_VALUE);
    measureFromIndex = from;
    nextIndex.accumulateAndGet(from, Math::max);
    warmup.inFlightAtSwitch(warmupInFlight(now));
  }

  /** The warm-up's operations in flight at {@code now}: a user's whose index lies below the measured phase's. */
  private InFlight warmupInFlight(long now) {
    LongStream.Builder starts = LongStream.builder();
    for (int u = 0; u < users.length; u++) {
      long start = userSlots.get(slot(u));
      long index = userSlots.get(slot(u) + 1); // its operation's, or a later one's: then this one is over
      if (Claim.inFlight(start) && index < measureFromIndex) {
        starts.add(start);
      }
    }
    return InFlight.of(starts.build(), now);
  }

  /**
   * The users that ran the measured phase: the concurrency less the warm-up operations still in flight when its window
   * closed, each of which held its user through the whole window.
   */
  @Override
  public Integer effectiveConcurrency() {
    return measuring() ? model.concurrency() - (int) warmup.inFlightAtWindowEnd().count() : null;
  }

  /**
   * More operations than can be issued between reading the next index and publishing the window;
   * so a closed run without warm-up measures the sequence's indices from this one on.
   */
  public static final long SWITCH_GAP = 1L << 20;

  /**
   * The most indices a user claims at once from the shared counter. Taking one per operation would move the counter's
   * cache line between the cores on every operation (both event loops issue); docs/decisions.md has the harness's cost
   * both ways.
   */
  static final int INDEX_BLOCK = 64;

  @Override
  public boolean measuring() {
    return measureFromIndex != Long.MAX_VALUE;
  }

  public long measureStartNanos() {
    return measureStartNanos;
  }

  /**
   * Stops issuing new operations (the measured duration is over, deadline, failure); those in flight still complete.
   * The first stop while measuring closes the measured window: the warm-up operations still in flight then are noted.
   */
  @Override
  public void stop() {
    if (measuring()) {
      long now = System.nanoTime();
      rateWindow.stopped(now);
      if (!stopped) {
        warmup.inFlightAtWindowEnd(warmupInFlight(now));
      }
    }
    stopped = true;
  }

  public boolean stopped() {
    return stopped;
  }

  /** Stopped, or the measured duration (duration-bound runs) has elapsed. */
  @Override
  public boolean issuingEnded() {
    return stopped
        || model.durationMs() > 0 && measuring()
            && System.nanoTime() - measureStartNanos > model.durationMs() * 1_000_000L;
  }

  /**
   * Ends the run. If the drain timed out, the cut-off claims each operation still in flight (see {@link Claim}): a
   * measured one is unfinished and enters the latency with its age now (its latency is at least that); whichever phase
   * it belongs to, its completion, should it come, is recorded nowhere.
   */
  @Override
  public void finish() {
    long now = System.nanoTime();
    if (measureEndNanos == 0) {
      measureEndNanos = now;
    }
    if (usersDone.getCount() > 0) {
      for (int u = 0; u < model.concurrency(); u++) {
        long start = Claim.cut(userSlots, slot(u));
        if (start != Claim.IDLE && userSlots.get(slot(u) + 1) >= measureFromIndex) { // the index of the operation cut
          measured.unfinished(now - start);
        }
      }
    }
    finished = true;
  }

  private volatile boolean finished;

  /** Waits for every user to finish; false if operations were still in flight at the timeout. */
  @Override
  public boolean await(long timeout, TimeUnit unit) throws InterruptedException {
    return usersDone.await(timeout, unit);
  }

  @Override
  public double measuredSeconds() {
    if (!measuring()) {
      return 0;
    }
    return finished ? rateWindow.seconds(measured, measureEndNanos) : (System.nanoTime() - measureStartNanos) / 1e9;
  }

  @Override
  public double throughputOpsS() {
    return measuring() ? rateWindow.throughput(measured, measureEndNanos) : 0;
  }

  /**
   * Which operations may be issued and in which phase they count: measured from {@code fromIndex}
   * on, issued while the index is below {@code endIndex} and until {@code lengthNanos} after
   * {@code startNanos}. Unlimited warm-up before {@link #startMeasuring}. One immutable object read once per
   * operation, so that no operation pairs one phase's bounds with the other's.
   *
   * <p>Why values instead of an {@code if (measuring())}: the JIT compiles the issue path during
   * warm-up, when such a branch has only ever gone one way, and leaves the other way out. The first
   * measured operation then takes the way left out and deoptimizes the path, together with the
   * stack's completion callbacks it was compiled into, just as measurement starts; a reactive
   * stack, whose compiled callbacks are large, would lose seconds of throughput to the recompilation.
   * Here the same code runs in both phases, with other values (docs/decisions.md).
   */
  private record IssueWindow(long startNanos, long lengthNanos, long fromIndex, long endIndex) {
    /** Warm-up: no bound, everything warm-up. */
    static final IssueWindow UNLIMITED = new IssueWindow(0, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);

    boolean allows(long index, long now) {
      return index < endIndex && now - startNanos < lengthNanos;
    }

    /** 0 (warm-up) or 1 (measured): the sign bit of (fromIndex - 1 - index), negative exactly when index >= fromIndex. */
    int phase(long index) {
      return (int) ((fromIndex - 1 - index) >>> 63);
    }
  }

  /**
   * Issues operations for one virtual user. A trampoline: when the stack completes an operation
   * synchronously, the loop continues here instead of recursing from the completion callback.
   * One clock read per issue: the window's test and the operation's start are the same instant
   * (a clock read is a sizeable share of the harness's own cost per operation: docs/decisions.md).
   */
  private void issueFrom(int user) {
    User u = users[user];
    while (true) {
      IssueWindow w = window;
      long index;
      // Whether the user's block is the window's and not used up, in one test, not two: a test of the window alone
      // went one way for the whole warm-up, so the JIT compiled the other way out, and the switch to measuring sent
      // issueFrom and the completion callbacks it is inlined into back to the interpreter (see IssueWindow). Negative
      // exactly when the block is used up (end - next - 1 < 0) or was claimed under another window (stale != 0,
      // so stale | -stale has the sign bit); the warm-up uses up a block every few dozen operations.
      long stale = u.blockFrom ^ w.fromIndex();
      if (((u.blockEnd - u.blockNext - 1) | stale | -stale) >= 0) {
        index = u.blockNext++;
      } else {
        w = claim(u);
        index = u.blockNext++;
      }
      long start = System.nanoTime();
      if (stopped || !w.allows(index, start)) {
        userDone();
        return;
      }
      Operation op = sequence.operation(index);
      // The phase is fixed at issue, so an operation never counts as issued in one phase and completed in the other.
      int phase = w.phase(index);
      count(slot(user) + COUNTS + phase * PHASE_COUNTS + ISSUED, 1);
      userSlots.lazySet(slot(user) + 1, index);
      userSlots.lazySet(slot(user), start);
      CompletableFuture<OpResult> f;
      try {
        f = stack.execute(op).toCompletableFuture();
      } catch (RuntimeException e) {
        f = CompletableFuture.failedFuture(e);
      }
      if (!f.isDone()) {
        u.phase = phase;
        u.op = op;
        u.start = start;
        f.whenComplete(u);
        return;
      }
      if (f.isCompletedExceptionally()) {
        complete(user, phase, op, start, null, OutcomeRecorder.exceptionOf(f));
      } else {
        complete(user, phase, op, start, f.getNow(null), null);
      }
    }
  }

  /**
   * Claims the user's next {@link #block} indices from the shared counter, so that the counter's line is written once
   * per block, not per operation; with one atomic add, no compare-and-set: a retry after a failed one is a way the JIT
   * leaves out while a single thread claims, and the switch to measuring, which bumps the counter, made the first
   * failure and sent this method back to the interpreter as measurement started. The window is read after the add: a
   * value past the switch was bumped after the measured window was published, so that window is the one read. A
   * block claimed under the warm-up window ends below the measured window's first index (SWITCH_GAP exceeds the
   * users' racing claims), and is dropped at the switch: the user's next issue claims again under the new window. One
   * claimed before the counter's bump but read with the measured window lies below that first index too: of it the
   * user keeps one index, a warm-up operation as it would have been without blocks, not a block of them issued while
   * measuring. That test is arithmetic, not a branch (see {@link IssueWindow} for why).
   *
   * @return the window the block was claimed under, which this operation is tested and counted against
   */
  private IssueWindow claim(User u) {
    long first = nextIndex.getAndAdd(block);
    IssueWindow w = window;
    // 1 exactly when the window is a measured one (fromIndex < MAX_VALUE) and the block lies below its start
    long early = ((first - w.fromIndex()) >>> 63) & ((w.fromIndex() - Long.MAX_VALUE) >>> 63);
    u.blockNext = first;
    u.blockEnd = first + block - early * (block - 1);
    u.blockFrom = w.fromIndex();
    return w;
  }

  /**
   * A virtual user's completion callback, one per user for the whole run instead of a lambda allocated per operation:
   * a user has one operation in flight, whose phase, operation and start wait in the fields until it completes. They
   * are written before {@code whenComplete} publishes this callback (a volatile write in the future), and read by the
   * completing thread after it took the callback from there, so that thread sees them.
   */
  private final class User implements BiConsumer<OpResult, Throwable> {
    private final int id;
    private int phase;
    private Operation op;
    private long start;
    /**
     * The user's claimed indices: {@code [blockNext, blockEnd)} under the window whose {@code fromIndex} is {@code
     * blockFrom} (see {@link #claim}; the two windows' differ, and no window's is 0, a new user's).
     */
    private long blockNext;
    private long blockEnd;
    private long blockFrom;

    User(int id) {
      this.id = id;
    }

    @Override
    public void accept(OpResult result, Throwable error) {
      int p = phase;
      Operation o = op;
      op = null;
      complete(id, p, o, start, result, error);
      issueFrom(id);
    }
  }

  /** User {@code u}'s slot: past one stride of padding, so the array's header line is not shared either. */
  private static int slot(int u) {
    return (u + 1) * SLOT_STRIDE;
  }

  private void userDone() {
    long now = System.nanoTime();
    usersDone.countDown();
    if (usersDone.getCount() == 0 && measureEndNanos == 0) {
      measureEndNanos = now;
    }
  }

  private void complete(int user, int phase, Operation op, long start, OpResult result, Throwable error) {
    long now = System.nanoTime();
    int slot = slot(user);
    int p = phase + Claim.take(userSlots, slot, start) * (LATE - phase); // LATE when the cut-off claimed it first
    if (outcomes.record(phases[p], op, now - start, now, result, error)) {
      int counts = slot + COUNTS + p * PHASE_COUNTS;
      count(counts + OK, 1);
      count(counts + STATEMENTS, result.statementsSent()); // what reached the server, for its count beside ours
      userSlots.setOpaque(counts + LAST_OK, now);
      count(slot + IN_WINDOW, rateWindow.inside(now));
    }
    Claim.free(userSlots, slot);
  }
}
