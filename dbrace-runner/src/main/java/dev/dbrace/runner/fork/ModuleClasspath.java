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
import java.util.List;
import java.util.stream.Stream;

/**
 * The worker classpath of a built module under a folder like {@code stacks/} or
 * {@code experiments/}: its {@code target/classes} plus its {@code target/runtime.classpath}. The
 * runner looks into it through a class loader that leaves dbrace-core out, so the SPI types are
 * the runner's own and the runner never links a driver.
 */
public final class ModuleClasspath {
  private ModuleClasspath() {}

  /** The classpaths of the built modules directly under {@code folder}, in name order. */
  public static List<List<Path>> under(Path folder) {
    List<List<Path>> out = new ArrayList<>();
    try (Stream<Path> modules = Files.list(folder).sorted()) {
      for (Path module : (Iterable<Path>) modules::iterator) {
        Path classes = module.resolve("target/classes");
        Path deps = module.resolve("target/runtime.classpath");
        if (Files.isDirectory(classes) && Files.isRegularFile(deps)) {
          out.add(read(classes, deps));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static List<Path> read(Path classes, Path depsFile) throws IOException {
    List<Path> cp = new ArrayList<>();
    cp.add(classes);
    String deps = Files.readString(depsFile).trim();
    if (!deps.isEmpty()) {
      Arrays.stream(deps.split(File.pathSeparator)).map(Path::of).forEach(cp::add);
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
