package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.Json;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * race.json files written before the format number existed (format 1: by dbrace at 9ddfebd, with
 * {@code ./dbrace run}, {@code curve} and {@code capacity}, kept with their interval logs under
 * src/test/resources/format1) stay readable by {@code report} and {@code compare}, and read into
 * today's records without losing a field.
 */
class Format1ResultsTest {
  private static final List<String> KINDS = List.of("race", "faults", "curve", "capacity");
  /** Run fields added after format 1's fixtures were written, as JSON pointers into a run. */
  private static final List<String> ADDED_SINCE = List.of("/ttfb_ms", "/effective_concurrency", "/warmup/prewarm",
      "/warmup/in_flight_at_switch", "/warmup/oldest_in_flight_ms", "/warmup/in_flight_at_end");

  @TempDir Path tmp;

  /** A fixture's folder copied out of the classpath: the report is written beside race.json. */
  private Path fixture(String name) throws IOException, URISyntaxException {
    Path from = Path.of(Format1ResultsTest.class.getResource("/format1/" + name).toURI());
    Path to = tmp.resolve(name);
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target);
        }
      }
    }
    return to;
  }

  @ParameterizedTest
  @ValueSource(strings = {"race", "faults", "curve", "capacity"})
  void reportReadsAFormat1RaceJson(String name) throws Exception {
    Path dir = fixture(name);
    Cli.Result r = Cli.run("report", dir.toString());
    assertEquals(0, r.exit(), r.err());
    String html = Files.readString(dir.resolve("report.html"));
    JsonNode original = Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    assertTrue(html.contains(original.get("id").asText()), "the report names the race");
    for (JsonNode run : original.get("runs")) {
      assertTrue(html.contains(run.get("stack").asText()), run.get("stack").asText());
    }
  }

  /** Every field of every run of a format-1 file survives a read and a write (format 2 keeps the layout). */
  @Test
  void format1ReadsIntoTheNewRecordsWithoutLosingAField() throws Exception {
    for (String name : KINDS) {
      Path json = fixture(name).resolve("race.json");
      JsonNode original = Json.MAPPER.readTree(json.toFile());
      assertFalse(original.has("format"), name + " is a format-1 file");
      Race race = Json.MAPPER.readValue(json.toFile(), Race.class);
      assertEquals(1, race.format(), name);
      JsonNode written = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(race)); // parsed as the original was
      assertEquals(1, written.get("format").asInt(), "a race read keeps its format");
      assertEquals(Race.FORMAT, ((ObjectNode) Json.MAPPER.valueToTree(new Race(race.id(), race.kind(), race.command(),
          race.started(), race.finished(), race.environment(), race.settings(), race.workload(), race.sla(), race.runs(),
          race.capacity(), race.verdict()))).get("format").asInt(), "a race written now is in the current format");
      assertEquals(original.get("runs").size(), race.runs().size(), name);
      for (int i = 0; i < race.runs().size(); i++) {
        ObjectNode run = (ObjectNode) written.get("runs").get(i).deepCopy();
        for (String later : ADDED_SINCE) { // absent from the file: read as absent, written as null
          JsonPointer field = JsonPointer.compile(later);
          ObjectNode parent = (ObjectNode) run.at(field.head());
          String key = field.last().getMatchingProperty();
          assertTrue(parent.has(key) && parent.get(key).isNull(), name + " run " + i + ": " + later);
          parent.remove(key);
        }
        assertEquals(original.get("runs").get(i), run, name + " run " + i);
      }
      assertTrue(race.runs().stream().allMatch(r -> r.result() != null && r.probes() != null), name);
    }
    Race faults = Json.MAPPER.readValue(tmp.resolve("faults/race.json").toFile(), Race.class);
    assertTrue(faults.runs().getFirst().probes().faults() != null, "the fault run's faults are the probe's figures");
    Race race = Json.MAPPER.readValue(tmp.resolve("race/race.json").toFile(), Race.class);
    assertTrue(race.runs().getFirst().probes().threadStates() != null, "--jfr's thread states are the probe's figures");
    assertTrue(race.runs().getFirst().result().ops() > 0, "the worker's figures are the result's");
  }

  /** compare reads a format-1 race beside the same race written in format 2: the same figures, no change. */
  @Test
  void compareAFormat1RaceWithItsFormat2Self() throws Exception {
    Path before = fixture("race");
    Path after = tmp.resolve("race-format2");
    Files.createDirectories(after);
    Race race = Json.MAPPER.readValue(before.resolve("race.json").toFile(), Race.class);
    Race now = new Race(race.id(), race.kind(), race.command(), race.started(), race.finished(), race.environment(),
        race.settings(), race.workload(), race.sla(), race.runs(), race.capacity(), race.verdict());
    Files.writeString(after.resolve("race.json"), Json.MAPPER.writeValueAsString(now));
    Path out = tmp.resolve("compare.html");
    Cli.Result r = Cli.run("compare", before.toString(), after.toString(), "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    List<String> rows = r.out().lines().filter(l -> l.startsWith("jdbc-platform") || l.startsWith("vertx")).toList();
    assertEquals(race.runs().size(), rows.size(), r.out());
    rows.forEach(row -> assertTrue(row.contains("1.00x") && !row.contains("better") && !row.contains("worse"), row));
    assertTrue(Files.isRegularFile(out));
  }

  @Test
  void aNewerFormatIsRefusedInOneLine() throws Exception {
    Path dir = fixture("race");
    ObjectNode json = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    json.put("format", Race.FORMAT + 1);
    Files.writeString(dir.resolve("race.json"), Json.MAPPER.writeValueAsString(json));
    Cli.Result r = Cli.run("report", dir.toString());
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("format " + (Race.FORMAT + 1)), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }
}
