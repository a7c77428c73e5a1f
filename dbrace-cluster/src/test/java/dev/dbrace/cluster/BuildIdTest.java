package dev.dbrace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build id is the contents of dbrace's own class-path entries: nothing else, and all of them. */
class BuildIdTest {
  private static final Map<String, String> CORE = Map.of("dev/dbrace/core/A.class", "a-bytes", "core.properties", "x=1");
  private static final Map<String, String> CLI = Map.of("dev/dbrace/cli/B.class", "b-bytes");
  private static final Map<String, String> LIBRARY = Map.of("org/lib/C.class", "c-bytes");

  @TempDir
  Path dir;

  @Test
  void jarsAndClassFoldersOfTheSameContentsAgreeWhereverAndInWhateverOrderTheyLie() throws IOException {
    BuildId jars = BuildId.ofClassPath(List.of(jar("j/core.jar", CORE), jar("j/cli.jar", CLI), jar("j/lib.jar", LIBRARY)));
    BuildId folders = BuildId.ofClassPath(List.of(folder("f/cli", CLI), folder("f/core", CORE), dir.resolve("missing.jar")));
    assertEquals(jars.value(), folders.value());
    assertEquals(64, jars.value().length());
    assertEquals("2 dbrace class-path entries", jars.source());
  }

  @Test
  void oneChangedFileOrOneModuleLessIsAnotherBuild() throws IOException {
    BuildId base = BuildId.ofClassPath(List.of(folder("a/core", CORE), folder("a/cli", CLI)));
    Map<String, String> changed = new TreeMap<>(CORE);
    changed.put("core.properties", "x=2");
    assertNotEquals(base.value(), BuildId.ofClassPath(List.of(folder("b/core", changed), folder("b/cli", CLI))).value());
    assertNotEquals(base.value(), BuildId.ofClassPath(List.of(folder("c/core", CORE))).value());
    Map<String, String> renamed = Map.of("dev/dbrace/cli/C.class", "b-bytes");
    assertNotEquals(base.value(), BuildId.ofClassPath(List.of(folder("d/core", CORE), folder("d/cli", renamed))).value());
  }

  @Test
  void librariesDoNotCount() throws IOException {
    BuildId without = BuildId.ofClassPath(List.of(folder("a/core", CORE)));
    Map<String, String> otherLibrary = Map.of("org/lib/C.class", "other-bytes");
    assertEquals(without.value(), BuildId.ofClassPath(List.of(folder("b/core", CORE), jar("b/lib.jar", otherLibrary))).value());
  }

  private Path folder(String name, Map<String, String> files) throws IOException {
    Path root = dir.resolve(name);
    for (var e : files.entrySet()) {
      Path f = root.resolve(e.getKey());
      Files.createDirectories(f.getParent());
      Files.writeString(f, e.getValue());
    }
    return root;
  }

  /** A jar as Maven writes one: a manifest and pom metadata besides the files, which must not count. */
  private Path jar(String name, Map<String, String> files) throws IOException {
    Path jar = dir.resolve(name);
    Files.createDirectories(jar.getParent());
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().putValue("Manifest-Version", "1.0");
    manifest.getMainAttributes().putValue("Created-By", name);
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
      j.putNextEntry(new JarEntry("META-INF/maven/dev.dbrace/" + name + "/pom.properties"));
      j.write(("built=" + System.nanoTime()).getBytes());
      for (var e : files.entrySet()) {
        j.putNextEntry(new JarEntry(e.getKey()));
        j.write(e.getValue().getBytes());
      }
    }
    return jar;
  }
}
