package dev.dbrace.core.workload;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * A generator of one bind parameter, as data. A value depends only on the operation's index in
 * the seeded sequence and a seeded random draw, so every stack sees the same value at the same
 * index. Immutable and thread-safe.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = ParamGen.Uniform.class, name = "uniform"),
  @JsonSubTypes.Type(value = ParamGen.Zipfian.class, name = "zipfian"),
  @JsonSubTypes.Type(value = ParamGen.Sequence.class, name = "sequence"),
  @JsonSubTypes.Type(value = ParamGen.Choice.class, name = "list"),
  @JsonSubTypes.Type(value = ParamGen.RandomString.class, name = "random-string"),
  @JsonSubTypes.Type(value = ParamGen.Constant.class, name = "constant")
})
public sealed interface ParamGen {

  /**
   * The value for operation {@code index}; {@code random} is a uniformly distributed 64-bit value
   * drawn for this parameter of this operation.
   */
  Object value(long index, long random);

  /** An Integer when it fits (int4 columns bind without a cast), else a Long. */
  static Object integer(long v) {
    if (v == (int) v) { // not a ?: expression, which would unbox both and box a Long
      return Integer.valueOf((int) v);
    }
    return Long.valueOf(v);
  }

  /** A double uniform in [0, 1) from a draw's top 53 bits. */
  static double unit(long random) {
    return (random >>> 11) * 0x1.0p-53;
  }

  /** An integer uniform in [min, max], both inclusive. */
  record Uniform(long min, long max) implements ParamGen {
    public Uniform {
      if (max < min) {
        throw new IllegalArgumentException("min " + min + " > max " + max);
      }
    }

    @Override
    public Object value(long index, long random) {
      long span = max - min + 1; // 0 only for the full 64-bit range
      return integer(span == 0 ? random : min + Long.remainderUnsigned(random, span));
    }
  }

  /**
   * An integer in [min, max] drawn from a Zipf distribution: value {@code min + k - 1} has a
   * probability proportional to {@code 1 / k^skew}, so {@code min} is the hottest key, then
   * {@code min + 1}, and so on. Sampled by rejection-inversion (Hörmann and Derflinger, "Rejection-
   * inversion to generate variates from monotone discrete distributions", 1996), as in Apache
   * Commons RNG: O(1) setup and, on average, little more than one uniform per value; further
   * uniforms for a rejected candidate come from the same draw, so the value stays deterministic.
   *
   * @param skew the exponent, > 0; YCSB's default 0.99 makes ~1 % of 100,000 keys take ~half the draws
   */
  record Zipfian(long min, long max, double skew) implements ParamGen {
    public static final double DEFAULT_SKEW = 0.99;

    public Zipfian {
      if (max < min) {
        throw new IllegalArgumentException("min " + min + " > max " + max);
      }
      if (!(skew > 0) || skew > 100) {
        throw new IllegalArgumentException("skew must be > 0 and <= 100, got " + skew);
      }
    }

    @Override
    public Object value(long index, long random) {
      long n = max - min + 1;
      if (n <= 0 || n > (1L << 53)) {
        throw new IllegalStateException("zipfian range too large: " + min + ".." + max);
      }
      double hX1 = hIntegral(1.5) - 1.0;
      double hN = hIntegral(n + 0.5);
      double s = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2));
      long draw = random;
      while (true) {
        double u = hN + unit(draw) * (hX1 - hN);
        double x = hIntegralInverse(u);
        long k = Math.max(1, Math.min(n, (long) (x + 0.5)));
        if (k - x <= s || u >= hIntegral(k + 0.5) - h(k)) {
          return integer(min + k - 1);
        }
        draw = OperationSequence.mix(draw + 0x9E3779B97F4A7C15L);
      }
    }

    private double hIntegral(double x) {
      double logX = Math.log(x);
      return helper2((1.0 - skew) * logX) * logX;
    }

    private double h(double x) {
      return Math.exp(-skew * Math.log(x));
    }

    private double hIntegralInverse(double x) {
      double t = Math.max(-1.0, x * (1.0 - skew));
      return Math.exp(helper1(t) * x);
    }

    /** log1p(x) / x, stable near 0. */
    private static double helper1(double x) {
      return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
    }

    /** expm1(x) / x, stable near 0. */
    private static double helper2(double x) {
      return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1.0 + x * 0.5 * (1.0 + x / 3.0 * (1.0 + 0.25 * x));
    }
  }

  /**
   * {@code start + step * index}: operation {@code index} of the race's sequence gets the same
   * value on every stack, and no two operations the same one (unique keys for inserts). Operations
   * of other kinds in the mix take indexes too, so one kind's values have gaps.
   */
  record Sequence(long start, long step) implements ParamGen {
    public Sequence {
      if (step == 0) {
        throw new IllegalArgumentException("step must not be 0");
      }
    }

    @Override
    public Object value(long index, long random) {
      return integer(start + step * index);
    }
  }

  /** One of the given values (Integer, Long or String), each equally likely. */
  record Choice(List<Object> values) implements ParamGen {
    public Choice {
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("no values");
      }
    }

    @Override
    public Object value(long index, long random) {
      return values.get((int) Long.remainderUnsigned(random, values.size()));
    }
  }

  /** A string of {@code minLength..maxLength} characters, each drawn uniformly from {@code alphabet}. */
  record RandomString(int minLength, int maxLength, String alphabet) implements ParamGen {
    public static final String DEFAULT_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

    public RandomString {
      if (minLength < 0 || maxLength < minLength || maxLength > 1_000_000) {
        throw new IllegalArgumentException("length must be 0 <= min <= max <= 1000000, got " + minLength + ".." + maxLength);
      }
      if (alphabet == null || alphabet.isEmpty()) {
        throw new IllegalArgumentException("alphabet must not be empty");
      }
    }

    @Override
    public Object value(long index, long random) {
      long draw = OperationSequence.mix(random);
      int length = minLength + (int) Long.remainderUnsigned(draw, maxLength - minLength + 1);
      char[] out = new char[length];
      for (int i = 0; i < length; i++) {
        draw = OperationSequence.mix(draw + 0x9E3779B97F4A7C15L);
        out[i] = alphabet.charAt((int) Long.remainderUnsigned(draw, alphabet.length()));
      }
      return new String(out);
    }
  }

  /** Always the same value. */
  record Constant(Object value) implements ParamGen {
    @Override
    public Object value(long index, long random) {
      return value;
    }
  }
}
