package dev.dbrace.core.load;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** How operations are offered to a stack. A sealed type, not a flag. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "model")
@JsonSubTypes({
  @JsonSubTypes.Type(value = LoadModel.Closed.class, name = "closed"),
  @JsonSubTypes.Type(value = LoadModel.Open.class, name = "open")
})
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

  /**
   * Open loop (E2's): operations arrive on a schedule of {@code rate} per second for
   * {@code durationMs}, whatever the stack does; each one's latency is measured from its
   * intended start (its arrival time), so time spent queueing behind a saturated stack is in the
   * figures (no coordinated omission). An arrival that finds {@code maxInFlight} operations
   * already in flight is not sent and is counted as not issued.
   *
   * @param arrival {@code constant} (evenly spaced) or {@code poisson} (exponential gaps, same mean)
   */
  record Open(double rate, long durationMs, int maxInFlight, String arrival) implements LoadModel {
    public Open {
      if (!(rate > 0) || rate > 10_000_000) {
        throw new IllegalArgumentException("rate must be > 0 and <= 10,000,000 per second, got " + rate);
      }
      if (durationMs <= 0) {
        throw new IllegalArgumentException("open load needs a duration > 0");
      }
      if (maxInFlight < 1) {
        throw new IllegalArgumentException("max in flight must be >= 1, got " + maxInFlight);
      }
      if (arrival == null) {
        arrival = "constant";
      }
      if (!arrival.equals("constant") && !arrival.equals("poisson")) {
        throw new IllegalArgumentException("arrival must be constant or poisson, got " + arrival);
      }
    }

    @Override
    public String describe() {
      String r = rate == Math.rint(rate) ? Long.toString((long) rate) : Double.toString(rate);
      return "open " + r + "/s " + durationMs / 1000.0 + "s" + (arrival.equals("poisson") ? " poisson" : "")
          + " max-in-flight " + maxInFlight;
    }
  }
}
