package dev.dbrace.cli;

import dev.dbrace.runner.UserError;
import dev.dbrace.runner.Warmups;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli's way to {@link Warmups#parse}: {@code --warmup auto} or a fixed duration. */
public final class WarmupConverter implements ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    try {
      return Warmups.parse(value);
    } catch (UserError e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
