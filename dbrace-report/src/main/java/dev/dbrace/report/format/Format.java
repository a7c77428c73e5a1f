package dev.dbrace.report.format;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Numbers as people read them in the report: rates with thousands separators, latencies with
 * three significant digits (0.412, 4.12, 41.2, 412), ratios as {@code 1.92x}. Also masks a
 * password in a URL, in case one ever reaches a results file.
 */
public final class Format {
  private static final DateTimeFormatter DAY_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final Pattern URL_PASSWORD = Pattern.compile("(://[^:/@\\s\"]+):[^@\\s\"]+@");

  private Format() {}

  public static String rate(double opsPerS) {
    return opsPerS < 10 ? f("%.2f", opsPerS) : f("%,.0f", opsPerS);
  }

  public static String ms(double ms) {
    if (ms >= 100) {
      return f("%,.0f", ms);
    }
    if (ms >= 10) {
      return f("%.1f", ms);
    }
    return ms >= 1 ? f("%.2f", ms) : f("%.3f", ms);
  }

  public static String ratio(double r) {
    return Double.isFinite(r) ? f("%.2fx", r) : "-";
  }

  public static String count(long n) {
    return f("%,d", n);
  }

  /** One decimal below 100, none above: for per-1k-ops figures and megabytes. */
  public static String figure(double v) {
    return v >= 100 ? f("%,.0f", v) : f("%.1f", v);
  }

  public static String percent(double fraction) {
    return f("%.2f %%", fraction * 100);
  }

  /** {@code 10} rather than {@code 10.0}; settings read better without a spurious decimal. */
  public static String plain(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  /**
   * When a race ran, e.g. {@code 2026-11-23 10:32:28 UTC, 63 s}; timestamps that do not parse
   * are shown as written.
   */
  public static String span(String started, String finished) {
    if (started == null) {
      return "";
    }
    try {
      Instant from = Instant.parse(started);
      String text = DAY_TIME.format(from) + " UTC";
      if (finished != null) {
        long s = Duration.between(from, Instant.parse(finished)).toSeconds();
        text += ", " + (s < 120 ? s + " s" : s / 60 + " min " + s % 60 + " s");
      }
      return text;
    } catch (DateTimeParseException e) {
      return started + (finished == null ? "" : " to " + finished);
    }
  }

  /** Replaces the password of any {@code scheme://user:password@} with {@code ***}. */
  public static String withoutPassword(String text) {
    return text == null ? null : URL_PASSWORD.matcher(text).replaceAll("$1:***@");
  }

  public static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
