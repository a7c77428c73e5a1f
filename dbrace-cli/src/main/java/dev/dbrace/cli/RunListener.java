package dev.dbrace.cli;

import dev.dbrace.core.result.RunRecord;

/** Told about a race's progress; the console progress bar implements it. Default: silent. */
interface RunListener {
  default void runStarted(int index, int total, String stack, String load) {}

  default void phase(String stack, String phase) {}

  default void progress(String stack, String phase, long ops, long errors, double elapsedS) {}

  default void runFinished(RunRecord run) {}
}
