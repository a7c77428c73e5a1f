package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.inputs.RaceResolution;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The JIT's CPU is read per compiler thread at a run's readings, so a compiler thread that HotSpot starts and retires
 * between two of them would never count: the forked JVMs keep one set of compiler threads from start to end. Watched
 * on a real JVM that believes it has 32 cores (HotSpot sizes its compiler threads by them; on a 2-core machine it
 * starts all of its two at once anyway) through a burst of compilations.
 */
public class CompilerThreadsKeptIT {
  private static final String MANY_CORES = "-XX:ActiveProcessorCount=32";

  @Test
  void theForkedJvmsKeepTheirCompilerThreadsThroughABurstWhereHotSpotsDefaultAddsSome() throws Exception {
    List<String> forked = RaceResolution.workerJvmArgs(List.of(MANY_CORES));
    TreeSet<Integer> fixed = compilerThreadsThroughABurst(forked);
    assertEquals(1, fixed.size(), "one count of compiler threads from before the burst to its end: " + fixed);
    assertTrue(fixed.first() > 2, "all started at once: " + fixed);
    // HotSpot's default, given last (the last of a flag wins): the same burst starts compiler threads as it goes
    List<String> dynamic = new ArrayList<>(forked);
    dynamic.add("-XX:+UseDynamicNumberOfCompilerThreads");
    TreeSet<Integer> grown = compilerThreadsThroughABurst(dynamic);
    assertTrue(grown.size() > 1 && grown.first() < fixed.first(),
        "by default the burst changes the count (the watch can see it): " + grown);
  }

  /** Every count of the child's compiler threads seen from before its burst until the burst ended. */
  private static TreeSet<Integer> compilerThreadsThroughABurst(List<String> jvmArgs) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
    cmd.addAll(jvmArgs);
    cmd.addAll(List.of("-cp", Path.of(CompileBurst.class.getProtectionDomain().getCodeSource().getLocation().toURI())
        .toString(), CompileBurst.class.getName()));
    Process child = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream()));
        var in = child.getOutputStream()) {
      assertEquals("ready", out.readLine());
      TreeSet<Integer> counts = new TreeSet<>(List.of(compilerThreads(child.pid())));
      in.write('\n');
      in.flush();
      CompletableFuture<String> done = CompletableFuture.supplyAsync(() -> {
        try {
          return out.readLine();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!done.isDone() && System.nanoTime() < deadline) {
        counts.add(compilerThreads(child.pid()));
        Thread.sleep(5);
      }
      assertEquals("done", done.get(1, TimeUnit.SECONDS));
      counts.add(compilerThreads(child.pid()));
      return counts;
    } finally {
      child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** Threads of {@code pid} named as HotSpot's C1/C2 compiler threads (cut to 15 characters by the kernel). */
  private static int compilerThreads(long pid) throws IOException {
    int n = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path t : tasks) {
        try {
          String comm = Files.readString(t.resolve("comm"));
          n += comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre") ? 1 : 0;
        } catch (IOException ended) {
          // a thread that ended while we listed
        }
      }
    }
    return n;
  }
}
