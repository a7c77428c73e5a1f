package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbrace experiment}: a real experiment in its forked worker, experiment.json, the finding and the report. */
class ExperimentCommandIT {
  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  @Test
  void planFlipRunsInAWorkerAndWritesItsResultsWithoutThePassword(@TempDir Path out) throws Exception {
    Cli.Result r = Cli.run("experiment", "plan-flip", "--url", url(), "--opt", "rows=40000", "--opt", "executions=14",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("finding: "), r.out());
    JsonNode run = Json.MAPPER.readTree(out.resolve("experiment.json").toFile());
    assertEquals("ok", run.path("status").asText());
    assertEquals("40000", run.path("options").path("rows").asText());
    JsonNode facts = run.path("result").path("facts");
    // the server's own facts: as written, the generic plan is another plan reading many more buffers; on the
    // control table it is the same plan. (Whether that also shows as a slower median, flip_detected, depends on how
    // busy the machine is at sub-millisecond latencies; it is the finding's to say, not this test's.)
    String finding = run.path("result").path("finding").asText();
    assertTrue(facts.path("as_written.plan_changed").asBoolean(), finding);
    assertTrue(facts.path("as_written.generic_buffers").asLong() > 10 * facts.path("as_written.custom_buffers").asLong(),
        finding);
    assertFalse(facts.path("control_table.plan_changed").asBoolean(), finding);
    assertFalse(facts.path("control_table.flip_detected").asBoolean(), finding);
    assertTrue(Files.exists(out.resolve("worker.command")), "the worker's command line is kept");

    Document page = Jsoup.parse(out.resolve("report.html").toFile());
    assertEquals(run.path("result").path("finding").asText(), page.selectFirst("#finding p").text());
    assertEquals("1", page.body().attr("data-charts-expected"));
    assertEquals(2, page.select("section.card table").size());

    String secret = TestDb.get().target().password();
    assertFalse(r.out().contains(secret) || r.err().contains(secret), "password on the console");
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f).contains(secret), "password in " + f);
      }
    }
    assertEquals(0, Cli.run("report", out.toString()).exit(), "./dbrace report renders an experiment folder");
  }

  @Test
  void fetchSizeRunsOutOfMemoryInItsSmallHeapAndSaysSoAsAFinding(@TempDir Path out) throws Exception {
    Cli.Result r = Cli.run("experiment", "fetch-size", "--url", url(), "--opt", "rows=150000", "--opt", "iterations=1",
        "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode result = Json.MAPPER.readTree(out.resolve("experiment.json").toFile()).path("result");
    JsonNode facts = result.path("facts");
    assertTrue(facts.path("heap_max_mb").asDouble() <= 128, "the worker ran with the experiment's own -Xmx128m");
    assertTrue(facts.path("defaults_autocommit_on_no_fetch_size.out_of_memory").asBoolean(), result.toString());
    assertEquals(0, facts.path("defaults_autocommit_on_no_fetch_size.rows_read").asLong());
    assertFalse(facts.path("autocommit_off_fetch_size_100.out_of_memory").asBoolean(), result.toString());
    assertEquals(150000, facts.path("autocommit_off_fetch_size_100.rows_read").asLong(), "every row read and counted");
    assertEquals(150000, facts.path("autocommit_off_defaultrowfetchsize_100.rows_read").asLong());
    assertTrue(result.path("finding").asText().contains("ran out of memory"), result.path("finding").asText());

    // the R2DBC part ran after the pgjdbc one, in a worker of its own, and its rows joined the same table
    assertTrue(Files.exists(out.resolve("r2dbc").resolve("worker.command")), "the companion's own worker");
    assertEquals(150000, facts.path("r2dbc.transaction_fetch_size_100.rows_read").asLong(), result.toString());
    assertTrue(facts.path("r2dbc.heap_max_mb").asDouble() <= 128, "the companion ran with the same small heap");
    assertEquals(1, result.path("tables").size(), "one table for both drivers");
    long r2dbcRows = 0;
    for (JsonNode row : result.path("tables").get(0).path("rows")) {
      r2dbcRows += row.get(0).asText().startsWith("R2DBC") ? 1 : 0;
    }
    assertEquals(4, r2dbcRows, result.path("tables").toString());
  }

  @Test
  void badInputIsOneLineAndExitCode2(@TempDir Path out) {
    Cli.Result unknown = Cli.run("experiment", "no-such-thing", "--out", out.toString());
    assertOneLineError(unknown, "unknown experiment 'no-such-thing'");
    assertTrue(unknown.err().contains("plan-flip"), unknown.err());

    Cli.Result option = Cli.run("experiment", "plan-flip", "--opt", "colour=blue", "--out", out.toString());
    assertEquals(2, option.exit());
    assertTrue(option.err().contains("has no option 'colour'"), option.err());

    Cli.Result value = Cli.run("experiment", "search-path", "--url", url(), "--opt", "executions=many", "--out", out.toString());
    assertEquals(2, value.exit(), value.err());
    assertTrue(value.err().contains("--opt executions must be a whole number"), value.err());
  }

  @Test
  void listShowsTheExperimentsAndTheirOptions() {
    Cli.Result r = Cli.run("list");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("plan-flip") && r.out().contains("rows=200000"), r.out());
    assertTrue(r.out().contains("search-path") && r.out().contains("bind-types") && r.out().contains("fetch-size"), r.out());
  }
}
