package dev.dbrace.core.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Whether a run's database connections used TLS, as the server saw them: race.json writes
 * {@code true}, {@code false} or {@code "mixed"} (some connections with, some without).
 */
public enum Tls {
  ON(Boolean.TRUE),
  OFF(Boolean.FALSE),
  MIXED("mixed");

  private final Object json;

  Tls(Object json) {
    this.json = json;
  }

  @JsonValue
  public Object json() {
    return json;
  }

  /** From race.json's value: true, false or "mixed"; null stays null. */
  @JsonCreator
  public static Tls of(Object v) {
    if (v == null) {
      return null;
    }
    return switch (String.valueOf(v)) {
      case "true" -> ON;
      case "false" -> OFF;
      case "mixed" -> MIXED;
      default -> throw new IllegalArgumentException("tls must be true, false or \"mixed\", got " + v);
    };
  }

  /** From the server's count of a run's connections with and without TLS; null when it saw none. */
  public static Tls of(long withTls, long without) {
    if (withTls == 0 && without == 0) {
      return null;
    }
    return withTls == 0 ? OFF : without == 0 ? ON : MIXED;
  }

  /** For tables: yes, no or mixed. */
  public String label() {
    return switch (this) {
      case ON -> "yes";
      case OFF -> "no";
      case MIXED -> "mixed";
    };
  }
}
