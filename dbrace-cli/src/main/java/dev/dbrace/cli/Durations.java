package dev.dbrace.cli;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h} (a bare number is seconds) to milliseconds. */
public final class Durations implements ITypeConverter<Long> {
  private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?");

  @Override
  public Long convert(String value) {
    Matcher m = FORM.matcher(value.trim());
    if (!m.matches()) {
      throw new TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m)");
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

  /** {@code 45s}, {@code 3m05s}, {@code 1h02m}: for ETAs. */
  public static String human(double seconds) {
    long s = Math.round(seconds);
    if (s < 60) {
      return s + "s";
    }
    if (s < 3600) {
      return String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60);
    }
    return String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60);
  }
}
