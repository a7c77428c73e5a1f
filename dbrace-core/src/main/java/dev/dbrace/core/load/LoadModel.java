package dev.dbrace.core.load;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

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
   * @param spikes windows of the measured phase in which operations arrive at a higher rate ({@code --spike});
   *     empty for none, sorted by start, never overlapping
   */
  record Open(double rate, long durationMs, int maxInFlight, String arrival,
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Spike> spikes) implements LoadModel {

    /** An open loop without spikes. */
    public Open(double rate, long durationMs, int maxInFlight, String arrival) {
      this(rate, durationMs, maxInFlight, arrival, List.of());
    }

    @JsonCreator
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
      spikes = checked(spikes, rate, durationMs);
    }

    /** The same load with other spikes (checked against its rate and duration). */
    public Open withSpikes(List<Spike> s) {
      return new Open(rate, durationMs, maxInFlight, arrival, s);
    }

    @Override
    public String describe() {
      return "open " + Spike.number(rate) + "/s " + durationMs / 1000.0 + "s" + (arrival.equals("poisson") ? " poisson" : "")
          + " max-in-flight " + maxInFlight
          + (spikes.isEmpty() ? "" : " spike " + String.join(",", spikes.stream().map(Spike::describe).toList()));
    }

    /** Sorted by start; each above the base rate, inside the measured duration, none overlapping another. */
    private static List<Spike> checked(List<Spike> spikes, double rate, long durationMs) {
      if (spikes == null || spikes.isEmpty()) {
        return List.of();
      }
      List<Spike> out = new ArrayList<>(spikes);
      out.sort(Comparator.comparingLong(Spike::atMs));
      for (int i = 0; i < out.size(); i++) {
        Spike s = out.get(i);
        if (!(s.rate() > rate)) {
          throw new IllegalArgumentException("spike " + s.describe() + ": its rate must be above the base rate "
              + Spike.number(rate) + "/s (it is the rate during the window, not an addition)");
        }
        if (s.atMs() + s.forMs() > durationMs) {
          throw new IllegalArgumentException("spike " + s.describe() + " ends after the measured phase's "
              + Spike.seconds(durationMs));
        }
        if (i > 0 && out.get(i - 1).endMs() > s.atMs()) {
          throw new IllegalArgumentException("spikes " + out.get(i - 1).describe() + " and " + s.describe()
              + " overlap: one spike at a time");
        }
      }
      return List.copyOf(out);
    }
  }

  /**
   * A load spike of an open loop: from {@code atMs} after the start of the measured phase, for
   * {@code forMs}, operations arrive at {@code rate} per second instead of the base rate (the
   * difference arrives as a second schedule beside the base one).
   */
  record Spike(double rate, long atMs, long forMs) {
    public Spike {
      if (!(rate > 0) || rate > 10_000_000) {
        throw new IllegalArgumentException("a spike's rate must be > 0 and <= 10,000,000 per second, got " + number(rate));
      }
      if (atMs < 0) {
        throw new IllegalArgumentException("a spike's start must be >= 0, got " + atMs + "ms");
      }
      if (forMs <= 0) {
        throw new IllegalArgumentException("a spike's length must be > 0, got " + forMs + "ms");
      }
    }

    /** Where the window ends, in ms from the start of the measured phase. */
    public long endMs() {
      return atMs + forMs;
    }

    /** As on the command line: {@code 8000@10s+5s}. */
    public String describe() {
      return number(rate) + "@" + seconds(atMs) + "+" + seconds(forMs);
    }

    static String number(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    static String seconds(long ms) {
      return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%dms", ms);
    }
  }
}
