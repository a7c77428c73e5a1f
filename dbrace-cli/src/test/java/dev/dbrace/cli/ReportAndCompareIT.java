package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbrace report} and {@code dbrace compare} on the results of a real (short) race: a real
 * race.json and real interval logs written by the workers, warm-up intervals included.
 */
class ReportAndCompareIT {
  private static final String BLOB_START = "<script type=\"application/json\" id=\"report-data\">";

  @TempDir static Path tmp;
  static Path results;

  @BeforeAll
  static void race() throws Exception {
    var t = TestDb.get().target();
    results = tmp.resolve("race");
    Cli.Result r = Cli.run("run", "--url", "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres",
        "--stacks", "jdbc-platform,vertx", "--executions", "1500", "--concurrency", "8", "--pool", "4",
        "--warmup", "300ms", "--rounds", "1", "--out", results.toString());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void reportPrintsItsPathAndShowsTheRace() throws Exception {
    Cli.Result r = Cli.run("report", results.toString());
    assertEquals(0, r.exit(), r.err());
    Path report = results.resolve("report.html");
    assertEquals(report.toString(), r.out().strip());
    String html = Files.readString(report);
    JsonNode blob = Json.MAPPER.readTree(html.substring(html.indexOf(BLOB_START) + BLOB_START.length(),
        html.indexOf("</script>", html.indexOf(BLOB_START))));
    assertEquals(Json.MAPPER.readTree(results.resolve("race.json").toFile()).get("id"), blob.at("/race/id"));
    JsonNode runs = blob.at("/race/runs");
    JsonNode percentiles = chart(blob, "percentiles-1");
    assertEquals(List.of("jdbc-platform", "vertx"), List.of(percentiles.at("/series/0/label").asText(),
        percentiles.at("/series/1/label").asText()));
    // the distribution read back from each worker's .hlog ends at the maximum the worker itself
    // reported for the measured phase: warm-up intervals are left out, measured ones all summed
    for (int i = 0; i < 2; i++) {
      JsonNode points = percentiles.at("/series/" + i + "/data");
      double logMax = points.get(points.size() - 1).get("y").asDouble();
      double runMax = runs.get(i).at("/latency_ms/max").asDouble();
      assertEquals(runMax, logMax, runMax * 0.01, runs.get(i).get("stack") + ": max from the .hlog vs the run's own");
      assertEquals(runs.get(i).get("ops").asDouble() + runs.get(i).get("errors").asDouble(),
          points.get(points.size() - 1).get("x").asDouble(), 2.0, "the maximum sits at 1 in N, N the measured count");
    }
  }

  @Test
  void reportToAChosenFile() {
    Path out = tmp.resolve("elsewhere/r.html");
    Cli.Result r = Cli.run("report", results.toString(), "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(Files.isRegularFile(out));
  }

  @Test
  void compareARaceWithItselfFindsNoChange() {
    Path out = tmp.resolve("compare.html");
    Cli.Result r = Cli.run("compare", results.toString(), results.toString(), "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    List<String> rows = r.out().lines().filter(l -> l.startsWith("jdbc-platform") || l.startsWith("vertx")).toList();
    assertEquals(2, rows.size(), r.out());
    rows.forEach(row -> {
      assertTrue(row.contains("1.00x"), row);
      assertFalse(row.contains("better") || row.contains("worse"), row);
    });
    assertTrue(r.out().strip().endsWith(out.toString()), r.out());
    assertTrue(Files.isRegularFile(out));
  }

  /** A run that did not finish ok (hung, interrupted) keeps its row but is never the best nor compared. */
  @Test
  void runsNotOkAreNeverTheBest() throws Exception {
    Path hung = Files.createDirectories(tmp.resolve("hung"));
    ObjectNode race = (ObjectNode) Json.MAPPER.readTree(results.resolve("race.json").toFile());
    ObjectNode vertx = (ObjectNode) race.path("runs").get(1);
    assertEquals("vertx", vertx.path("stack").asText());
    vertx.put("status", "hung").put("throughput_ops_s", 1e9);
    race.remove("verdict");
    Json.MAPPER.writeValue(hung.resolve("race.json").toFile(), race);

    assertEquals(0, Cli.run("report", hung.toString()).exit());
    String html = Files.readString(hung.resolve("report.html"));
    // (the stack partial ends its line)
    assertTrue(Pattern.compile("jdbc-platform\\s*<span class=\"badge good\">most ops/s").matcher(html).find(),
        "the ok run has the most ops/s");
    assertFalse(Pattern.compile("vertx\\s*<span class=\"badge good\">most ops/s").matcher(html).find(),
        "the hung run is not");

    Cli.Result r = Cli.run("compare", results.toString(), hung.toString(), "--out", tmp.resolve("hung.html").toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(1, r.out().lines().filter(l -> l.startsWith("jdbc-platform")).count(), r.out());
    assertEquals(0, r.out().lines().filter(l -> l.startsWith("vertx")).count(), "the hung run is not compared: " + r.out());
    assertTrue(r.out().contains("1 run(s) only in a"), r.out());
  }

  @Test
  void badFoldersAreOneLineAndExit2() throws Exception {
    assertOneLineError(Cli.run("report", tmp.resolve("nosuch").toString()), "no such folder");
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    assertOneLineError(Cli.run("report", empty.toString()), "has no race.json");
    assertOneLineError(Cli.run("compare", results.toString(), empty.toString()), "has no race.json");
    assertOneLineError(Cli.run("compare", results.toString(), results.toString(), "--tolerance", "-1"), "--tolerance");
    assertOneLineError(Cli.run("report"), "Missing required parameter");
  }

  private static JsonNode chart(JsonNode blob, String id) {
    for (JsonNode c : blob.get("charts")) {
      if (c.get("id").asText().equals(id)) {
        return c;
      }
    }
    throw new AssertionError("no chart " + id);
  }
}
