package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;

/**
 * Adds up Flight Recorder events into thread time by state, each event clipped to the measured
 * phase [from, to): a park that began in warm-up counts only for its part after {@code from}.
 *
 * <p>What the sums can and cannot see, said in the summary's note: running is execution samples
 * times the sampling period, an estimate (JFR samples at most 5 threads in Java code per period
 * and none in native code, so JNI and syscalls are not "running"); the other states count only
 * intervals at least as long as their event's threshold, so they are lower bounds; a thread in
 * native code (an event loop in epoll_wait) is in no state at all. Virtual threads unmount
 * when they park, so JFR has no event for those parks; their carriers, idle, show as parked.
 * {@code threads} counts platform threads alive in the window as far as any event shows them
 * (JFR's own and the JVM's non-Java threads are not among them); virtual threads, one per
 * operation on some stacks, are counted in the note.
 */
public final class ThreadStateTally {
  /** More distinct virtual threads than this are counted as "more than" (one per operation adds up). */
  static final int VIRTUAL_THREADS_COUNTED = 1_000_000;

  private static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
  private static final double ASSUMED_PERIOD_S = 0.020;
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT).withZone(ZoneId.systemDefault());

  /** The states summed from duration events, each with the events that mean it. */
  private enum State {
    BLOCKED("monitor enter", "jdk.JavaMonitorEnter"),
    WAITING("monitor wait", "jdk.JavaMonitorWait"),
    PARKED("park", "jdk.ThreadPark"),
    SLEEPING("sleep", "jdk.ThreadSleep"),
    SOCKET_IO("socket I/O", "jdk.SocketRead", "jdk.SocketWrite");

    final String label;
    final List<String> events;

    State(String label, String... events) {
      this.label = label;
      this.events = List.of(events);
    }
  }

  private static final Map<String, State> STATE_OF_EVENT = new HashMap<>();

  static {
    for (State s : State.values()) {
      s.events.forEach(e -> STATE_OF_EVENT.put(e, s));
    }
  }

  private final long fromNs;
  private final long toNs;
  private final long[] stateNs = new long[State.values().length];
  /** Platform thread id to {start, end} as far as the recording shows (unknown: before/after it). */
  private final Map<Long, long[]> platformLives = new HashMap<>();
  private final Set<Long> virtualThreads = new HashSet<>();
  private final Map<Long, String> typeNames = new HashMap<>();
  private final JfrSettingsSeen settings = new JfrSettingsSeen();
  private boolean moreVirtualThreads;
  private long executionSamples;
  private long pinnedCount;
  private long pinnedNs;
  private long gcCount;
  private long gcPauseNs;
  private long latestNs = Long.MIN_VALUE;
  private long earliestStartNs = Long.MAX_VALUE;
  /** Every chunk of a file starts with the settings, so the oldest setting is where the file begins. */
  private long earliestSettingNs = Long.MAX_VALUE;

  ThreadStateTally(Instant from, Instant to) {
    this.fromNs = nanos(from);
    this.toNs = nanos(to);
  }

  void add(RecordedEvent e) {
    EventType type = e.getEventType();
    String name = type.getName();
    typeNames.putIfAbsent(type.getId(), name);
    long start = nanos(e.getStartTime());
    long end = nanos(e.getEndTime());
    latestNs = Math.max(latestNs, end);
    earliestStartNs = Math.min(earliestStartNs, start);
    State state = STATE_OF_EVENT.get(name);
    if (state != null) {
      long overlap = overlap(start, end);
      stateNs[state.ordinal()] += Math.max(0, overlap);
      see(e.getThread(), overlap > 0);
      return;
    }
    switch (name) {
      case EXECUTION_SAMPLE -> {
        executionSamples += inWindow(start) ? 1 : 0;
        see(e.getThread("sampledThread"), inWindow(start));
      }
      case "jdk.NativeMethodSample" -> see(e.getThread("sampledThread"), inWindow(start));
      case "jdk.VirtualThreadPinned" -> {
        long overlap = overlap(start, end);
        if (overlap > 0) {
          pinnedCount++;
          pinnedNs += overlap;
        }
        see(e.getThread(), overlap > 0);
      }
      case "jdk.GarbageCollection" -> {
        if (inWindow(start)) {
          gcCount++;
          gcPauseNs += e.getDuration("sumOfPauses").toNanos();
        }
      }
      case "jdk.ThreadStart" -> life(e.getThread("thread"))[0] = start;
      case "jdk.ThreadEnd" -> life(e.getThread("thread"))[1] = start;
      case "jdk.ActiveSetting" -> {
        settings.add(e);
        earliestSettingNs = Math.min(earliestSettingNs, start);
      }
      default -> { } // other events of a user's own settings
    }
  }

  /** Event type names from the file's metadata, for settings of events that never occurred. */
  void addTypes(List<EventType> types) {
    types.forEach(t -> typeNames.putIfAbsent(t.getId(), t.getName()));
  }

  /** Nothing was read at all. */
  boolean isEmpty() {
    return latestNs == Long.MIN_VALUE;
  }

  /**
   * Why the file cannot say anything about the window (it ends before the window or begins after
   * it: another run's file, or a clock mismatch), or null if it covers some of it.
   */
  String missesWindow() {
    long begins = earliestSettingNs != Long.MAX_VALUE ? earliestSettingNs : earliestStartNs;
    if (latestNs > fromNs && begins < toNs) {
      return null;
    }
    return "the recording (" + CLOCK.format(instant(begins)) + " to " + CLOCK.format(instant(latestNs))
        + ") does not cover the measured phase (" + CLOCK.format(instant(fromNs)) + " to "
        + CLOCK.format(instant(toNs)) + ")";
  }

  /**
   * The summary; {@code cut}, if not null, says why reading stopped before the end of the file.
   */
  RunRecord.ThreadStates result(String cut) {
    JfrSettingsSeen.Resolved seen = settings.resolve(typeNames);
    Duration period = seen.smallest(EXECUTION_SAMPLE, "period").orElse(null);
    double periodS = period == null ? ASSUMED_PERIOD_S : period.toNanos() / 1e9;
    List<String> note = new ArrayList<>();
    note.add(String.format(Locale.ROOT,
        "running is an estimate: %,d execution sample%s x %s%s (JFR samples at most 5 threads in Java code per"
            + " period, none in native code)",
        executionSamples, executionSamples == 1 ? "" : "s", period == null ? "20 ms" : millis(period), period == null ? " assumed" : ""));
    note.add(thresholds(seen));
    if (gcCount > 0) {
      note.add(String.format(Locale.ROOT, "%,d garbage collection%s paused %.3f s in all", gcCount,
          gcCount == 1 ? "" : "s", gcPauseNs / 1e9));
    }
    if (!virtualThreads.isEmpty()) {
      note.add(virtualNote());
    }
    if (earliestSettingNs != Long.MAX_VALUE && earliestSettingNs > fromNs) {
      note.add("incomplete: the file begins at " + CLOCK.format(instant(earliestSettingNs))
          + ", after the measured phase began (Flight Recorder drops the oldest data beyond its maxsize);"
          + " figures from there on");
    }
    if (cut != null) {
      note.add("incomplete: the file is damaged after "
          + CLOCK.format(instant(latestNs))
          + (latestNs < toNs ? ", before the measured phase ended" : "") + " (" + cut + "); figures up to there");
    }
    return new RunRecord.ThreadStates(
        round(executionSamples * periodS),
        seconds(State.BLOCKED),
        seconds(State.WAITING),
        seconds(State.PARKED),
        seconds(State.SLEEPING),
        seconds(State.SOCKET_IO),
        platformThreadsInWindow(),
        String.join("; ", note));
  }

  /** Which interval each state counts from, or that it was not recorded at all. */
  private static String thresholds(JfrSettingsSeen.Resolved seen) {
    if (!seen.known(EXECUTION_SAMPLE) && !seen.known("jdk.ThreadPark")) {
      return "thresholds unknown (no jdk.ActiveSetting events in the file)";
    }
    List<String> counted = new ArrayList<>();
    List<String> off = new ArrayList<>();
    List<String> unknown = new ArrayList<>(); // a damaged file may lose the names of unused event types
    for (State s : State.values()) {
      List<String> known = s.events.stream().filter(seen::known).toList();
      List<String> on = known.stream().filter(seen::enabled).toList();
      if (on.isEmpty()) {
        (known.isEmpty() ? unknown : off).add(s.label);
        continue;
      }
      Duration t = on.stream().map(e -> seen.smallest(e, "threshold").orElse(Duration.ZERO))
          .min(Duration::compareTo).orElse(Duration.ZERO);
      counted.add(s.label + " " + millis(t));
    }
    String text = "other states sum intervals of at least " + String.join(", ", counted);
    text += off.isEmpty() ? "" : "; not recorded: " + String.join(", ", off);
    return unknown.isEmpty() ? text : text + "; settings unknown for " + String.join(", ", unknown);
  }

  private String virtualNote() {
    String count = String.format(Locale.ROOT, "%s%,d", moreVirtualThreads ? "more than " : "", virtualThreads.size());
    String pinned = pinnedCount == 0 ? ""
        : String.format(Locale.ROOT, "; %,d pinned parks, %.3f s, are in parked", pinnedCount, pinnedNs / 1e9);
    return count + (virtualThreads.size() == 1 ? " virtual thread" : " virtual threads")
        + ", not in threads: JFR records their sleeps, socket I/O and pinned parks, not"
        + " their other parks or monitor waits (they unmount); idle carriers show as parked" + pinned;
  }

  /**
   * Notes a thread: a platform thread is alive in the window unless the recording shows it ended
   * before or started after, whichever event names it (JFR has no event for a thread that merely
   * exists, but native samples rotate through threads in native code, such as idle event loops);
   * a virtual thread counts only if this event falls in the window (one per operation).
   */
  private void see(RecordedThread t, boolean inWindow) {
    if (t == null) {
      return;
    }
    if (!t.isVirtual()) {
      life(t);
    } else if (!inWindow) {
      return;
    } else if (virtualThreads.size() < VIRTUAL_THREADS_COUNTED) {
      virtualThreads.add(t.getId());
    } else {
      moreVirtualThreads = !virtualThreads.contains(t.getId()) || moreVirtualThreads;
    }
  }

  /** {start, end} of a platform thread, unknown ends lying outside the recording. */
  private long[] life(RecordedThread t) {
    if (t == null || t.isVirtual()) {
      return new long[2];
    }
    return platformLives.computeIfAbsent(t.getId(), id -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
  }

  private int platformThreadsInWindow() {
    return (int) platformLives.values().stream().filter(l -> l[0] < toNs && l[1] > fromNs).count();
  }

  private boolean inWindow(long t) {
    return t >= fromNs && t < toNs;
  }

  private long overlap(long start, long end) {
    return Math.min(end, toNs) - Math.max(start, fromNs);
  }

  private double seconds(State s) {
    return round(stateNs[s.ordinal()] / 1e9);
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }

  private static String millis(Duration d) {
    long ns = d.toNanos();
    return ns % 1_000_000 == 0 ? ns / 1_000_000 + " ms" : String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
  }

  private static long nanos(Instant i) {
    return i.getEpochSecond() * 1_000_000_000L + i.getNano();
  }

  private static Instant instant(long nanos) {
    return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L));
  }
}
