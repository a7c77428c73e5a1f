package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.Verifier;
import java.util.concurrent.CompletableFuture;

/**
 * Records a completed operation in its phase after checking its result, so both load models
 * apply the same rule: a driver error or a wrong answer is an error, never throughput.
 * Stateless apart from the verifier; called from every completing thread. A verified operation's
 * counts (ok, statements, the rate window's) are the caller's: the open loop counts in the phase's
 * adders, the closed loop per user ({@link PhaseStats.Tally}).
 */
final class OutcomeRecorder {
  private final Verifier verifier;
  private final SuccessLog successes;

  OutcomeRecorder(Verifier verifier) {
    this(verifier, SuccessLog.NONE);
  }

  OutcomeRecorder(Verifier verifier, SuccessLog successes) {
    this.verifier = verifier;
    this.successes = successes;
  }

  /**
   * Records an operation that completed at {@code nowNanos} after {@code latencyNs}: a failure entirely, a verified
   * operation's latency; true when it was verified (then {@code result} is not null and the caller counts it).
   */
  boolean record(PhaseStats phase, Operation op, long latencyNs, long nowNanos, OpResult result, Throwable error) {
    if (error != null) {
      phase.failure(latencyNs, PhaseStats.kindOf(error), String.valueOf(error));
      return false;
    }
    String problem;
    try {
      problem = result == null ? "the stack completed the operation without a result" : verifier.check(op, result);
    } catch (RuntimeException e) {
      // thrown here it would end the virtual user silently (the loops issue the next operation after
      // recording): a check that cannot read the result is a wrong result
      problem = "the result could not be checked: " + e;
    }
    if (problem != null) {
      phase.failure(latencyNs, PhaseStats.normalize("wrong result: " + problem), problem);
      return false;
    }
    phase.record(latencyNs, nowNanos, result.firstItemNanos()); // the first item where the stack tells it
    successes.succeeded(op.index());
    return true;
  }

  /** The failure of a future completed exceptionally, without the CompletionException wrapper. */
  static Throwable exceptionOf(CompletableFuture<?> f) {
    try {
      f.join();
      return null;
    } catch (RuntimeException e) {
      return e.getCause() != null ? e.getCause() : e;
    }
  }
}
