package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.runner.Home;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --aot}: a stack's first run trains JDK 25's ahead-of-time cache, written when its worker exits; the next
 * run's worker starts from it, on the same classes as jars (the JDK takes no class folder), and race.json says which.
 */
class AotCacheIT {
  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  @Test
  void theFirstRunTrainsTheCacheAndTheNextStartsFromIt(@TempDir Path out) throws Exception {
    Path caches = Home.cacheDir().resolve("aot");
    if (Files.isDirectory(caches)) { // this stack's caches from earlier races: the first run here must train
      try (Stream<Path> old = Files.list(caches)) {
        for (Path f : old.filter(f -> f.getFileName().toString().startsWith("jdbc-platform-")).toList()) {
          Files.delete(f);
        }
      }
    }
    Cli.Result r = Cli.run("run", "--url", url(), "--out", out.toString(), "--stacks", "jdbc-platform", "--rounds", "2",
        "--duration", "1s", "--warmup", "1s", "--concurrency", "4", "--aot");
    assertEquals(0, r.exit(), r.err());
    JsonNode runs = Json.MAPPER.readTree(out.resolve("race.json").toFile()).path("runs");
    assertEquals(2, runs.size(), runs.toString());
    JsonNode trained = runs.get(0).path("aot");
    JsonNode used = runs.get(1).path("aot");
    assertEquals("ok", runs.get(1).path("status").asText(), runs.get(1).toString());
    assertEquals("trained", trained.path("mode").asText(), trained.toString());
    assertEquals("used", used.path("mode").asText(), used.toString());
    String cache = used.path("cache").asText();
    assertEquals(trained.path("cache").asText(), cache, "the run after the training run starts from its cache");
    assertTrue(Files.size(caches.resolve(cache)) > 1_000_000, "a cache of the stack's classes: " + cache);
    try (Stream<Path> left = Files.list(caches)) {
      assertTrue(left.noneMatch(f -> f.toString().endsWith(".tmp")), "the training file became the cache");
    }
    String command = Files.readString(out.resolve("runs/jdbc-platform/round-2/worker.command"));
    assertTrue(command.contains("-XX:AOTCache=" + caches.resolve(cache)), command);
    assertTrue(!command.contains("target/classes"), "jars only: " + command);
  }
}
