package dev.dbrace.core.run;

/**
 * A worker's progress message: its counts so far in the phase it is in. Sent by the worker ({@link Protocol#progress})
 * and read by the runner as this same type, so the two JVMs agree on its fields by the compiler, not by key names.
 *
 * @param phase {@code warmup} or {@code measure}
 * @param ops verified operations so far
 * @param errors failed operations so far
 * @param timeouts those of the errors that were timeouts (the service level's stall guard counts answers only)
 * @param notIssued open-loop arrivals not sent because of the in-flight limit (0 for a closed loop)
 * @param elapsedS seconds since the phase began
 */
public record Progress(String phase, long ops, long errors, long timeouts, long notIssued, double elapsedS) {

  /** Operations the worker decided about: answered, failed or refused. A stalled loop decides nothing. */
  public long decided() {
    return ops + errors + notIssued;
  }

  /** Answers (verified or the service's own errors), neither timeouts nor refusals: what a live service gives. */
  public long answered() {
    return ops + errors - timeouts;
  }
}
