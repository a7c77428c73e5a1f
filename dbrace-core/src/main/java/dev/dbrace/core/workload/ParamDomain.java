package dev.dbrace.core.workload;

import java.util.ArrayList;
import java.util.List;

/**
 * Every value a parameter generator can draw, where they are few: what a check that looks answers up ahead of time
 * (a service file's {@code rows:}) can enumerate before a run instead of asking the database during it.
 */
public final class ParamDomain {
  /** The most values (of one generator, or of several together) enumerated. */
  public static final int LIMIT = 100_000;

  private ParamDomain() {}

  /** Every value of {@code g}, in order; null when it can draw more than {@link #LIMIT} or has no end. */
  public static List<Object> values(ParamGen g) {
    return switch (g) {
      case ParamGen.Uniform u -> range(u.min(), u.max());
      case ParamGen.Zipfian z -> range(z.min(), z.max());
      case ParamGen.Choice c -> c.values().size() <= LIMIT ? List.copyOf(c.values()) : null;
      case ParamGen.Constant c -> List.of(c.value());
      case ParamGen.Sequence s -> null;
      case ParamGen.RandomString r -> null;
    };
  }

  private static List<Object> range(long min, long max) {
    if (max - min + 1 > LIMIT || max - min + 1 <= 0) {
      return null;
    }
    List<Object> out = new ArrayList<>((int) (max - min + 1));
    for (long v = min; v <= max; v++) {
      out.add(ParamGen.integer(v));
    }
    return out;
  }

  /**
   * Every combination of {@code domains}' values (the first varying slowest); null when there are more than {@link
   * #LIMIT} together or one domain is null.
   */
  public static List<List<Object>> product(List<List<Object>> domains) {
    long n = 1;
    for (List<Object> d : domains) {
      if (d == null) {
        return null;
      }
      n *= d.size();
      if (n > LIMIT) {
        return null;
      }
    }
    List<List<Object>> out = new ArrayList<>();
    out.add(List.of());
    for (List<Object> d : domains) {
      List<List<Object>> next = new ArrayList<>();
      for (List<Object> prefix : out) {
        for (Object v : d) {
          List<Object> t = new ArrayList<>(prefix);
          t.add(v);
          next.add(t);
        }
      }
      out = next;
    }
    return out;
  }
}
