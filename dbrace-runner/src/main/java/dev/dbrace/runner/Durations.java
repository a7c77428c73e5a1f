package dev.dbrace.runner;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as a user writes them: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h} (a bare number is seconds). */
public final class Durations {
  private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

  private Durations() {}

  /** {@code value} in milliseconds; a {@link UserError} naming it when it is not a duration. */
  public static long parse(String value) {
    Matcher m = FORM.matcher(value.trim());
    if (!m.matches()) {
      throw new UserError("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m)");
    }
    double n = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double factor = switch (unit) {
      case "ms" -> 1;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      default -> 1_000;
    };
    return Math.round(n * factor);
  }

  private static final String[] UNITS = {"ms", "s", "m", "h"};
  private static final long[] UNIT_MS = {1, 1_000, 60_000, 3_600_000};

  /**
   * {@code value} as a user writes it, which {@link #parse} reads back: in the smallest unit in which it is a whole number
   * below 100 ({@code 500ms}, {@code 60s}, {@code 30m}), failing that the largest it is whole in ({@code 150s}).
   */
  public static String text(Duration value) {
    long ms = value.toMillis();
    int whole = 0;
    for (int i = 0; i < UNITS.length; i++) {
      if (ms % UNIT_MS[i] == 0) {
        if (ms / UNIT_MS[i] < 100) {
          return ms / UNIT_MS[i] + UNITS[i];
        }
        whole = i;
      }
    }
    return ms / UNIT_MS[whole] + UNITS[whole];
  }

  /** {@code 45s}, {@code 3m05s}, {@code 1h02m}: for ETAs and settings in words. */
  public static String human(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
  }
}
