package dev.dbrace.runner;

import dev.dbrace.runner.fork.StackCatalog;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a race's runs exercise. At the driver level a stack in its worker JVM; at the service level
 * a service variant in a process of its own, driven by the HTTP generator's worker. The runner asks
 * for one before each run and closes it after, so a service lives exactly as long as its run.
 */
public interface RunSubject {
  /**
   * One run's subject, ready for load.
   *
   * @param worker the stack the worker JVM runs
   * @param stackOptions that stack's options for this run
   * @param servicePid the process whose resources are the run's figures, or 0 for the worker itself
   * @param serverSql the statements the database counts for the run (pg_stat_statements), one entry per execution of an operation
   * @param subjectVersions a service's own library versions (empty for a stack, whose worker reports its own)
   */
  record Started(StackCatalog.Entry worker, Map<String, String> stackOptions, long servicePid, List<String> serverSql,
      Map<String, String> subjectVersions, AutoCloseable stop) implements AutoCloseable {
    @Override
    public void close() throws Exception {
      stop.close();
    }
  }

  /** The subject of one run at {@code load} (the service level sizes its generator's connections by it). */
  Started start(String name, dev.dbrace.core.load.LoadModel load, Path runDir, String applicationName)
      throws IOException, InterruptedException;

  /** E4's data sources as set up for the race (the service level on /notifications), for race.json; null otherwise. */
  default dev.dbrace.core.result.Race.DataSources dataSources() {
    return null;
  }

  /** The driver level: the named stack itself, with the race's options for it. */
  static RunSubject stacks(StackCatalog catalog, RaceSettings settings) {
    return (name, load, runDir, app) -> new Started(catalog.get(name), settings.stackOptions().getOrDefault(name, Map.of()),
        0, settings.workload().sqlTexts(), Map.of(), () -> { });
  }
}
