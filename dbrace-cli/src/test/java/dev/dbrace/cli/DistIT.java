package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.cluster.BuildId;
import dev.dbrace.runner.Home;
import dev.dbrace.testkit.CommandResult;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./dbrace dist}: the archive, unpacked on a host made fresh (a PATH without Maven, an empty home for the shell
 * and for Java, so neither ~/.m2 nor dbrace's cache is there), lists, races, and is the build of the checkout it came
 * from; with one jar changed it is another build.
 */
class DistIT {
  @TempDir
  Path dir;

  @Test
  void theArchiveRunsWithAJdkAndNothingElseAndIsTheBuildOfItsCheckout() throws Exception {
    BuildId checkout = BuildId.of(Home.dir());
    Path archive = dir.resolve("dbrace.tar.gz");
    long start = System.nanoTime();
    Cli.Result dist = Cli.run("dist", "--out", archive.toString());
    double distSeconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, dist.exit(), dist.err());
    assertTrue(dist.err().contains("build " + checkout.shortValue()), dist.err());

    Path host = Files.createDirectories(dir.resolve("host"));
    Path work = Files.createDirectories(host.resolve("work"));
    start = System.nanoTime();
    assertEquals(0, launch(host, freshHost(), "tar", "xzf", archive.toString()).exit());
    Path unpacked = host.resolve("dbrace-" + checkout.shortValue());
    Map<Path, List<Path>> modules = Home.modules(unpacked);
    assertTrue(modules.keySet().containsAll(List.of(Path.of("dbrace-cli"), Path.of("stacks/vertx"), Path.of("generators/http"))),
        modules.keySet().toString());
    modules.values().stream().flatMap(List::stream)
        .forEach(e -> assertTrue(e.startsWith(unpacked) && Files.isRegularFile(e), e + " is not a jar of the archive"));
    String dbrace = unpacked.resolve("dbrace").toString();
    Launched race = launch(work, freshHost(), dbrace, "run", "--stacks", "vertx", "--rounds", "1", "--duration", "1s",
        "--warmup", "1s");
    double unpackToResultSeconds = (System.nanoTime() - start) / 1e9;
    assertEquals(0, race.exit(), race.err());
    try (Stream<Path> results = Files.list(work.resolve("results"))) {
      JsonNode run = new ObjectMapper().readTree(results.findFirst().orElseThrow().resolve("race.json").toFile()).path("runs").get(0);
      assertEquals("vertx", run.path("stack").asText());
      assertEquals("ok", run.path("status").asText(), run.path("message").asText());
      assertTrue(run.path("ops").asLong() > 0, run.toString());
    }

    assertEquals(checkout.value(), BuildId.of(unpacked).value());
    Launched version = launch(work, freshHost(), dbrace, "--version");
    assertTrue(version.out().contains("build " + checkout.shortValue()), version.out() + version.err());
    Launched list = launch(work, freshHost(), dbrace, "list");
    assertEquals(0, list.exit(), list.err());
    assertTrue(list.out().contains("  vertx "), list.out());
    assertOneLineError(launch(work, freshHost(), dbrace, "build"), unpacked + " is an unpacked archive, built already");

    addEntry(unpacked.resolve("lib/org/hdrhistogram/HdrHistogram/2.2.2/HdrHistogram-2.2.2.jar"));
    assertNotEquals(checkout.value(), BuildId.of(unpacked).value());
    Launched again = launch(work, freshHost(), dbrace, "dist", "--out", dir.resolve("changed.tar.gz").toString());
    assertEquals(0, again.exit(), again.err());
    assertTrue(again.err().contains("build " + BuildId.of(unpacked).shortValue()), again.err());
    System.out.printf("DistIT: dist %.1f s, %.1f MB; unpack to the first race result %.1f s%n", distSeconds,
        Files.size(archive) / 1e6, unpackToResultSeconds);
  }

  @Test
  void anOutThatCannotBeTheArchiveIsOneLine() throws IOException {
    assertOneLineError(Cli.run("dist", "--out", dir.toString()), "--out " + dir + " is a folder: name the archive's file");
    Path file = Files.writeString(dir.resolve("file"), "");
    assertOneLineError(Cli.run("dist", "--out", file.resolve("dbrace.tar.gz").toString()),
        "cannot write " + file.resolve("dbrace.tar.gz") + ": " + file + " is a file, not a folder");
  }

  /** The environment of a host with a JDK and nothing else: no Maven on the PATH, an empty home, this test's JDK. */
  private Map<String, String> freshHost() throws IOException, InterruptedException {
    Path bin = dir.resolve("bin");
    Path home = dir.resolve("home");
    if (!Files.isDirectory(bin)) {
      Files.createDirectories(bin);
      Files.createDirectories(home);
      for (String folder : List.of("/usr/bin", "/bin")) {
        try (Stream<Path> tools = Files.list(Path.of(folder))) {
          for (Path tool : tools.toList()) {
            Path link = bin.resolve(tool.getFileName().toString());
            if (!tool.getFileName().toString().startsWith("mvn") && !Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
              Files.createSymbolicLink(link, tool);
            }
          }
        }
      }
    }
    Map<String, String> env = Map.of("PATH", bin.toString(), "HOME", home.toString(), "JAVA_TOOL_OPTIONS", "-Duser.home=" + home,
        "DBRACE_JAVA_HOME", System.getProperty("java.home"));
    assertEquals(1, launch(dir, env, "bash", "-c", "command -v mvn").exit(), "Maven is on the fresh host's PATH");
    return env;
  }

  /** A jar with one more file: another jar. */
  private static void addEntry(Path jar) throws IOException {
    try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toUri()), Map.of())) {
      Files.writeString(zip.getPath("DistIT.txt"), "changed");
    }
  }

  record Launched(int exit, String out, String err) implements CommandResult {}

  private Launched launch(Path cwd, Map<String, String> env, String... cmd) throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(cmd))).directory(cwd.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(3, TimeUnit.MINUTES)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError(String.join(" ", cmd) + " ran past 3 minutes: " + Files.readString(err));
    }
    // the JVM says it took JAVA_TOOL_OPTIONS: the environment's doing, not the command's
    String stderr = Files.readString(err).lines().filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS"))
        .map(l -> l + "\n").reduce("", String::concat);
    return new Launched(p.exitValue(), Files.readString(out), stderr);
  }
}
