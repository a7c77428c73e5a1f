package dev.dbrace.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.testkit.Chromium;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Loads the pages in headless Chromium: every chart drawn (the page's own marker equals the
 * number of charts it carries) and no JavaScript error. Chromium is installed where it is missing
 * and the tests run as root; elsewhere skipped naming the command.
 */
class ChromiumRenderIT {
  @TempDir Path tmp;

  private static Path chromium() {
    String[] why = {""};
    Path browser = Chromium.findOrInstall(w -> why[0] = w);
    assumeTrue(browser != null, () -> "skipping the headless-browser check: " + why[0]);
    return browser;
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "capacity", "curve", "hostile"})
  void reportDrawsEveryChartWithoutErrors(String fixture) throws Exception {
    Path browser = chromium();
    Path report = HtmlReport.write(FixtureResults.write(fixture, tmp));
    assertDrawn(Jsoup.parse(Chromium.dumpDom(browser, report, tmp)));
  }

  @Test
  void comparisonDrawsEveryChartWithoutErrors() throws Exception {
    Path browser = chromium();
    Path out = tmp.resolve("compare.html");
    CompareReport.write(FixtureResults.write("plain", tmp), FixtureResults.write("plain-rerun", tmp), out, 0.02);
    assertDrawn(Jsoup.parse(Chromium.dumpDom(browser, out, tmp)));
  }

  private static void assertDrawn(Document dom) {
    String expected = dom.body().attr("data-charts-expected");
    assertTrue(Integer.parseInt(expected) > 0, "the page has charts");
    assertEquals(expected, dom.body().attr("data-charts-rendered"), "charts drawn; errors: " + dom.select("#js-errors").text());
    var errors = dom.getElementById("js-errors");
    assertNotNull(errors);
    assertEquals("", errors.text(), "JavaScript errors");
    assertEquals(0, errors.childrenSize());
  }
}
