package dev.dbrace.cli;

import dev.dbrace.runner.fork.ModuleClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.zip.ZipException;

/**
 * Where each jar of a {@code ./dbrace dist} archive lies, relative to the unpacked folder, and what each module's
 * {@code target/runtime.classpath} says there, so that {@link ModuleClasspath} and the launcher find them as they find
 * a checkout's. An entry inside the home keeps its place ({@code dbrace-core/target/dbrace-core-….jar}), a class folder
 * becoming the jar beside it ({@code stacks/vertx/target/classes.jar}); a library goes under {@code lib/} as it lay
 * below the folder all libraries share (Maven's repository: {@code lib/org/postgresql/postgresql/42.7.14/…jar}), so two
 * libraries never share a place. Immutable.
 */
final class DistLayout {
  /** Where the libraries go, in the archive. */
  static final String LIB = "lib";

  private final Map<Path, String> places;
  private final Map<Path, List<Path>> modules;

  private DistLayout(Map<Path, String> places, Map<Path, List<Path>> modules) {
    this.places = places;
    this.modules = modules;
  }

  /**
   * The layout of {@code modules} ({@code Home.modules(home)}: module folder relative to {@code home}, its classpath).
   */
  static DistLayout of(Path home, Map<Path, List<Path>> modules) {
    List<Path> entries = modules.values().stream().flatMap(List::stream).map(Path::normalize).distinct().toList();
    Path libRoot = sharedFolder(entries.stream().filter(e -> !e.startsWith(home)).toList());
    Map<Path, String> places = new LinkedHashMap<>();
    for (Path e : entries) {
      String place = e.startsWith(home) ? slashed(home.relativize(e)) : LIB + "/" + slashed(libRoot.relativize(e));
      places.put(e, Files.isDirectory(e) ? place + ".jar" : place);
    }
    return new DistLayout(Collections.unmodifiableMap(places), Collections.unmodifiableMap(new LinkedHashMap<>(modules)));
  }

  /** Every jar and class folder of the modules and its place in the archive, each once, in the modules' order. */
  Map<Path, String> places() {
    return places;
  }

  /** The modules, their folders relative to the home, in the order given. */
  Set<Path> modules() {
    return modules.keySet();
  }

  /** The archive's {@code <module>/target/runtime.classpath}: the module's entries, each relative to its {@code target/}. */
  String classpathFile(Path module) {
    Path target = module.resolve("target");
    return modules.get(module).stream().map(e -> slashed(target.relativize(Path.of(places.get(e.normalize())))))
        .collect(Collectors.joining(":"));
  }

  /**
   * The jars outside the home that hold dbrace's own classes: a snapshot a build of some modules only
   * ({@code mvn -pl} without {@code -am}) took from the Maven repository instead of the home's own, which an archive
   * must not carry.
   */
  List<Path> foreignDbraceJars(Path home) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path e : places.keySet()) {
      if (!e.startsWith(home) && Files.isRegularFile(e)) {
        try (JarFile jar = new JarFile(e.toFile())) {
          if (jar.stream().anyMatch(j -> j.getName().startsWith("dev/dbrace/"))) {
            out.add(e);
          }
        } catch (ZipException notAJar) {
          // not dbrace's
        }
      }
    }
    return out;
  }

  /** The deepest folder holding every one of {@code paths}; null for none. */
  static Path sharedFolder(List<Path> paths) {
    Path shared = paths.isEmpty() ? null : paths.get(0).getParent();
    for (Path p : paths) {
      while (!p.startsWith(shared)) {
        shared = shared.getParent();
      }
    }
    return shared;
  }

  private static String slashed(Path relative) {
    return relative.toString().replace(relative.getFileSystem().getSeparator(), "/");
  }
}
