package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
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
   * @param jvm whether the subject's own process is a JVM that took the subject's JVM arguments (a
   *     Java service); false for a stack (it runs in the worker) and a Node service
   */
  record Started(StackCatalog.Entry worker, Map<String, String> stackOptions, long servicePid, List<String> serverSql,
      Map<String, String> subjectVersions, AutoCloseable stop, boolean jvm) implements AutoCloseable {
    public Started(StackCatalog.Entry worker, Map<String, String> stackOptions, long servicePid, List<String> serverSql,
        Map<String, String> subjectVersions, AutoCloseable stop) {
      this(worker, stackOptions, servicePid, serverSql, subjectVersions, stop, false);
    }

    @Override
    public void close() throws Exception {
      stop.close();
    }
  }

  /** The subject of one run at {@code load} (the service level sizes its generator's connections by it). */
  default Started start(String name, LoadModel load, Path runDir, String applicationName)
      throws IOException, InterruptedException {
    return start(name, load, runDir, applicationName, List.of());
  }

  /**
   * The same; {@code jvmArgs} go to the subject's own JVM where it has one (a Java service: the
   * service's Flight Recorder for {@code --jfr}); a stack runs in the worker and has none.
   */
  Started start(String name, LoadModel load, Path runDir, String applicationName, List<String> jvmArgs)
      throws IOException, InterruptedException;

  /** Whether the subject runs in a process of its own, apart from the worker (a service). */
  default boolean ownProcess() {
    return false;
  }

  /** E4's data sources as set up for the race (the service level on /notifications), for race.json; null otherwise. */
  default Race.DataSources dataSources() {
    return null;
  }

  /** The driver level: the named stack itself, with the race's options for it. */
  static RunSubject stacks(StackCatalog catalog, RaceSettings settings) {
    return (name, load, runDir, app, jvmArgs) -> new Started(catalog.get(name),
        settings.subjects().stackOptions().getOrDefault(name, Map.of()), 0, settings.loadPlan().workload().sqlTexts(), Map.of(),
        () -> { });
  }
}
