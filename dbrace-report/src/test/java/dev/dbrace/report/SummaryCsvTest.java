package dev.dbrace.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryCsvTest {
  @Test
  void aRunWithoutFiguresIsOneRowWithItsTextQuotedAndItsFiguresBlank() throws Exception {
    RunRecord r = RunRecord.withoutFigures("odd, \"name\"", "point-select", new LoadModel.Closed(0, 1_000, 8), "race", 0, 2,
        RunStatus.CRASHED, "worker exited", List.of(), null, 1.5);
    String text = SummaryCsv.of(List.of(r));

    CsvMapper csv = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    List<String[]> rows;
    try (MappingIterator<String[]> it = csv.readerFor(String[].class).readValues(text)) {
      rows = it.readAll();
    }
    assertEquals(2, rows.size(), text);
    assertEquals(SummaryCsv.COLUMNS, List.of(rows.get(0)));
    String[] row = rows.get(1);
    assertEquals(SummaryCsv.COLUMNS.size(), row.length, text);
    assertEquals("odd, \"name\"", row[0], "a comma and quotes survive the round trip");
    assertEquals("2", row[SummaryCsv.COLUMNS.indexOf("round")]);
    assertEquals("crashed", row[SummaryCsv.COLUMNS.indexOf("status")]);
    assertEquals("", row[SummaryCsv.COLUMNS.indexOf("p99_ms")], "no latency, no figure");
    assertEquals("", row[SummaryCsv.COLUMNS.indexOf("cpu_user_s")], "no process figures");
  }

  /** A service-level run's time to first item (ttfb_ms) fills the two last columns; a run without one leaves them blank. */
  @Test
  void timeToFirstItemIsAppendedWhereARunHasIt(@TempDir Path tmp) throws Exception {
    Path dir = FixtureResults.write("plain", tmp);
    var tree = (ObjectNode) Json.MAPPER.readTree(dir.resolve("race.json").toFile());
    var run = (ObjectNode) tree.get("runs").get(0);
    run.set("ttfb_ms", Json.MAPPER.readTree(
        "{\"p50\": 12.5, \"p90\": 20.0, \"p99\": 31.25, \"p999\": 40.0, \"max\": 41.0, \"mean\": 14.0}"));
    Race race = Json.MAPPER.treeToValue(tree, Race.class);
    List<String[]> rows = read(SummaryCsv.of(race.runs()));
    List<String> head = List.of(rows.get(0));
    int ttfb = head.indexOf("ttfb_p50_ms");
    assertEquals(List.of("ttfb_p50_ms", "ttfb_p99_ms", "server_cpu_ms_per_1k_ops", "runner_cpu_percent"),
        head.subList(ttfb, head.size()), "appended last, the server's and the runner's CPU after them");
    assertEquals("cpu_percent", head.get(ttfb - 1), "the columns before keep their order");
    assertEquals(List.of("12.500", "31.250"), List.of(rows.get(1)).subList(ttfb, ttfb + 2));
    assertEquals(List.of("", ""), List.of(rows.get(2)).subList(ttfb, ttfb + 2), "no ttfb_ms, blank cells");
    assertEquals(head.size(), rows.get(2).length);
  }

  private static List<String[]> read(String text) throws Exception {
    CsvMapper csv = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY);
    try (MappingIterator<String[]> it = csv.readerFor(String[].class).readValues(text)) {
      return it.readAll();
    }
  }
}
