package dev.dbrace.cli;

import dev.dbrace.core.result.Race;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses an SLA such as {@code p99=10ms}, {@code p99.9=50ms} or {@code p50=2ms,errors=1%}; the
 * error budget defaults to 0.1 %.
 */
public final class SlaConverter implements ITypeConverter<Race.Sla> {
  private static final Pattern FORM = Pattern.compile(
      "(p50|p90|p99|p99\\.9|p999)\\s*=\\s*([0-9.]+)\\s*(ms|s)?(?:\\s*,\\s*errors\\s*=\\s*([0-9.]+)\\s*%)?");

  @Override
  public Race.Sla convert(String value) {
    Matcher m = FORM.matcher(value.trim().toLowerCase(java.util.Locale.ROOT));
    if (!m.matches()) {
      throw new TypeConversionException("'" + value + "' is not an SLA (e.g. p99=10ms, p99.9=50ms, p99=10ms,errors=1%)");
    }
    String percentile = m.group(1).equals("p99.9") ? "p999" : m.group(1);
    double ms = Double.parseDouble(m.group(2)) * ("s".equals(m.group(3)) ? 1000 : 1);
    double errors = m.group(4) == null ? Race.Sla.DEFAULT_ERROR_BUDGET : Double.parseDouble(m.group(4)) / 100;
    if (!(ms > 0) || errors < 0 || errors > 1) {
      throw new TypeConversionException("'" + value + "': the latency must be > 0 and the error budget 0..100 %");
    }
    return new Race.Sla(percentile, ms, errors);
  }
}
