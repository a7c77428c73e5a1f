package dev.dbrace.cli;

import dev.dbrace.runner.Durations;
import dev.dbrace.runner.UserError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli's way to {@link Durations#parse}: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h} to milliseconds. */
public final class DurationConverter implements ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    try {
      return Durations.parse(value);
    } catch (UserError e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
