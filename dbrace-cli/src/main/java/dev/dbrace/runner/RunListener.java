package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;

/** Told about a race's progress; the console progress bar implements it. Default: silent. */
public interface RunListener {

  /**
   * A run about to start.
   *
   * @param index this run's number in the race, from 1
   * @param total the runs expected in all (an estimate for a capacity search)
   * @param etaS seconds the rest of the race should take, from the runs so far; 0 if unknown
   * @param round this run's round (1-based) of {@code rounds}
   */
  record Ticket(int index, int total, String stack, LoadModel load, String purpose, int step, double etaS, int round,
      int rounds) {}

  default void runStarted(Ticket run) {}

  default void phase(String stack, String phase) {}

  default void progress(String stack, String phase, long ops, long errors, double elapsedS) {}

  default void runFinished(RunRecord run) {}

  /** Something the plan decided that a person watching should know (a series cut short, a verdict). */
  default void note(String message) {}
}
