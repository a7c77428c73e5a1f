package dev.dbrace.core.run;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.stream.Collectors;

/** Cumulative GC count and time of this JVM, to take deltas over the measured phase. */
record GcSnapshot(long count, long timeMs) {

  static GcSnapshot now() {
    long count = 0;
    long time = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      count += Math.max(0, gc.getCollectionCount());
      time += Math.max(0, gc.getCollectionTime());
    }
    return new GcSnapshot(count, time);
  }

  WorkerResult.Gc delta() {
    GcSnapshot end = now();
    String names = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "));
    return new WorkerResult.Gc(end.count - count, end.timeMs - timeMs, names);
  }
}
