package dev.dbrace.runner.fork;

import java.io.File;
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
import java.util.stream.Stream;

/**
 * The classpath of a built module (a stack, a load generator, an experiment, the command line): its
 * {@code target/classes} when there is one, then the entries of its {@code target/runtime.classpath}, a relative one
 * taken from {@code target/} (as a jar manifest's {@code Class-Path} is from the jar). A source checkout has both (Maven
 * writes absolute paths into its repository); an archive from {@code ./dbrace dist} has only the file, listing the
 * module's own {@code classes.jar} first and every jar relative to the unpacked folder. The launcher reads the command
 * line's the same way. The runner looks into a module through a class loader that leaves dbrace-core out, so the SPI
 * types are the runner's own and the runner never links a driver.
 */
public final class ModuleClasspath {
  /** Under a module's folder: the class folder Maven compiles into. */
  public static final String CLASSES = "target/classes";
  /** Under a module's folder: the file that lists the rest of its classpath. */
  public static final String FILE = "target/runtime.classpath";

  private ModuleClasspath() {}

  /** The built modules directly under {@code folder} (none when there is no such folder), in name order, and their classpaths. */
  public static Map<Path, List<Path>> under(Path folder) {
    Map<Path, List<Path>> out = new LinkedHashMap<>();
    if (!Files.isDirectory(folder)) {
      return out;
    }
    try (Stream<Path> modules = Files.list(folder).sorted()) {
      for (Path module : (Iterable<Path>) modules::iterator) {
        List<Path> cp = of(module);
        if (!cp.isEmpty()) {
          out.put(module, cp);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The module's classpath, its own classes first; empty when it is not built (no {@link #FILE}). */
  public static List<Path> of(Path module) {
    Path file = module.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Path> cp = new ArrayList<>();
    Path classes = module.resolve(CLASSES);
    if (Files.isDirectory(classes)) {
      cp.add(classes);
    }
    try {
      String entries = Files.readString(file).trim();
      if (!entries.isEmpty()) {
        Arrays.stream(entries.split(File.pathSeparator)).map(file.getParent()::resolve).map(Path::normalize).forEach(cp::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(cp);
  }

  /** A loader over the module and its libraries but not dbrace-core: the SPI interface must be this JVM's. */
  public static URLClassLoader loader(List<Path> classpath) {
    URL[] urls = classpath.stream().filter(p -> !p.toString().contains("dbrace-core")).map(ModuleClasspath::url)
        .toArray(URL[]::new);
    return new URLClassLoader(urls, ModuleClasspath.class.getClassLoader());
  }

  private static URL url(Path p) {
    try {
      return p.toUri().toURL();
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
  }
}
