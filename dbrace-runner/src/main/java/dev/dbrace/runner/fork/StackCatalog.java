package dev.dbrace.runner.fork;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The stacks built under {@code <home>/stacks/*} (or the load generators under
 * {@code <home>/generators/*}, which the worker drives through the same SPI): each module's providers are found with
 * {@link ServiceLoader} in a class loader of its own (the runner never links a driver), and each
 * stack's worker classpath is that module's {@link ModuleClasspath} (a source checkout's or an unpacked archive's).
 */
public final class StackCatalog {
  /**
   * One stack: its name, description, the engines it speaks, the classpath of its worker JVM, whether it runs
   * transactions, whether it can verify the server's certificate without an sslrootcert.
   */
  public record Entry(String name, String description, Set<Engine> engines, List<Path> classpath, boolean transactions,
      boolean verifiesWithoutRootCert) {
    /** The same entry started from {@code cp} (the same classes: {@link dev.dbrace.runner.probe.AotProbe}'s jars). */
    public Entry withClasspath(List<Path> cp) {
      return new Entry(name, description, engines, List.copyOf(cp), transactions, verifiesWithoutRootCert);
    }
  }

  private final Map<String, Entry> entries = new LinkedHashMap<>();

  private StackCatalog() {}

  /** The database stacks, under {@code <home>/stacks}. */
  public static StackCatalog discover(Path home) {
    return under(home, "stacks");
  }

  /** The load generators (the service level's HTTP client), under {@code <home>/generators}. */
  public static StackCatalog generators(Path home) {
    return under(home, "generators");
  }

  private static StackCatalog under(Path home, String folder) {
    StackCatalog catalog = new StackCatalog();
    Path dir = home.resolve(folder);
    if (!Files.isDirectory(dir)) {
      throw new UserError("no " + folder + "/ folder under " + home + ": is dbrace.home right?");
    }
    for (List<Path> cp : ModuleClasspath.under(dir).values()) {
      catalog.load(cp);
    }
    if (catalog.entries.isEmpty()) {
      throw new UserError("nothing built under " + dir + " (run ./dbrace once to build it)");
    }
    return catalog;
  }

  private void load(List<Path> cp) {
    try (URLClassLoader loader = ModuleClasspath.loader(cp)) {
      for (StackProvider p : ServiceLoader.load(StackProvider.class, loader)) {
        entries.put(p.name(), new Entry(p.name(), p.description(), Set.copyOf(p.engines()), cp, p.transactions(),
            p.verifiesWithoutRootCert()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Every stack's name. */
  public Set<String> names() {
    return Set.copyOf(entries.keySet());
  }

  public List<Entry> entries() {
    return List.copyOf(entries.values());
  }

  /** The named stack (a replica's, {@code name#2}, is its stack's), or a one-line error listing the known ones. */
  public Entry get(String name) {
    Entry e = entries.get(Replicas.base(name));
    if (e == null) {
      throw new UserError("unknown stack '" + name + "' (known: " + String.join(", ", entries.keySet()) + ")");
    }
    return e;
  }
}
