package dev.dbrace.cli;

import dev.dbrace.core.spi.StackProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The stacks built under {@code <home>/stacks/*}: each module's providers are found with
 * {@link ServiceLoader} in a class loader of its own (the runner never links a driver), and each
 * stack's worker classpath is that module's classes plus its {@code target/runtime.classpath}.
 */
public final class StackCatalog {
  /** One stack: its name, description and the classpath of the worker JVM that runs it. */
  public record Entry(String name, String description, List<Path> classpath) {}

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  private StackCatalog() {}

  public static StackCatalog discover(Path home) {
    StackCatalog catalog = new StackCatalog();
    Path stacks = home.resolve("stacks");
    if (!Files.isDirectory(stacks)) {
      throw new UserError("no stacks/ folder under " + home + ": is dbrace.home right?");
    }
    try (Stream<Path> modules = Files.list(stacks).sorted()) {
      for (Path module : (Iterable<Path>) modules::iterator) {
        Path classes = module.resolve("target/classes");
        Path deps = module.resolve("target/runtime.classpath");
        if (Files.isDirectory(classes) && Files.isRegularFile(deps)) {
          catalog.load(classes, deps);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (catalog.entries.isEmpty()) {
      throw new UserError("no built stacks under " + stacks + " (run ./dbrace once to build them)");
    }
    return catalog;
  }

  private void load(Path classes, Path depsFile) throws IOException {
    List<Path> cp = new ArrayList<>();
    cp.add(classes);
    String deps = Files.readString(depsFile).trim();
    if (!deps.isEmpty()) {
      Arrays.stream(deps.split(java.io.File.pathSeparator)).map(Path::of).forEach(cp::add);
    }
    // The module and its drivers, but not dbrace-core: the SPI interface must be this JVM's.
    URL[] urls = cp.stream().filter(p -> !isCore(p)).map(StackCatalog::url).toArray(URL[]::new);
    try (URLClassLoader loader = new URLClassLoader(urls, getClass().getClassLoader())) {
      for (StackProvider p : ServiceLoader.load(StackProvider.class, loader)) {
        entries.put(p.name(), new Entry(p.name(), p.description(), List.copyOf(cp)));
      }
    }
  }

  private static boolean isCore(Path p) {
    String s = p.toString();
    return s.contains("dbrace-core");
  }

  private static URL url(Path p) {
    try {
      return p.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }

  public List<Entry> entries() {
    return List.copyOf(entries.values());
  }

  /** The named stack, or a one-line error listing the known ones. */
  public Entry get(String name) {
    Entry e = entries.get(name);
    if (e == null) {
      throw new UserError("unknown stack '" + name + "' (known: " + String.join(", ", entries.keySet()) + ")");
    }
    return e;
  }
}
