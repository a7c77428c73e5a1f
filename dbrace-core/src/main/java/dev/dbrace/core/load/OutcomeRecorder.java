package dev.dbrace.core.load;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.Verifier;
import java.util.concurrent.CompletableFuture;

/**
 * Records a completed operation in its phase after checking its result, so both load models
 * apply the same rule: a driver error or a wrong answer is an error, never throughput.
 * Stateless apart from the verifier; called from every completing thread.
 */
final class OutcomeRecorder {
  private final Verifier verifier;
  private final SuccessLog successes;
  private final RateWindow window;

  OutcomeRecorder(Verifier verifier, RateWindow window) {
    this(verifier, SuccessLog.NONE, window);
  }

  OutcomeRecorder(Verifier verifier, SuccessLog successes, RateWindow window) {
    this.verifier = verifier;
    this.successes = successes;
    this.window = window;
  }

  /** Records an operation that completed at {@code nowNanos} after {@code latencyNs}. */
  void record(PhaseStats phase, Operation op, long latencyNs, long nowNanos, OpResult result, Throwable error) {
    if (error != null) {
      phase.failure(latencyNs, PhaseStats.kindOf(error), String.valueOf(error));
      return;
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
    } else {
      // what reached the server, for its count beside ours; the first item where the stack tells it
      phase.success(latencyNs, result.statementsSent(), nowNanos, result.firstItemNanos());
      window.completed(nowNanos);
      successes.succeeded(op.index());
    }
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
