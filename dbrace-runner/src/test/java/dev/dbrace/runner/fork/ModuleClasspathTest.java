package dev.dbrace.runner.fork;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.Home;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A module's classpath reads the same from a source checkout and from an unpacked {@code ./dbrace dist} archive. */
class ModuleClasspathTest {
  @TempDir
  Path dir;

  @Test
  void aCheckoutsModuleIsItsClassFolderThenMavensAbsoluteEntries() throws IOException {
    Path repo = dir.resolve("m2");
    Path module = module(dir.resolve("checkout/stacks/vertx"), true, repo.resolve("a/a.jar") + ":" + repo.resolve("b/b.jar"));
    assertEquals(List.of(module.resolve("target/classes"), repo.resolve("a/a.jar"), repo.resolve("b/b.jar")),
        ModuleClasspath.of(module));
  }

  @Test
  void anArchivesModuleListsItsOwnJarFirstAndEveryEntryRelativeToTarget() throws IOException {
    Path home = dir.resolve("dbrace-0123");
    Path module = module(home.resolve("stacks/vertx"), false, "classes.jar:../../../lib/io/vertx/v.jar:../../../dbrace-core/target/c.jar");
    assertEquals(List.of(module.resolve("target/classes.jar"), home.resolve("lib/io/vertx/v.jar"),
        home.resolve("dbrace-core/target/c.jar")), ModuleClasspath.of(module));
  }

  @Test
  void aModuleWithoutItsClasspathFileIsNotBuiltAndAMissingFolderHoldsNone() throws IOException {
    Path stacks = dir.resolve("stacks");
    Files.createDirectories(stacks.resolve("unbuilt/target/classes"));
    Path built = module(stacks.resolve("vertx"), true, "");
    assertEquals(List.of(), ModuleClasspath.of(stacks.resolve("unbuilt")));
    assertEquals(List.of(built), List.copyOf(ModuleClasspath.under(stacks).keySet()));
    assertEquals(List.of(built.resolve("target/classes")), ModuleClasspath.under(stacks).get(built));
    assertTrue(ModuleClasspath.under(dir.resolve("nothing")).isEmpty());
  }

  @Test
  void homesModulesAreTheCommandLinesThenEveryWorkerFoldersInNameOrder() throws IOException {
    Path home = dir.resolve("home");
    module(home.resolve("experiments/pgjdbc"), true, "");
    module(home.resolve("stacks/vertx"), true, "");
    module(home.resolve("stacks/jdbc"), true, "");
    module(home.resolve("dbrace-cli"), true, "");
    module(home.resolve("dbrace-db"), true, ""); // a library module: on others' classpaths, not one of its own
    assertEquals(List.of(Path.of("dbrace-cli"), Path.of("stacks/jdbc"), Path.of("stacks/vertx"), Path.of("experiments/pgjdbc")),
        List.copyOf(Home.modules(home).keySet()));
  }

  private static Path module(Path module, boolean classes, String entries) throws IOException {
    Files.createDirectories(module.resolve("target"));
    if (classes) {
      Files.createDirectories(module.resolve("target/classes"));
    }
    Files.writeString(module.resolve("target/runtime.classpath"), entries);
    return module;
  }
}
