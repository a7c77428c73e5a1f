package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.runner.Defaults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RequestResolver}'s layering through a real race: a setting is the command line's when given there, else the
 * scenario file's, else the default, and race.json's settings show each layer.
 */
class SettingLayersInRaceJsonIT {
  /** A file that sets the pool and the seed, each differing from its default. */
  private static final String FILE = """
      name: layers
      operations:
        - {name: read, sql: "select id from world where id = $1", params: [{uniform: {min: 1, max: 10000}}], expect: {rows: 1}}
      stacks: [jdbc-platform]
      pool: 3
      seed: 7
      load: {model: closed, concurrency: 2, executions: 40, warmup: 0s, rounds: 1}
      """;

  @Test
  void defaultThenScenarioThenCommandLineEachShowInRaceJson(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("layers.yaml"), FILE);
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Path out = dir.resolve("out");
    Cli.Result r = Cli.run("run", file.toString(), "--url", url, "--seed", "9", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode settings = Json.MAPPER.readTree(out.resolve("race.json").toFile()).path("settings");
    assertEquals(Defaults.THREADS, settings.path("threads").asInt(), "the default: neither file nor command line says");
    assertEquals(3, settings.path("pool").asInt(), "the file's pool over the default " + Defaults.POOL);
    assertEquals(2, settings.path("concurrency").asInt(), "the file's concurrency over the default " + Defaults.CONCURRENCY);
    assertEquals(9, settings.path("seed").asLong(), "the command line's seed over the file's 7");
    assertEquals(List.of("jdbc-platform"), Json.MAPPER.convertValue(settings.path("stacks"), List.class));
    assertFalse(r.err().contains(t.password()) || r.out().contains(t.password()));
  }
}
