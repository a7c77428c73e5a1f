package dev.dbrace.cli;

import dev.dbrace.report.CompareReport;
import dev.dbrace.report.RaceComparison;
import dev.dbrace.report.ReportInputException;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.format.Format;
import dev.dbrace.runner.UserError;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbrace compare results/<a> results/<b>}: what changed from race a to race b, per stack
 * and load point, as a console table and compare.html.
 */
@Command(name = "compare", description = "Compare two races: throughput, p99 and capacity per stack, ratios b/a.",
    mixinStandardHelpOptions = true)
final class CompareCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "A", description = "The results folder to compare against (the baseline).")
  Path a;

  @Parameters(index = "1", paramLabel = "B", description = "The results folder to compare.")
  Path b;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the HTML comparison here (default: B/compare.html).")
  Path out;

  @Option(names = "--tolerance", paramLabel = "PERCENT", defaultValue = "2",
      description = "Ratios within this many percent of 1 count as the same, not better or worse (default: ${DEFAULT-VALUE}).")
  double tolerancePercent;

  @Override
  public Integer call() {
    if (!(tolerancePercent >= 0 && tolerancePercent < 100)) {
      throw new UserError("--tolerance must be between 0 and 100 (percent), got " + tolerancePercent);
    }
    Path file = out == null ? b.resolve(CompareReport.FILE) : out;
    RaceComparison c;
    try {
      c = CompareReport.write(a, b, file, tolerancePercent / 100);
    } catch (ReportInputException e) {
      throw new UserError(e.getMessage());
    }
    print(System.out, c);
    System.out.println();
    System.out.println(file);
    return 0;
  }

  static void print(PrintStream out, RaceComparison c) {
    out.println("a: " + c.a().id() + "   b: " + c.b().id() + "   (ratios b/a; within "
        + Format.plain(c.tolerance() * 100) + " % of 1 is the same)");
    if (c.rows().isEmpty()) {
      out.println("no run in common (same stack, workload and load)");
    } else {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"stack", "workload", "load", "ops/s a", "ops/s b", "b/a", "", "p99 a", "p99 b", "b/a", ""});
      for (var r : c.rows()) {
        rows.add(new String[] {r.stack(), r.workload(), r.load(), Format.rate(r.throughputA()), Format.rate(r.throughputB()),
          Format.ratio(r.throughputRatio()), c.change(r.throughputRatio(), true), Format.ms(r.p99A()), Format.ms(r.p99B()),
          Format.ratio(r.p99Ratio()), c.change(r.p99Ratio(), false)});
      }
      table(out, rows, "LLLRRRLRRRL");
    }
    if (!c.capacity().isEmpty()) {
      out.println();
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {"stack", "workload", "capacity a", "capacity b", "b/a", ""});
      for (var r : c.capacity()) {
        rows.add(new String[] {r.stack(), r.workload(), r.a() == null ? "missed" : Format.rate(r.a()),
          r.b() == null ? "missed" : Format.rate(r.b()), Format.ratio(r.ratio()), c.change(r)});
      }
      table(out, rows, "LLRRRL");
    }
    if (c.onlyInA() + c.onlyInB() > 0) {
      out.println(c.onlyInA() + " run(s) only in a, " + c.onlyInB() + " only in b: not compared");
    }
  }

  /** Prints aligned columns: {@code align} has an L (text) or R (figure) per column. */
  private static void table(PrintStream out, List<String[]> rows, String align) {
    int[] width = new int[rows.getFirst().length];
    rows.forEach(row -> {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    });
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder sb = new StringBuilder();
      String[] row = rows.get(r);
      for (int i = 0; i < row.length; i++) {
        boolean left = align.charAt(i) == 'L';
        String fill = " ".repeat(width[i] - row[i].length());
        sb.append(left ? row[i] + fill : fill + row[i]).append("  ");
      }
      out.println(sb.toString().stripTrailing());
      if (r == 0) {
        out.println("-".repeat(sb.toString().stripTrailing().length()));
      }
    }
  }
}
