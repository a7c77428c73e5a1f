package dev.dbrace.runner;

import dev.dbrace.core.result.Race;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An SLA as a user writes it: {@code p99=10ms}, {@code p99.9=50ms} or {@code p50=2ms,errors=1%}; the error budget
 * defaults to {@link Race.Sla#DEFAULT_ERROR_BUDGET}.
 */
public final class Slas {
  private static final Pattern FORM = Pattern.compile(
      "(p50|p90|p99|p99\\.9|p999)\\s*=\\s*([0-9.]+)\\s*(ms|s)?(?:\\s*,\\s*errors\\s*=\\s*([0-9.]+)\\s*%)?");

  private Slas() {}

  /** The SLA {@code value} says; a {@link UserError} naming it otherwise. */
  public static Race.Sla parse(String value) {
    Matcher m = FORM.matcher(value.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new UserError("'" + value + "' is not an SLA (e.g. p99=10ms, p99.9=50ms, p99=10ms,errors=1%)");
    }
    String percentile = m.group(1).equals("p99.9") ? "p999" : m.group(1);
    double ms = Double.parseDouble(m.group(2)) * ("s".equals(m.group(3)) ? 1000 : 1);
    double errors = m.group(4) == null ? Race.Sla.DEFAULT_ERROR_BUDGET : Double.parseDouble(m.group(4)) / 100;
    if (!(ms > 0) || errors < 0 || errors > 1) {
      throw new UserError("'" + value + "': the latency must be > 0 and the error budget 0..100 %");
    }
    return new Race.Sla(percentile, ms, errors);
  }
}
