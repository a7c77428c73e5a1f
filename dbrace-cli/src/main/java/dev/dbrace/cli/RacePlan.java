package dev.dbrace.cli;

import dev.dbrace.core.result.RunRecord;
import java.io.IOException;
import java.util.List;

/**
 * Which runs a race is made of, and at which load: a plain race runs each stack once; a curve
 * steps each stack through a series of loads; a capacity search picks each next rate from the
 * last result. A plan asks the runner for runs; the runner records and saves each one.
 */
interface RacePlan {

  /** {@code race}, {@code curve} or {@code capacity}: race.json's {@code kind}. */
  String kind();

  /** The offered rates or concurrencies of a curve's steps, for race.json's settings; else null. */
  default List<Double> steps() {
    return null;
  }

  void execute(RaceRunner runner) throws IOException, InterruptedException;

  /**
   * The race's conclusion in a short paragraph for the console, race.json and the report, every
   * figure in it from {@code runs}; null when the plan draws none.
   */
  default String verdict(List<RunRecord> runs, dev.dbrace.core.result.Race.Sla sla) {
    return null;
  }

  /** Every stack once at the race's load. */
  final class Fixed implements RacePlan {
    @Override
    public String kind() {
      return "race";
    }

    @Override
    public void execute(RaceRunner runner) throws IOException, InterruptedException {
      runner.run();
    }
  }

  /** Whether a run failed outright (no figures): a series does not go on past it. */
  static boolean broken(RunRecord r) {
    return !r.ok() || r.latencyMs() == null;
  }
}
