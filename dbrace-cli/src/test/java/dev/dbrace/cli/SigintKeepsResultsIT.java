package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C on a real {@code dbrace run} in its own JVM (embedded PostgreSQL, two stacks, a long
 * closed run): SIGINT while the second stack is measuring. dbrace must exit promptly, leave a
 * valid race.json with the first run's figures and the second marked interrupted (with its figures
 * so far when its worker could still report them), and leave no process behind: not its workers,
 * not its PostgreSQL.
 */
public class SigintKeepsResultsIT {

  /**
   * @param group false: SIGINT to dbrace alone (kill -INT PID); true: to its whole process group, as
   *     a terminal's Ctrl-C does, so the workers and PostgreSQL get it too
   */
  @ParameterizedTest(name = "to the process group: {0}")
  @ValueSource(booleans = {false, true})
  void sigintKeepsWhatWasMeasuredAndStopsEverything(boolean group, @TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    Process dbrace = ForkedCli.start(dir, Map.of(), group, "run", "--stacks", "jdbc-platform,vertx",
        "--rounds", "1", "--duration", "8s", "--warmup", "0s", "--concurrency", "8", "--pool", "4", "--out", out.toString());
    long pid = dbrace.pid();
    Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
    try {
      // the first stack's run is done and the second's worker is measuring: wait for both
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
      boolean secondMeasuring = false;
      while (!secondMeasuring && System.nanoTime() < deadline && dbrace.isAlive()) {
        dbrace.descendants().forEach(seen::add);
        secondMeasuring = runs(out).size() == 1
            && dbrace.descendants().anyMatch(p -> p.info().commandLine().orElse("").contains("WorkerMain"))
            // the worker opens latency.hlog once its stack is open; with no warm-up it measures from then
            && Files.exists(out.resolve("runs/vertx/latency.hlog"));
        Thread.sleep(100);
      }
      assertTrue(secondMeasuring, () -> "never saw the second run measuring; stderr:\n" + read(dir.resolve("stderr")));
      Thread.sleep(1500); // the worker has measured for a while
      dbrace.descendants().forEach(seen::add);
      assertTrue(seen.stream().anyMatch(p -> p.info().commandLine().orElse("").contains("postgres")),
          "the embedded PostgreSQL was seen among dbrace's processes: " + seen);

      long t0 = System.nanoTime();
      assertEquals(0, new ProcessBuilder("kill", "-INT", "--", (group ? "-" : "") + pid).start().waitFor());
      assertTrue(dbrace.waitFor(20, TimeUnit.SECONDS), "dbrace exited within 20 s of SIGINT");
      double exitS = (System.nanoTime() - t0) / 1e9;
      String stderr = read(dir.resolve("stderr"));

      // no process dbrace started survives it (a worker halts on its closed stdin: a moment's grace)
      long graceEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
      while (seen.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < graceEnd) {
        Thread.sleep(50);
      }
      List<String> alive = seen.stream().filter(ProcessHandle::isAlive)
          .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList();
      assertTrue(alive.isEmpty(), "processes left behind: " + alive);
      assertEquals("", pgrep("run-" + pid + "-"), "a PostgreSQL on dbrace's data dir is left");
      assertEquals("", pgrep("dbrace-" + pid + "-"), "a backend of dbrace's application name is left");

      JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
      JsonNode runs = race.path("runs");
      assertEquals(2, runs.size(), () -> "the finished run and the interrupted one: " + race.toPrettyString());
      JsonNode done = runs.get(0);
      assertEquals("jdbc-platform", done.path("stack").asText());
      assertEquals("ok", done.path("status").asText());
      assertTrue(done.path("ops").asLong() > 0 && done.path("throughput_ops_s").asDouble() > 0, done.toString());
      assertTrue(done.path("latency_ms").path("p99").asDouble() > 0, done.toString());
      JsonNode cut = runs.get(1);
      assertEquals("vertx", cut.path("stack").asText());
      assertEquals("interrupted", cut.path("status").asText(), cut.toString());
      assertEquals(cut.path("issued").asLong(),
          cut.path("ops").asLong() + cut.path("errors").asLong() + cut.path("unfinished").asLong(), cut.toString());
      if (!group) {
        // the worker heard nothing of the signal: asked to stop, it reported what it measured until then
        assertTrue(cut.path("issued").asLong() > 0 && cut.path("ops").asLong() > 0 && cut.path("latency_ms").has("p99"),
            () -> "the cut run's figures so far: " + cut + "\ndbrace's stderr:\n" + stderr + "\nworker's stderr:\n"
                + read(out.resolve("runs/vertx/worker.stderr.log")));
      }
      assertTrue(Files.exists(out.resolve("report.html")), "the report of what was measured is written");
      assertFalse(stderr.contains("Exception") || stderr.contains("internal error"), stderr);
      assertTrue(stderr.contains("dbrace: interrupted: ") && stderr.contains("keeps the 1 finished run"), stderr);
      System.err.println("[interrupt-test] " + (group ? "group" : "process") + ": exited " + String.format("%.1f", exitS)
          + " s after SIGINT; " + seen.size() + " processes seen, none left");
    } finally {
      dbrace.descendants().forEach(ProcessHandle::destroyForcibly);
      dbrace.destroyForcibly();
    }
  }

  private static List<JsonNode> runs(Path out) {
    try {
      List<JsonNode> list = new ArrayList<>();
      Json.MAPPER.readTree(out.resolve("race.json").toFile()).path("runs").forEach(list::add);
      return list;
    } catch (IOException notYet) {
      return List.of();
    }
  }

  /** The pids and command lines of processes whose command line contains {@code text}. */
  private static String pgrep(String text) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("pgrep", "-af", "--", text).redirectErrorStream(true).start();
    String found = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    // pgrep lists itself on some systems
    return String.join("\n", found.lines().filter(l -> !l.contains("pgrep")).toList());
  }

  private static String read(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return e.toString();
    }
  }
}
