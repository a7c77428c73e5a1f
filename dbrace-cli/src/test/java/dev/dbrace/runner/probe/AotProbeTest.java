package dev.dbrace.runner.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which classpath a worker gets under --aot, on module folders the test lays out. */
class AotProbeTest {
  private static Path module(Path dir, boolean jar, Instant classTime, Instant jarTime) throws Exception {
    Path classes = Files.createDirectories(dir.resolve("target/classes/dev"));
    Files.setLastModifiedTime(Files.writeString(classes.resolve("A.class"), "x"), FileTime.from(classTime));
    if (jar) {
      Files.setLastModifiedTime(Files.writeString(dir.resolve("target/m-1.jar"), "jar"), FileTime.from(jarTime));
    }
    return dir.resolve("target/classes");
  }

  @Test
  void aClassFolderIsReplacedByItsJarOnlyWhenTheJarIsCurrent(@TempDir Path dir) throws Exception {
    Instant t = Instant.parse("2026-11-28T10:00:00Z");
    assertEquals(dir.resolve("a/target/m-1.jar"), AotProbe.packaged(module(dir.resolve("a"), true, t, t.plusSeconds(5))));
    assertNull(AotProbe.packaged(module(dir.resolve("b"), true, t.plusSeconds(5), t)), "a class newer than the jar");
    assertNull(AotProbe.packaged(module(dir.resolve("c"), false, t, t)), "no jar");
  }

  @Test
  void withoutACurrentJarOrOnAnOlderJdkTheRunGoesWithoutTheCacheAndSaysWhy(@TempDir Path dir) throws Exception {
    Instant t = Instant.parse("2026-11-28T10:00:00Z");
    Path stale = module(dir.resolve("s"), true, t.plusSeconds(5), t);
    Path lib = Files.writeString(dir.resolve("lib.jar"), "lib");
    AotProbe off = AotProbe.of(dir.resolve("cache"), 25, "x", List.of(stale, lib), List.of("k"));
    assertEquals(List.of(stale, lib), off.classpath(List.of(stale, lib)), "the classpath as it was");
    assertEquals(List.of(), off.workerJvmArgs());
    AotProbe old = AotProbe.of(dir.resolve("cache"), 21, "x", List.of(lib), List.of("k"));
    assertEquals(List.of(), old.workerJvmArgs(), "JDK 21 has no -XX:AOTCacheOutput");

    Path fresh = module(dir.resolve("f"), true, t, t.plusSeconds(5));
    AotProbe first = AotProbe.of(dir.resolve("cache"), 25, "x", List.of(fresh, lib), List.of("k"));
    assertEquals(List.of(dir.resolve("f/target/m-1.jar"), lib), first.classpath(List.of(fresh, lib)));
    String train = first.workerJvmArgs().get(0);
    assertTrue(train.startsWith("-XX:AOTCacheOutput=" + dir.resolve("cache/aot/x-")) && train.endsWith(".tmp"), train);
    Files.writeString(Path.of(train.substring(train.indexOf('=') + 1)), "the JVM's cache");
    first.close(); // the worker is gone: its cache takes its place
    AotProbe second = AotProbe.of(dir.resolve("cache"), 25, "x", List.of(fresh, lib), List.of("k"));
    String use = second.workerJvmArgs().get(0);
    assertTrue(use.startsWith("-XX:AOTCache=" + dir.resolve("cache/aot/x-")) && use.endsWith(".aot"), use);
    assertEquals("the JVM's cache", Files.readString(Path.of(use.substring(use.indexOf('=') + 1))));
    AotProbe otherWorkload = AotProbe.of(dir.resolve("cache"), 25, "x", List.of(fresh, lib), List.of("k2"));
    assertTrue(otherWorkload.workerJvmArgs().get(0).startsWith("-XX:AOTCacheOutput="), "its own cache per key");
  }
}
