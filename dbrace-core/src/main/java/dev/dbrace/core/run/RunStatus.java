package dev.dbrace.core.run;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a run (a stack's, a service's or an experiment's) ended, as the runner judged it; written to
 * race.json and experiment.json as the lowercase name. Only {@link #OK} runs have figures, except
 * an {@link #INTERRUPTED} or {@link #STALLED} one that had reached its measured phase.
 */
public enum RunStatus {
  /** The worker reported its result in time. */
  OK,
  /** The stack (or service, or experiment) could not start or reported an error instead of a result. */
  FAILED,
  /** The worker died before reporting a result. */
  CRASHED,
  /** The worker was killed after a deadline (or a stall) passed without a result. */
  HUNG,
  /**
   * Service level: the service answered nothing for the stall timeout (its requests only timed out),
   * so the run was stopped; its figures are those measured until then.
   */
  STALLED,
  /** Ctrl-C: the run was cut short; its figures are those measured until then. */
  INTERRUPTED,
  /** An experiment of several parts, some of which did not finish (experiment.json only). */
  PARTIAL,
  /**
   * A run that agents shared, one (or more) of which left the cluster or whose worker failed during it: the figures
   * are the other agents' (their load was a part of the asked one), so the run is kept out of the verdict.
   */
  DEGRADED;

  /** The name in result files and on the console: {@code ok}, {@code failed}, ... */
  @JsonValue
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The status named {@code label} ({@link #label}), as results files hold it. */
  @JsonCreator
  public static RunStatus of(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }

  @Override
  public String toString() {
    return label();
  }
}
