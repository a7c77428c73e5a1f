package dev.dbrace.core.load;

import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * What the worker needs from a load model's driver, so that progress, the interval log and the
 * result come from one code path whatever the model. Lifecycle: {@link #start} (warm-up),
 * {@link #startMeasuring}, then the driver ends issuing by itself (executions or duration used
 * up) or on {@link #stop}; {@link #await} the in-flight operations; {@link #finish}.
 */
public sealed interface LoadDriver permits ClosedLoop, OpenLoop {

  /** The driver for a load model; {@code seed} makes an open loop's arrival times reproducible. */
  static LoadDriver create(Stack stack, OperationSequence sequence, LoadModel model, long seed) {
    return create(stack, sequence, model, seed, SuccessLog.NONE);
  }

  /** The same; an open loop tells {@code successes} each operation it counted successful (fault runs' ledger check). */
  static LoadDriver create(Stack stack, OperationSequence sequence, LoadModel model, long seed, SuccessLog successes) {
    return switch (model) {
      case LoadModel.Closed closed -> new ClosedLoop(stack, sequence, closed);
      case LoadModel.Open open -> new OpenLoop(stack, sequence, open, seed, successes);
    };
  }

  /** Starts issuing operations; returns at once. Until {@link #startMeasuring} they are warm-up. */
  void start();

  /** Ends warm-up: operations issued (closed) or arriving (open) from now on are measured. */
  void startMeasuring();

  boolean measuring();

  /** Stops issuing new operations (the runner's stop, a failure); those in flight still complete. */
  void stop();

  /** True once no new operation will be issued: stopped, or the model's measured span is used up. */
  boolean issuingEnded();

  /** Waits for every issued operation to complete; false if some were still in flight at the timeout. */
  boolean await(long timeout, TimeUnit unit) throws InterruptedException;

  /**
   * Ends the run: called once every operation completed or the drain timeout expired; operations
   * still in flight then enter the measured latency with their age (they are reported unfinished).
   */
  void finish();

  /**
   * While running, seconds since measurement started; once finished, the rate window's length
   * ({@link RateWindow#seconds}): the measured duration, or for an execution count (or a run
   * stopped early) up to the last verified completion.
   */
  double measuredSeconds();

  /** Once finished: verified operations per second over the rate window ({@link RateWindow}). */
  double throughputOpsS();

  /**
   * Closed loop, once measuring: the virtual users that ran the measured phase, the concurrency less the warm-up
   * operations that held theirs through its whole window ({@link PhaseStats#inFlightAtWindowEnd}); null otherwise.
   */
  default Integer effectiveConcurrency() {
    return null;
  }

  /** Open loop: how late the generator handed measured operations to the stack; null otherwise. */
  default Histogram issueLateness() {
    return null;
  }

  PhaseStats warmup();

  PhaseStats measured();

  /**
   * Measured verified operations' latency from the moment the stack was handed each one, when the model
   * measures latency from somewhere else (the open loop's intended start); null otherwise.
   */
  default Histogram serviceLatency() {
    return null;
  }
}
