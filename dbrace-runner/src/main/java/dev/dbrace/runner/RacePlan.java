package dev.dbrace.runner;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Which runs a race is made of, and at which load: a plain race runs each stack once; a curve
 * steps each stack through a series of loads; a capacity search picks each next rate from the
 * last result. A plan asks the runner for runs; the runner records and saves each one.
 */
public interface RacePlan {

  /** {@code race}, {@code curve} or {@code capacity}: race.json's {@code kind}. */
  String kind();

  /** The swept values of a curve's steps (rates, concurrencies, pools or threads), for race.json's settings; else null. */
  default List<Double> steps() {
    return null;
  }

  /** The setting a curve's steps vary ({@code rate}, {@code concurrency}, {@code pool}, {@code threads}); else null. */
  default String sweep() {
    return null;
  }

  void execute(RaceRunner runner) throws IOException, InterruptedException;

  /** How many times each stack runs, interleaved (A B C, B C A ...): race.json's settings.rounds. */
  default int rounds() {
    return 1;
  }

  /** Most rounds {@code --rounds} accepts: more only lengthens a race whose spread is already known. */
  int MAX_ROUNDS = Defaults.MAX_ROUNDS;

  /** {@code --rounds}' value checked: 1..{@value #MAX_ROUNDS}, else the user's error. */
  static int checkRounds(int rounds, String source) {
    UserError.require(rounds >= 1 && rounds <= MAX_ROUNDS, source + " must be 1.." + MAX_ROUNDS + ", got " + rounds);
    return rounds;
  }

  /**
   * The race's conclusion in a short paragraph for the console, race.json and the report, every
   * figure in it from {@code runs}; null when the plan draws none.
   */
  default dev.dbrace.core.result.Verdict verdict(List<RunRecord> runs, Race.Sla sla) {
    return null;
  }

  /**
   * Every stack at the race's load, once per round, the rounds interleaved and turned ({@link #roundOrder}: A B C D,
   * B C D A ...) so the machine's drift falls on every stack alike; each run is a fresh worker JVM.
   */
  final class Fixed implements RacePlan {
    private final int rounds;
    private RaceSettings settings; // the race's, for the verdict's "holds for"

    public Fixed() {
      this(1);
    }

    public Fixed(int rounds) {
      this.rounds = checkRounds(rounds, "--rounds");
    }

    @Override
    public String kind() {
      return "race";
    }

    @Override
    public int rounds() {
      return rounds;
    }

    @Override
    public void execute(RaceRunner runner) throws IOException, InterruptedException {
      settings = runner.settings();
      runner.run(rounds);
    }

    @Override
    public dev.dbrace.core.result.Verdict verdict(List<RunRecord> runs, Race.Sla sla) {
      return settings == null || runs.isEmpty() ? null : Verdict.race(runs, sla, settings.setup().pool(), Verdict.threads(settings));
    }
  }

  /**
   * The order the stacks run in within round {@code round} (1-based): the list turned by one place a round (A B C,
   * B C A, C A B ...), so a drift that grows or fades over a round (a neighbour's load, the server's caches, the
   * disk) lands on a different stack each round instead of always on the one that runs last.
   */
  static List<String> roundOrder(List<String> stacks, int round) {
    if (stacks.isEmpty()) {
      return stacks;
    }
    int shift = (round - 1) % stacks.size();
    List<String> order = new ArrayList<>(stacks.subList(shift, stacks.size()));
    order.addAll(stacks.subList(0, shift));
    return List.copyOf(order);
  }

  /** Whether a run failed outright (no figures): a series does not go on past it. */
  static boolean broken(RunRecord r) {
    return !r.ok() || r.result().latencyMs() == null;
  }
}
