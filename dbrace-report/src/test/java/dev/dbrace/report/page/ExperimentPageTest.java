package dev.dbrace.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.ExperimentRun;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.report.HtmlReport;
import dev.dbrace.report.ReportInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html of an experiment folder: finding, tables and charts, every string escaped. */
class ExperimentPageTest {
  private static final String HOSTILE = "<script>alert(1)</script> & \"quotes\"";

  @TempDir Path tmp;

  /** An experiment folder in {@code tmp} whose strings carry markup; the Chromium check draws it too. */
  static Path folder(Path tmp) throws Exception {
    var chart = new ExperimentResult.Chart("latency " + HOSTILE, "execution", "ms", false, true, List.of(
        new ExperimentResult.Series("as written", List.of(new ExperimentResult.Point(1, 0.5), new ExperimentResult.Point(2, 12))),
        new ExperimentResult.Series(HOSTILE, List.of(new ExperimentResult.Point(1, 0.4), new ExperimentResult.Point(2, 0.45)))));
    var result = new ExperimentResult("plan-flip", "t", List.of(new ExperimentResult.Table("variants " + HOSTILE,
        List.of("variant", "ms"), List.of(List.of(HOSTILE, "1.5"), List.of("control", "0.4")))), List.of(chart),
        "finding " + HOSTILE, Map.of("flip", true));
    var run = new ExperimentRun("20261123-120000-plan-flip", "plan-flip", "desc", "./dbrace experiment plan-flip",
        "2026-11-23T12:00:00Z", "2026-11-23T12:00:20Z", RunStatus.OK, null,
        "postgresql://postgres@127.0.0.1:5432/postgres", "17.6",
        Map.of("rows", "200000"), result);
    Files.writeString(tmp.resolve("experiment.json"), Json.MAPPER.writeValueAsString(run));
    return tmp;
  }

  @Test
  void showsFindingTablesAndChartsWithEveryStringEscaped() throws Exception {
    Path report = HtmlReport.write(folder(tmp));
    Document page = Jsoup.parse(report.toFile());
    assertEquals("finding " + HOSTILE, page.selectFirst("#finding p").text());
    assertEquals(HOSTILE, page.select("section.card table tbody td").first().text());
    assertTrue(page.select("script").stream().noneMatch(s -> s.data().contains("alert(1)</script>")), "no markup from data");
    assertEquals("1", page.body().attr("data-charts-expected"));
    assertEquals(1, page.select("canvas#chart-exp-0").size());
  }

  @Test
  void aFolderWithNeitherFileIsOneClearLine() {
    var e = assertThrows(ReportInputException.class, () -> HtmlReport.write(tmp));
    assertTrue(e.getMessage().contains("no race.json"), e.getMessage());
  }
}
