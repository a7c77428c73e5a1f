package dev.dbrace.core.workload;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A generator of one bind parameter, as data. Values depend only on a seeded random draw. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
  @JsonSubTypes.Type(value = ParamGen.Uniform.class, name = "uniform"),
  @JsonSubTypes.Type(value = ParamGen.Constant.class, name = "constant")
})
public sealed interface ParamGen {

  /** The value for a draw; {@code random} is a uniformly distributed 64-bit value. */
  Object value(long random);

  /** An int uniform in [min, max], both inclusive. */
  record Uniform(int min, int max) implements ParamGen {
    public Uniform {
      if (max < min) {
        throw new IllegalArgumentException("uniform: max " + max + " < min " + min);
      }
    }

    @Override
    public Object value(long random) {
      long span = (long) max - min + 1;
      return (int) (min + Long.remainderUnsigned(random, span));
    }
  }

  /** Always the same value. */
  record Constant(Object value) implements ParamGen {
    @Override
    public Object value(long random) {
      return value;
    }
  }
}
