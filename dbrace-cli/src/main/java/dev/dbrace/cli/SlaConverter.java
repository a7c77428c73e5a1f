package dev.dbrace.cli;

import dev.dbrace.core.result.Race;
import dev.dbrace.runner.Slas;
import dev.dbrace.runner.UserError;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** picocli's way to {@link Slas#parse}: {@code p99=10ms}, {@code p99.9=50ms}, {@code p50=2ms,errors=1%}. */
public final class SlaConverter implements ITypeConverter<Race.Sla> {
  @Override
  public Race.Sla convert(String value) {
    try {
      return Slas.parse(value);
    } catch (UserError e) {
      throw new TypeConversionException(e.getMessage());
    }
  }
}
