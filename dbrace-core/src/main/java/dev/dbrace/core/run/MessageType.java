package dev.dbrace.core.run;

import java.util.Locale;

/**
 * The {@code type} of a worker-to-runner message ({@link Protocol}, and the experiment worker's),
 * sent as the lowercase name. {@link #EOF} and {@link #NOISE} never travel: the runner's reader
 * makes them for a worker whose stdout closed and for a line that is not a message.
 */
public enum MessageType {
  /** The stack is open; warm-up starts. */
  READY,
  /**
   * A held run's warm-up ended by its rule (a run that agents share: {@link RunSpec.LoadPlan#held}): the worker keeps
   * its warm-up load on and waits for the runner's {@code measure} command.
   */
  SETTLED,
  /** Warm-up is over: the runner snapshots the process's counters now. */
  MEASURE,
  /** Operations so far (a stack) or a line of news (an experiment). */
  PROGRESS,
  /**
   * The measured window closed: no operation will be issued, those in flight drain. The runner reads the process's CPU
   * now, the end of % CPU's span (a stuck operation's drain is not in it).
   */
  DRAIN,
  /** The figures; the worker exits after it. */
  RESULT,
  /** The worker could not run; its message says why. */
  ERROR,
  /** An experiment refused one of its options (the runner exits 2). */
  BAD_INPUT,
  /** Runner side only: the worker's stdout closed. */
  EOF,
  /** Runner side only: a line that is not a message (or of a type this runner does not know). */
  NOISE;

  /** The type as sent: {@code ready}, {@code bad_input}, ... */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The type sent as {@code wire}; {@link #NOISE} for one this runner does not know. */
  public static MessageType of(String wire) {
    for (MessageType t : values()) {
      if (t.wire().equals(wire) && t != EOF && t != NOISE) {
        return t;
      }
    }
    return NOISE;
  }
}
