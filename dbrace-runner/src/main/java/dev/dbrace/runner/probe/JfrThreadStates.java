package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import jdk.jfr.consumer.RecordingFile;

/**
 * Summarises a worker's Flight Recorder file into {@link RunRecord.ThreadStates}: where its
 * threads spent the measured phase. E1's JFR pictures showed JDBC threads blocked on the pool;
 * these figures say the same in numbers a table can compare across stacks.
 *
 * <p>Read the file only after the worker has exited: the JVM writes it at exit. A summary never
 * throws: a missing or unreadable file gives a {@code ThreadStates} with {@code threads == 0}
 * and a note saying why; a file cut short (the worker was killed while writing it) gives what
 * its intact chunks hold with a note saying so, or, if not even one chunk is whole, no figures.
 */
public final class JfrThreadStates {
  private JfrThreadStates() {}

  /**
   * Thread time between {@code from} and {@code to} (the measured phase, as seen by the runner's
   * clock; JFR's timestamps are the same machine's wall clock).
   */
  public static RunRecord.ThreadStates summarize(Path jfr, Instant from, Instant to) {
    try {
      if (jfr == null || !Files.isRegularFile(jfr)) {
        return unavailable("no Flight Recorder file " + (jfr == null ? "" : jfr.getFileName() + " ")
            + "(a worker killed before it exited cannot write one)");
      }
      if (from == null || to == null) {
        return unavailable("the measured phase never started");
      }
      if (!to.isAfter(from)) {
        return unavailable("the measured phase is empty (" + from + " to " + to + ")");
      }
      return read(jfr, new ThreadStateTally(from, to));
    } catch (RuntimeException | InternalError | StackOverflowError e) {
      return unavailable("could not read " + jfr.getFileName() + ": " + describe(e));
    }
  }

  private static RunRecord.ThreadStates read(Path jfr, ThreadStateTally tally) {
    String cut = null;
    try (RecordingFile file = new RecordingFile(jfr)) {
      try {
        while (file.hasMoreEvents()) {
          tally.add(file.readEvent());
        }
      } catch (IOException | RuntimeException | InternalError | StackOverflowError e) {
        cut = describe(e); // a damaged file: keep what was read before the damage
      }
      try {
        tally.addTypes(file.readEventTypes());
      } catch (IOException | RuntimeException | InternalError | StackOverflowError e) {
        // the names of the event types that occurred are known already; only unused ones are missing
      }
    } catch (IOException | RuntimeException | InternalError | StackOverflowError e) {
      cut = describe(e); // not even a chunk header
    }
    if (tally.isEmpty()) {
      return unavailable(jfr.getFileName() + (cut == null ? " holds no events"
          : " cannot be read, cut short or damaged (" + cut + ")"));
    }
    String missed = tally.missesWindow();
    return missed == null ? tally.result(cut) : unavailable(missed);
  }

  /** A summary without figures; {@code threads == 0} tells a report there is nothing to show. */
  public static RunRecord.ThreadStates unavailable(String why) {
    return new RunRecord.ThreadStates(0, 0, 0, 0, 0, 0, 0, "no thread states: " + why);
  }

  private static String describe(Throwable e) {
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }
}
