package dev.dbrace.report;

import dev.dbrace.report.page.ExperimentPage;
import dev.dbrace.report.page.Page;
import dev.dbrace.report.page.ReportPage;
import dev.dbrace.report.results.ResultsFolder;
import java.nio.file.Path;

/**
 * report.html for a results folder: one self-contained file (data, Chart.js and the page's own
 * script inline) that opens from disk with no network. The runner calls {@link #write(Path)} at
 * the end of every race; {@code dbrace report} calls it for any results folder.
 */
public final class HtmlReport {
  public static final String FILE = "report.html";

  private HtmlReport() {}

  /** Writes {@code resultsDir/report.html} and returns it. */
  public static Path write(Path resultsDir) {
    return write(resultsDir, resultsDir.resolve(FILE));
  }

  /**
   * Writes the report of {@code resultsDir} to {@code out} and returns it.
   *
   * @throws ReportInputException when the folder has neither a readable race.json nor an experiment.json, or out cannot be written
   */
  public static Path write(Path resultsDir, Path out) {
    Path dir = resultsDir.toAbsolutePath().normalize();
    if (ReportFiles.isExperimentFolder(dir)) {
      return ReportFiles.write(Page.render("experiment", ExperimentPage.of(ReportFiles.readExperiment(dir))), out);
    }
    return ReportFiles.write(render(ReportFiles.openResults(resultsDir)), out);
  }

  /** The page's HTML. */
  public static String render(ResultsFolder folder) {
    return Page.render("report", ReportPage.of(folder));
  }
}
