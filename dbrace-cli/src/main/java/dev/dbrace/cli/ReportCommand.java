package dev.dbrace.cli;

import dev.dbrace.report.HtmlReport;
import dev.dbrace.report.ReportInputException;
import dev.dbrace.runner.UserError;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dbrace report results/<id>}: (re)writes the folder's report.html and prints its path. */
@Command(name = "report", description = "Write the HTML report of a results folder (one self-contained file).",
    mixinStandardHelpOptions = true)
final class ReportCommand implements Callable<Integer> {
  @Parameters(paramLabel = "RESULTS", description = "A results folder, e.g. results/20261123-103228-point-select.")
  Path dir;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the report here (default: RESULTS/report.html).")
  Path out;

  @Override
  public Integer call() {
    try {
      Path file = out == null ? HtmlReport.write(dir) : HtmlReport.write(dir, out);
      System.out.println(file);
      return 0;
    } catch (ReportInputException e) {
      throw new UserError(e.getMessage());
    }
  }
}
