package dev.dbrace.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
