package dev.dbrace.runner;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.shared.SharedRuns;
import java.nio.file.Path;
import java.util.List;

/**
 * One race, fully resolved and checked: what {@link RaceSession#run} takes. Made by
 * command line's resolver from the defaults, the scenario and the command line, in that order.
 *
 * @param settings what every run gets (stacks or services, workload, load, pool, guards ...)
 * @param plan which runs, at which loads (a race's rounds, a curve's steps, a capacity search)
 * @param sla the latency target curve draws and capacity searches for; null without one
 * @param url the user's database; null for the embedded one
 * @param engine the database's engine
 * @param setup SQL files (a scenario's schema and seed) run on the embedded database before the race
 * @param faults null, or the faults every run gets ({@code run --faults})
 * @param subjects null for the driver level (the stacks themselves), else what opens the services
 * @param out the results folder; null for results/&lt;timestamp&gt;-&lt;workload&gt;
 * @param command the command as typed, for rerunning (redacted before it is stored)
 * @param dbCpus how many cores the embedded database server is pinned to; null: not pinned
 * @param shared null, or the agents that share every run ({@code --agents})
 */
public record RaceRequest(RaceSettings settings, RacePlan plan, Race.Sla sla, String url, Engine engine, List<Path> setup,
    FaultPlan faults, RaceSession.SubjectFactory subjects, Path out, String command, Integer dbCpus, SharedRuns shared) {

  public RaceRequest {
    setup = List.copyOf(setup);
  }

  /** A race whose runs run on this machine. */
  public RaceRequest(RaceSettings settings, RacePlan plan, Race.Sla sla, String url, Engine engine, List<Path> setup,
      FaultPlan faults, RaceSession.SubjectFactory subjects, Path out, String command, Integer dbCpus) {
    this(settings, plan, sla, url, engine, setup, faults, subjects, out, command, dbCpus, null);
  }

  /** The same race of services opened by {@code factory}. */
  public RaceRequest withSubjects(RaceSession.SubjectFactory factory) {
    return new RaceRequest(settings, plan, sla, url, engine, setup, faults, factory, out, command, dbCpus, shared);
  }

  /** The same race with its runs shared by agents. */
  public RaceRequest withShared(SharedRuns runs) {
    return new RaceRequest(settings, plan, sla, url, engine, setup, faults, subjects, out, command, dbCpus, runs);
  }
}
