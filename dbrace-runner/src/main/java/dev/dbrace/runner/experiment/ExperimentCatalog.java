package dev.dbrace.runner.experiment;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.ModuleClasspath;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The experiments built under {@code <home>/experiments/*}, found like the stacks: each module's
 * {@link Experiment}s through {@link ServiceLoader} in a loader of its own, each run in a worker
 * JVM on that module's classpath. An experiment may have companion parts in other modules (another
 * driver's variants); they run after the main part, each in a worker on its own classpath.
 */
public final class ExperimentCatalog {
  /** One experiment as the runner knows it: what to show, what it accepts, its parts' workers (main part first). */
  public record Entry(String name, String description, List<ExperimentOption> options, List<Part> parts) {}

  /** One module's part of an experiment: how to start its worker. */
  record Part(String module, List<String> workerJvmArgs, List<Path> classpath) {}

  private final Map<String, Entry> mains = new LinkedHashMap<>();
  private final Map<String, List<Experiment>> companions = new LinkedHashMap<>();
  private final Map<String, List<Part>> companionParts = new LinkedHashMap<>();

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  private ExperimentCatalog() {}

  /** The built experiments; none (no folder, nothing built) is an empty catalog, not an error. */
  public static ExperimentCatalog discover(Path home) {
    ExperimentCatalog catalog = new ExperimentCatalog();
    Path folder = home.resolve("experiments");
    ModuleClasspath.under(folder).forEach((module, cp) -> catalog.load(module.getFileName().toString(), cp));
    catalog.join();
    return catalog;
  }

  private void load(String module, List<Path> cp) {
    try (URLClassLoader loader = ModuleClasspath.loader(cp)) {
      for (Experiment e : ServiceLoader.load(Experiment.class, loader)) {
        Part part = new Part(module, List.copyOf(e.workerJvmArgs()), cp);
        if (e.companion()) {
          companions.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(e);
          companionParts.computeIfAbsent(e.name(), k -> new ArrayList<>()).add(part);
        } else {
          mains.put(e.name(), new Entry(e.name(), e.description(), List.copyOf(e.options()), List.of(part)));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Each main part with its companions after it; options united (a companion may add its own). */
  private void join() {
    mains.forEach((name, main) -> {
      List<Part> parts = new ArrayList<>(main.parts());
      Map<String, ExperimentOption> options = new LinkedHashMap<>();
      main.options().forEach(o -> options.put(o.name(), o));
      parts.addAll(companionParts.getOrDefault(name, List.of()));
      companions.getOrDefault(name, List.of()).forEach(c -> c.options().forEach(o -> options.putIfAbsent(o.name(), o)));
      entries.put(name, new Entry(name, main.description(), List.copyOf(options.values()), List.copyOf(parts)));
    });
  }

  public List<Entry> entries() {
    return List.copyOf(entries.values());
  }

  /** The named experiment, or a one-line error listing the known ones. */
  public Entry get(String name) {
    Entry e = entries.get(name);
    if (e == null) {
      throw new UserError("unknown experiment '" + name + "' (known: "
          + (entries.isEmpty() ? "none built; run ./dbrace build" : String.join(", ", entries.keySet())) + ")");
    }
    return e;
  }
}
