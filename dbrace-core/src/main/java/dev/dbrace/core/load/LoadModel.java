package dev.dbrace.core.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** How operations are offered to a stack. A sealed type, not a flag. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "model")
@JsonSubTypes({@JsonSubTypes.Type(value = LoadModel.Closed.class, name = "closed")})
public sealed interface LoadModel {

  /** One line for tables and reports, e.g. {@code closed c=64 n=50000}. */
  String describe();

  /**
   * Closed loop (E1's): {@code concurrency} operations in flight; each completion issues the
   * next. Ends after {@code executions} measured operations, or after {@code durationMs} when
   * executions is 0. Latency is from issue to completion: it says nothing about queueing before
   * issue, which is why closed-loop results are labelled closed-loop.
   */
  record Closed(long executions, long durationMs, int concurrency) implements LoadModel {
    public Closed {
      if (concurrency < 1) {
        throw new IllegalArgumentException("concurrency must be >= 1, got " + concurrency);
      }
      if ((executions <= 0) == (durationMs <= 0)) {
        throw new IllegalArgumentException("closed load needs exactly one of executions or duration");
      }
    }

    @Override
    public String describe() {
      return "closed c=" + concurrency + (executions > 0 ? " n=" + executions : " " + durationMs / 1000.0 + "s");
    }
  }
}
