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
    Map<String, Seen> byStack = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      RunRecord.Connections c = r.probes().connections();
      if (c == null || !(r.loadModel() instanceof LoadModel.Closed closed)) {
        continue;
      }
      int pool = r.pool() != null ? r.pool() : c.open();
      byStack.merge(r.stack(), new Seen(c.used(), c.used(), pool, c.open(), c.used() < Math.min(pool, closed.concurrency())),
          Seen::and);
    }
    List<String> parts = new ArrayList<>();
    byStack.forEach((stack, s) -> {
      if (s.allIdle()) {
        parts.add(stack + " on " + (s.fewestUsed() == s.mostUsed() ? s.fewestUsed() : s.fewestUsed() + "-" + s.mostUsed())
            + " of its pool of " + s.pool() + " (" + s.mostOpened() + " opened)");
      }
    });
    if (parts.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("Connections at work, as the server saw them: " + String.join("; ", parts)
        + " - the pool was equal, the connections carrying statements were not.");
  }

  /** A stack's runs so far: the fewest and most connections used, its pool, the most opened, whether all left some idle. */
  private record Seen(int fewestUsed, int mostUsed, int pool, int mostOpened, boolean allIdle) {
    Seen and(Seen o) {
      return new Seen(Math.min(fewestUsed, o.fewestUsed), Math.max(mostUsed, o.mostUsed), Math.max(pool, o.pool),
          Math.max(mostOpened, o.mostOpened), allIdle && o.allIdle);
    }
  }
}
