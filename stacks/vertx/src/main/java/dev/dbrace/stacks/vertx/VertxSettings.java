package dev.dbrace.stacks.vertx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code --stack-opt} settings of the Vert.x stacks, parsed and checked.
 *
 * @param cachePreparedStatements {@code PgConnectOptions.setCachePreparedStatements}: each
 *     connection parses a statement once and then only binds and executes it
 * @param pipeliningLimit commands in flight per connection ({@code vertx-pipelined} only; the
 *     {@code vertx} pool sends one command at a time per connection whatever this says)
 * @param eventLoops Vert.x event-loop threads
 * @param transport {@code nio} (Java NIO, Vert.x's own default and ours), {@code epoll} (Netty's
 *     native transport; an error where it does not load) or {@code auto} (epoll where it loads, as
 *     reactor-netty under R2DBC does by itself). Neither is faster beyond the noise
 *     (docs/decisions.md), so the default stays Vert.x's.
 */
record VertxSettings(boolean cachePreparedStatements, int pipeliningLimit, int eventLoops, String transport) {

  static final String CACHE_PREPARED_STATEMENTS = "cachePreparedStatements";
  static final String PIPELINING_LIMIT = "pipeliningLimit";
  static final String EVENT_LOOPS = "eventLoops";
  static final String TRANSPORT = "transport";

  /** Vert.x's own default ({@code PgConnectOptions.DEFAULT_PIPELINING_LIMIT}). */
  static final int DEFAULT_PIPELINING_LIMIT = 256;

  /** The option keys a variant accepts, in display order. */
  static List<String> knownKeys(boolean pipelined) {
    return pipelined
        ? List.of(CACHE_PREPARED_STATEMENTS, PIPELINING_LIMIT, EVENT_LOOPS, TRANSPORT)
        : List.of(CACHE_PREPARED_STATEMENTS, EVENT_LOOPS, TRANSPORT);
  }

  /**
   * Parses {@code options}.
   *
   * @throws IllegalArgumentException naming the key when one is unknown or its value is bad
   */
  static VertxSettings parse(String stack, Map<String, String> options, boolean pipelined) {
    List<String> known = knownKeys(pipelined);
    List<String> unknown = new ArrayList<>();
    for (String key : options.keySet()) {
      if (!known.contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      unknown.sort(null);
      throw new IllegalArgumentException("stack " + stack + " has no option " + String.join(", ", unknown)
          + " (known: " + String.join(", ", known) + ")");
    }
    Map<String, String> o = new HashMap<>(options);
    boolean cache = bool(stack, CACHE_PREPARED_STATEMENTS, o.get(CACHE_PREPARED_STATEMENTS), true);
    int limit = positiveInt(stack, PIPELINING_LIMIT, o.get(PIPELINING_LIMIT), DEFAULT_PIPELINING_LIMIT);
    int loops = positiveInt(stack, EVENT_LOOPS, o.get(EVENT_LOOPS), Runtime.getRuntime().availableProcessors());
    String transport = o.getOrDefault(TRANSPORT, "nio");
    if (!List.of("auto", "epoll", "nio").contains(transport)) {
      throw new IllegalArgumentException("stack " + stack + ": " + TRANSPORT + " must be auto, epoll or nio, got '" + transport + "'");
    }
    return new VertxSettings(cache, limit, loops, transport);
  }

  private static boolean bool(String stack, String key, String value, boolean dflt) {
    if (value == null) {
      return dflt;
    }
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException(
          "stack " + stack + ": option " + key + " must be true or false, not '" + value + "'");
    };
  }

  private static int positiveInt(String stack, String key, String value, int dflt) {
    if (value == null) {
      return dflt;
    }
    int n;
    try {
      n = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1) {
      throw new IllegalArgumentException(
          "stack " + stack + ": option " + key + " must be a positive integer, not '" + value + "'");
    }
    return n;
  }
}
