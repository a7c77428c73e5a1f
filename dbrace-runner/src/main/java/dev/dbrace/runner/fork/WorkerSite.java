package dev.dbrace.runner.fork;

import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;

/**
 * Where a race's runs run: {@link #LOCAL}, a worker JVM forked on this machine per run, or the agents of a cluster
 * (the {@code dbrace-cluster} module's), each driving its part of every run. The one extension point for that.
 */
@FunctionalInterface
public interface WorkerSite {
  /** Every run in a worker JVM forked here. */
  WorkerSite LOCAL = RunExecutor::new;

  /** A fresh run's worker, for one run only. */
  WorkerRun newRun(RaceSettings settings, RunListener listener);

  /**
   * A fresh run's worker shared by {@code agents} of the site's agents (a scale curve's step); null: the site's
   * default. A site without agents runs it here and ignores the count (the command line refuses a count without them).
   */
  default WorkerRun newRun(RaceSettings settings, RunListener listener, Integer agents) {
    return newRun(settings, listener);
  }
}
