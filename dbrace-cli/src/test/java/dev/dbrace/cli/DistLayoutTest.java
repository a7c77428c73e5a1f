package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.runner.Home;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a checkout's jars go in the archive, and the classpath files that find them there. */
class DistLayoutTest {
  @TempDir
  Path dir;

  @Test
  void aCheckoutsEntriesKeepTheirPlaceTheLibrariesGoUnderLibAsInTheirRepository() throws IOException {
    Path home = dir.resolve("checkout");
    Path m2 = dir.resolve("m2/repository");
    Path core = file(home.resolve("dbrace-core/target/dbrace-core-0.1.jar"));
    Path pg = file(m2.resolve("org/postgresql/postgresql/42.7.14/postgresql-42.7.14.jar"));
    Path vertx = file(m2.resolve("io/vertx/vertx-core/5.0.12/vertx-core-5.0.12.jar"));
    Path cliClasses = Files.createDirectories(home.resolve("dbrace-cli/target/classes"));
    Path stackClasses = Files.createDirectories(home.resolve("stacks/vertx/target/classes"));
    Map<Path, List<Path>> modules = new LinkedHashMap<>();
    modules.put(Path.of("dbrace-cli"), List.of(cliClasses, core, pg));
    modules.put(Path.of("stacks/vertx"), List.of(stackClasses, core, vertx, pg));

    DistLayout layout = DistLayout.of(home, modules);

    Map<Path, String> expected = new LinkedHashMap<>();
    expected.put(cliClasses, "dbrace-cli/target/classes.jar");
    expected.put(core, "dbrace-core/target/dbrace-core-0.1.jar");
    expected.put(pg, "lib/org/postgresql/postgresql/42.7.14/postgresql-42.7.14.jar");
    expected.put(stackClasses, "stacks/vertx/target/classes.jar");
    expected.put(vertx, "lib/io/vertx/vertx-core/5.0.12/vertx-core-5.0.12.jar");
    assertEquals(List.copyOf(expected.entrySet()), List.copyOf(layout.places().entrySet()));
    assertEquals("classes.jar:../../../dbrace-core/target/dbrace-core-0.1.jar:../../../lib/io/vertx/vertx-core/5.0.12/"
        + "vertx-core-5.0.12.jar:../../../lib/org/postgresql/postgresql/42.7.14/postgresql-42.7.14.jar",
        layout.classpathFile(Path.of("stacks/vertx")));
    assertEquals("classes.jar:../../dbrace-core/target/dbrace-core-0.1.jar:../../lib/org/postgresql/postgresql/42.7.14/"
        + "postgresql-42.7.14.jar", layout.classpathFile(Path.of("dbrace-cli")));
  }

  @Test
  void anUnpackedArchiveLaysItselfOutAsItIs() throws IOException {
    Path home = dir.resolve("dbrace-0123");
    file(home.resolve("stacks/vertx/target/classes.jar"));
    file(home.resolve("dbrace-core/target/dbrace-core-0.1.jar"));
    file(home.resolve("lib/io/vertx/vertx-core/5.0.12/vertx-core-5.0.12.jar"));
    String classpath = "classes.jar:../../../dbrace-core/target/dbrace-core-0.1.jar:../../../lib/io/vertx/vertx-core/5.0.12/"
        + "vertx-core-5.0.12.jar";
    Files.writeString(home.resolve("stacks/vertx/target/runtime.classpath"), classpath);

    DistLayout layout = DistLayout.of(home, Home.modules(home));

    assertEquals(List.of("stacks/vertx/target/classes.jar", "dbrace-core/target/dbrace-core-0.1.jar",
        "lib/io/vertx/vertx-core/5.0.12/vertx-core-5.0.12.jar"), List.copyOf(layout.places().values()));
    assertEquals(classpath, layout.classpathFile(Path.of("stacks/vertx")));
  }

  @Test
  void dbracesOwnJarsFromOutsideTheHomeAreForeignLibrariesAreNot() throws IOException {
    Path home = dir.resolve("checkout");
    Path m2 = dir.resolve("m2");
    Path stale = jar(m2.resolve("dev/dbrace/dbrace-core/0.1/dbrace-core-0.1.jar"), "dev/dbrace/core/A.class");
    Path library = jar(m2.resolve("org/lib/1.0/lib-1.0.jar"), "org/lib/B.class");
    Path own = jar(home.resolve("dbrace-db/target/dbrace-db-0.1.jar"), "dev/dbrace/db/C.class");
    Path notAJar = file(m2.resolve("org/lib/1.0/lib-1.0.pom"));
    DistLayout layout = DistLayout.of(home, Map.of(Path.of("dbrace-cli"), List.of(own, library, stale, notAJar)));
    assertEquals(List.of(stale), layout.foreignDbraceJars(home));
  }

  private static Path jar(Path p, String entry) throws IOException {
    Files.createDirectories(p.getParent());
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(p))) {
      jar.putNextEntry(new JarEntry(entry));
      jar.write(1);
    }
    return p;
  }

  private static Path file(Path p) throws IOException {
    Files.createDirectories(p.getParent());
    return Files.writeString(p, p.getFileName().toString());
  }
}
