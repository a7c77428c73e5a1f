package dev.dbrace.runner.fault;

import dev.dbrace.runner.Durations;
import dev.dbrace.runner.UserError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The faults of {@code --faults}: {@code KIND[=VALUE]@AT[+FOR]} separated by commas, times from
 * the start of the measured phase, e.g. {@code kill-connections@2s,latency=50ms@4s+2s,restart@8s}.
 * Validated once against the run's duration and database; every problem is the user's, in one line.
 * Immutable.
 */
public record FaultPlan(String spec, List<Fault> faults) {

  enum Kind {
    KILL_CONNECTIONS("kill-connections"), RESTART("restart"), LATENCY("latency"), STALL("stall"), EXHAUST("exhaust");

    final String label;

    Kind(String label) {
      this.label = label;
    }

    static Kind of(String label) {
      for (Kind k : values()) {
        if (k.label.equals(label)) {
          return k;
        }
      }
      throw new UserError("--faults: unknown fault '" + label + "' (known: kill-connections, restart, latency, stall, exhaust)");
    }
  }

  /**
   * @param value latency: the added delay in ms; exhaust: connections that sleep (0 = the pool size); else 0
   * @param forMs how long it lasts; 0 for an instant (kill-connections without +FOR, restart)
   */
  public record Fault(Kind kind, long value, long atMs, long forMs) {
    public String describe() {
      String v = switch (kind) {
        case LATENCY -> "=" + value + "ms";
        case EXHAUST -> value > 0 ? "=" + value : "";
        default -> "";
      };
      return kind.label + v + "@" + seconds(atMs) + (forMs > 0 ? "+" + seconds(forMs) : "");
    }

    public boolean needsProxy() {
      return kind == Kind.LATENCY || kind == Kind.STALL;
    }
  }

  private static final Pattern ONE = Pattern.compile("([a-z-]+)(?:=([^@]+))?@([^+]+)(?:\\+(.+))?");

  /**
   * Parses and checks {@code spec} for a run of {@code durationMs} measured milliseconds.
   *
   * @param embedded whether dbrace started the database (a restart needs that)
   */
  public static FaultPlan parse(String spec, long durationMs, boolean embedded) {
    List<Fault> out = new ArrayList<>();
    for (String part : spec.split(",")) {
      String p = part.trim();
      Matcher m = ONE.matcher(p);
      if (!m.matches()) {
        throw new UserError("--faults: '" + p + "' is not KIND[=VALUE]@AT[+FOR], e.g. latency=50ms@2s+1s");
      }
      Kind kind = Kind.of(m.group(1));
      long at = duration(m.group(3), p);
      long len = m.group(4) == null ? 0 : duration(m.group(4), p);
      long value = value(kind, m.group(2), p);
      switch (kind) {
        case RESTART -> require(len == 0, "'" + p + "': a restart has no duration (restart@AT)");
        case LATENCY, STALL, EXHAUST -> require(len > 0, "'" + p + "': " + kind.label + " needs a duration, e.g. "
            + kind.label + (kind == Kind.LATENCY ? "=50ms" : "") + "@2s+1s");
        default -> { }
      }
      require(kind != Kind.RESTART || embedded, "'" + p + "': restart is only possible on the embedded database, "
          + "not on a --url database dbrace did not start");
      require(at + len <= durationMs, "'" + p + "' ends after the measured " + seconds(durationMs) + " (--duration)");
      out.add(new Fault(kind, value, at, len));
    }
    out.sort(Comparator.comparingLong(Fault::atMs));
    for (int i = 1; i < out.size(); i++) {
      Fault a = out.get(i - 1);
      Fault b = out.get(i);
      require(a.atMs() + a.forMs() <= b.atMs(), "'" + a.describe() + "' and '" + b.describe()
          + "' overlap: one fault at a time, so each one's recovery is its own");
    }
    require(!out.isEmpty() && out.get(0).atMs() > 0, "the first fault must come after 0s: its recovery is "
        + "measured against the p99 before it");
    return new FaultPlan(spec, List.copyOf(out));
  }

  public boolean needsProxy() {
    return faults.stream().anyMatch(Fault::needsProxy);
  }

  private static long value(Kind kind, String raw, String part) {
    return switch (kind) {
      case LATENCY -> {
        require(raw != null, "'" + part + "': latency needs a delay, e.g. latency=50ms@2s+1s");
        long ms = duration(raw, part);
        require(ms > 0 && ms <= 60_000, "'" + part + "': the delay must be 1ms..60s");
        yield ms;
      }
      case EXHAUST -> {
        if (raw == null) {
          yield 0;
        }
        try {
          long n = Long.parseLong(raw.trim());
          require(n >= 1 && n <= 1000, "'" + part + "': exhaust=N takes 1..1000 connections");
          yield n;
        } catch (NumberFormatException e) {
          throw new UserError("--faults: '" + part + "': exhaust=N takes a number of connections");
        }
      }
      default -> {
        require(raw == null, "'" + part + "': " + kind.label + " takes no value");
        yield 0;
      }
    };
  }

  private static long duration(String raw, String part) {
    try {
      return Durations.parse(raw);
    } catch (UserError e) {
      throw new UserError("--faults: '" + part + "': " + e.getMessage());
    }
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new UserError(message.startsWith("--faults") ? message : "--faults: " + message);
    }
  }

  static String seconds(long ms) {
    return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%dms", ms);
  }
}
