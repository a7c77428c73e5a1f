package dev.dbrace.core.load;

import java.util.ArrayList;
import java.util.List;

/**
 * One agent's part of a run that {@code of} agents drive together: agent {@code index} (from 0) of {@code of}. The parts
 * of a load add up to the load asked for, and the parts of the operation sequence partition it: agent {@code i} does
 * operations {@code i, i + of, i + 2·of, …} of the single-box sequence for the same seed, so the union of what the agents
 * drew is what one box would have drawn. {@link #WHOLE} is a run on one box.
 *
 * @param index this agent's place, {@code 0 <= index < of}
 * @param of how many agents share the run
 */
public record Share(int index, int of) {
  /** The whole run, on one box. */
  public static final Share WHOLE = new Share(0, 1);

  public Share {
    if (of < 1 || index < 0 || index >= of) {
      throw new IllegalArgumentException("a share is agent 0.." + (of - 1) + " of " + of + ", got " + index);
    }
  }

  /** The parts of a run shared by {@code agents}, in order. */
  public static List<Share> of(int agents) {
    List<Share> shares = new ArrayList<>(agents);
    for (int i = 0; i < agents; i++) {
      shares.add(new Share(i, agents));
    }
    return List.copyOf(shares);
  }

  public boolean whole() {
    return of == 1;
  }

  /** The position in the single-box sequence of this part's {@code k}-th operation. */
  public long sequenceIndex(long k) {
    return k * of + index;
  }

  /**
   * This agent's part of {@code load}. Closed loop: the concurrency and the executions divided as evenly as whole users
   * and operations allow (the first agents take one more), so the parts sum to the whole. Open loop: the rate, each
   * spike's rate and the in-flight limit divided by {@code of} (the limit rounded up): the agents' arrivals together are
   * the asked process — Poisson streams of independent seeds ({@link #seed}) superpose into a Poisson stream of the
   * summed rate; constant ones are offset by {@code index/of} of their interval ({@link #offsetNanos}).
   *
   * @throws IllegalArgumentException when the load has fewer users (or executions) than there are agents
   */
  public LoadModel part(LoadModel load) {
    if (whole()) {
      return load;
    }
    return switch (load) {
      case LoadModel.Closed c -> {
        if (c.concurrency() < of) {
          throw new IllegalArgumentException("a concurrency of " + c.concurrency() + " cannot be shared by " + of
              + " agents: give each at least one user");
        }
        if (c.executions() > 0 && c.executions() < of) {
          throw new IllegalArgumentException(c.executions() + " executions cannot be shared by " + of + " agents");
        }
        yield new LoadModel.Closed(c.executions() > 0 ? split(c.executions()) : 0, c.durationMs(),
            (int) split(c.concurrency()));
      }
      case LoadModel.Open o -> new LoadModel.Open(o.rate() / of, o.durationMs(),
          (int) Math.max(1, (o.maxInFlight() + of - 1) / of), o.arrival(),
          o.spikes().stream().map(s -> new LoadModel.Spike(s.rate() / of, s.atMs(), s.forMs())).toList());
    };
  }

  /**
   * This agent's part of a count of things every agent needs at least one of (e.g. a load generator's connections):
   * {@link #split}, but at least 1.
   */
  public int atLeastOne(int total) {
    return (int) Math.max(1, split(total));
  }

  /** {@code total}'s part: {@code total / of}, one more for the first {@code total % of} agents. */
  long split(long total) {
    return total / of + (index < total % of ? 1 : 0);
  }

  /**
   * The seed of this part's random arrivals: the run's own on one box, a distinct one per agent otherwise (equal seeds
   * would make the agents' Poisson streams one stream repeated, not a Poisson stream of the summed rate).
   */
  public long seed(long runSeed) {
    return whole() ? runSeed : runSeed * 0x9E3779B97F4A7C15L + index + 1;
  }

  /** Where this part's constant schedule starts within its interval {@code gapNanos}: {@code index/of} of it. */
  public long offsetNanos(double gapNanos) {
    return Math.round(gapNanos * index / of);
  }
}
