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

/** A build id is the contents of every jar and class folder dbrace runs on, wherever they lie: nothing else, and all of them. */
class BuildIdTest {
  private static final Map<String, String> CORE = Map.of("dev/dbrace/core/A.class", "a-bytes", "core.properties", "x=1");
  private static final Map<String, String> CLI = Map.of("dev/dbrace/cli/B.class", "b-bytes");
  private static final Map<String, String> STACK = Map.of("dev/dbrace/stacks/S.class", "s-bytes",
      "META-INF/services/dev.dbrace.core.spi.StackProvider", "dev.dbrace.stacks.S");
  private static final Map<String, String> LIBRARY = Map.of("org/lib/C.class", "c-bytes");

  @TempDir
  Path dir;

  @Test
  void jarsAndClassFoldersOfTheSameContentsAgreeWhereverAndInWhateverOrderTheyLie() throws IOException {
    Path lib = jar("lib.jar", LIBRARY);
    BuildId jars = BuildId.ofClassPath(List.of(jar("j/core.jar", CORE), jar("j/cli.jar", CLI), lib));
    BuildId folders = BuildId.ofClassPath(List.of(folder("f/cli", CLI), lib, folder("f/core", CORE), dir.resolve("missing.jar")));
    assertEquals(jars.value(), folders.value());
    assertEquals(64, jars.value().length());
    assertEquals("3 jars and class folders", jars.source());
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
  void aLibraryCountsByItsBytesAndAJarListedTwiceOnce() throws IOException {
    Path lib = jar("a/lib.jar", LIBRARY);
    BuildId with = BuildId.ofClassPath(List.of(folder("a/core", CORE), lib));
    assertNotEquals(BuildId.ofClassPath(List.of(folder("a/core", CORE))).value(), with.value());
    assertNotEquals(with.value(), BuildId.ofClassPath(List.of(folder("a/core", CORE), jar("b/lib.jar", Map.of("org/lib/C.class",
        "other-bytes")))).value());
    Path copy = Files.copy(lib, dir.resolve("lib-copy.jar"));
    assertEquals(with.value(), BuildId.ofClassPath(List.of(copy, folder("a/core", CORE), lib, copy)).value());
    Path stray = Files.writeString(dir.resolve("notes.txt"), "not a jar");
    assertNotEquals(with.value(), BuildId.ofClassPath(List.of(folder("a/core", CORE), lib, stray)).value());
  }

  @Test
  void aCheckoutAndAnArchiveLaidOutFromItAgreeAndOneChangedJarIsAnotherBuild() throws IOException {
    Path lib = jar("m2/org/lib/1.0/lib-1.0.jar", LIBRARY);
    String core = jar("checkout/dbrace-core/target/dbrace-core.jar", CORE).toString();
    module(folder("checkout/dbrace-cli/target/classes", CLI).getParent().getParent(), core + ":" + lib);
    module(folder("checkout/stacks/vertx/target/classes", STACK).getParent().getParent(), core + ":" + lib);
    Files.createDirectories(dir.resolve("archive/lib/org/lib/1.0"));
    Files.copy(lib, dir.resolve("archive/lib/org/lib/1.0/lib-1.0.jar")); // a library is copied, byte for byte
    jar("archive/dbrace-core/target/dbrace-core.jar", CORE);
    module(jar("archive/dbrace-cli/target/classes.jar", CLI).getParent().getParent(),
        "classes.jar:../../dbrace-core/target/dbrace-core.jar:../../lib/org/lib/1.0/lib-1.0.jar");
    module(jar("archive/stacks/vertx/target/classes.jar", STACK).getParent().getParent(),
        "classes.jar:../../../dbrace-core/target/dbrace-core.jar:../../../lib/org/lib/1.0/lib-1.0.jar");
    BuildId checkout = BuildId.of(dir.resolve("checkout"));
    assertEquals(checkout.value(), BuildId.of(dir.resolve("archive")).value());
    assertEquals("4 jars and class folders", checkout.source());

    jar("archive/lib/org/lib/1.0/lib-1.0.jar", Map.of("org/lib/C.class", "patched"));
    assertNotEquals(checkout.value(), BuildId.of(dir.resolve("archive")).value());
  }

  private static void module(Path module, String entries) throws IOException {
    Files.writeString(module.resolve("target/runtime.classpath"), entries);
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
