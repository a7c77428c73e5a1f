package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Verdict;
import dev.dbrace.core.spi.Engine;
import java.nio.file.Path;
import java.util.List;

/**
 * What the engine tells the person or program running a race, as it happens: the race's start, each run's
 * progress, its notes, and the end with every run and the verdict. The engine prints nothing itself; the console
 * implements this (dev.dbrace.cli.console), an agent or a test may implement it otherwise. Called from the race's
 * thread, and once, on Ctrl-C, from the shutdown hook. Default: silent.
 */
public interface RunListener {

  /**
   * The race is about to run its first run.
   *
   * @param headline the race in one line: what races, at which load, on which database, and where results go
   */
  record RaceStarted(String headline, RaceSettings settings) {}

  /**
   * The race ended (every planned run done, or one failed the plan's way) and race.json holds it all.
   *
   * @param capacity a capacity search's answers per stack; empty otherwise
   * @param sla the race's SLA; null without one
   * @param faults whether every run had faults injected
   * @param engine the database's engine
   * @param serviceLevel whether services raced (their statements are their own)
   * @param raceJson where race.json is
   */
  record RaceFinished(List<RunRecord> runs, Verdict verdict, List<Race.Capacity> capacity, Race.Sla sla, boolean faults,
      Engine engine, boolean serviceLevel, Path raceJson) {}

  default void raceStarted(RaceStarted race) {}

  /** A line for the person running the race, outside any run: the database coming up, the faults, an interruption. */
  default void message(String line) {}

  /**
   * A run about to start.
   *
   * @param index this run's number in the race, from 1
   * @param total the runs expected in all (an estimate for a capacity search)
   * @param etaS seconds the rest of the race should take, from the runs so far; 0 if unknown
   * @param round this run's round (1-based) of {@code rounds}
   */
  record Ticket(int index, int total, String stack, LoadModel load, String purpose, int step, double etaS, int round,
      int rounds) {}

  default void runStarted(Ticket run) {}

  default void phase(String stack, String phase) {}

  default void progress(String stack, String phase, long ops, long errors, double elapsedS) {}

  default void runFinished(RunRecord run) {}

  /** Something the plan decided that a person watching should know (a series cut short, a verdict). */
  default void note(String message) {}

  default void raceFinished(RaceFinished race) {}

  /** The HTML report of the race was written there. */
  default void reportWritten(Path report) {}
}
