package dev.dbrace.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.report.HtmlReport;
import dev.dbrace.testkit.Chromium;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An experiment's report.html loaded in headless Chromium: its chart drawn, no JavaScript error. */
class ExperimentPageChromiumIT {
  @TempDir Path tmp;

  @Test
  void chromiumDrawsTheChart() throws Exception {
    String[] why = {""};
    Path browser = Chromium.findOrInstall(w -> why[0] = w);
    assumeTrue(browser != null, () -> "skipping the headless-browser check: " + why[0]);
    Path report = HtmlReport.write(ExperimentPageTest.folder(tmp));
    Document dom = Jsoup.parse(Chromium.dumpDom(browser, report, tmp));
    assertEquals("1", dom.body().attr("data-charts-rendered"), "errors: " + dom.select("#js-errors").text());
    assertEquals("", dom.getElementById("js-errors").text());
  }
}
