package dev.dbrace.cli;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentOption;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The experiments built under {@code <home>/experiments/*}, found like the stacks: each module's
 * {@link Experiment}s through {@link ServiceLoader} in a loader of its own, each run in a worker
 * JVM on that module's classpath.
 */
final class ExperimentCatalog {
  /** One experiment as the runner knows it: what to show, what it accepts, how to start its worker. */
  record Entry(String name, String description, List<ExperimentOption> options, List<String> workerJvmArgs,
      List<Path> classpath) {}

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  private ExperimentCatalog() {}

  /** The built experiments; none (no folder, nothing built) is an empty catalog, not an error. */
  static ExperimentCatalog discover(Path home) {
    ExperimentCatalog catalog = new ExperimentCatalog();
    Path folder = home.resolve("experiments");
    if (Files.isDirectory(folder)) {
      ModuleClasspath.under(folder).forEach(catalog::load);
    }
    return catalog;
  }

  private void load(List<Path> cp) {
    try (URLClassLoader loader = ModuleClasspath.loader(cp)) {
      for (Experiment e : ServiceLoader.load(Experiment.class, loader)) {
        entries.put(e.name(), new Entry(e.name(), e.description(), List.copyOf(e.options()),
            List.copyOf(e.workerJvmArgs()), cp));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  List<Entry> entries() {
    return List.copyOf(entries.values());
  }

  /** The named experiment, or a one-line error listing the known ones. */
  Entry get(String name) {
    Entry e = entries.get(name);
    if (e == null) {
      throw new UserError("unknown experiment '" + name + "' (known: "
          + (entries.isEmpty() ? "none built; run ./dbrace build" : String.join(", ", entries.keySet())) + ")");
    }
    return e;
  }
}
