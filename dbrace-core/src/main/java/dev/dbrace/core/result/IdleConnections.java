package dev.dbrace.core.result;

import dev.dbrace.core.load.LoadModel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sentence a race's output and report carry when a stack ran its statements on fewer connections than both its
 * pool and its virtual users allowed ({@link RunRecord.Connections}): the race gave every stack the same pool, but
 * not the same number of connections at work. Closed-loop runs only: an open loop's arrivals decide how many
 * operations are in flight, so few busy connections there can be the load's doing.
 */
public final class IdleConnections {
  private IdleConnections() {}

  /** One sentence naming each stack whose closed-loop runs all left connections idle; empty when none did. */
  public static Optional<String> sentence(List<RunRecord> runs) {
    Map<String, int[]> byStack = new LinkedHashMap<>(); // {fewest used, most used, pool, most opened}
    Map<String, Boolean> allIdle = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      RunRecord.Connections c = r.probes().connections();
      if (c == null || !(r.loadModel() instanceof LoadModel.Closed closed)) {
        continue;
      }
      int pool = r.pool() != null ? r.pool() : c.open();
      allIdle.merge(r.stack(), c.used() < Math.min(pool, closed.concurrency()), Boolean::logicalAnd);
      byStack.merge(r.stack(), new int[] {c.used(), c.used(), pool, c.open()},
          (a, b) -> new int[] {Math.min(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])});
    }
    List<String> parts = new ArrayList<>();
    byStack.forEach((stack, u) -> {
      if (allIdle.get(stack)) {
        parts.add(stack + " on " + (u[0] == u[1] ? u[0] : u[0] + "-" + u[1]) + " of its pool of " + u[2]
            + " (" + u[3] + " opened)");
      }
    });
    if (parts.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("Connections at work, as the server saw them: " + String.join("; ", parts)
        + " - the pool was equal, the connections carrying statements were not.");
  }
}
