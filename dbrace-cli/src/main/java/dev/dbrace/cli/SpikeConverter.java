package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.runner.Durations;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code --spike RATE@AT+FOR}, e.g. {@code 8000@10s+5s}: from AT after the start of the measured
 * phase, for FOR, operations arrive at RATE per second. Checks the form alone; the load checks it against
 * its rate and duration and the other spikes ({@link LoadModel.Open}).
 */
public final class SpikeConverter implements ITypeConverter<LoadModel.Spike> {
  private static final Pattern FORM = Pattern.compile("([^@]+)@([^+]+)\\+(.+)");

  @Override
  public LoadModel.Spike convert(String value) {
    Matcher m = FORM.matcher(value.trim());
    if (!m.matches()) {
      throw new TypeConversionException("'" + value + "' is not RATE@AT+FOR, e.g. 8000@10s+5s");
    }
    double rate;
    try {
      rate = Double.parseDouble(m.group(1).trim());
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + value + "': the rate '" + m.group(1).trim() + "' is not a number of arrivals per second");
    }
    if (!(rate > 0)) {
      throw new TypeConversionException("'" + value + "': the rate must be > 0");
    }
    DurationConverter durations = new DurationConverter();
    long at = durations.convert(m.group(2));
    long length = durations.convert(m.group(3));
    if (length <= 0) {
      throw new TypeConversionException("'" + value + "': the spike must last > 0");
    }
    try {
      return new LoadModel.Spike(rate, at, length);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException("'" + value + "': " + e.getMessage());
    }
  }
}
