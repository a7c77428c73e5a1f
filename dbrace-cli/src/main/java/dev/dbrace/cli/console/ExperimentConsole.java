package dev.dbrace.cli.console;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.ExperimentRun;
import dev.dbrace.runner.experiment.ExperimentSession;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** An experiment's tables as aligned text, then its finding (or why there is none). */
public final class ExperimentConsole {
  private static final int MAX_CELL = 48;

  private ExperimentConsole() {}

  /** An experiment on the console: its messages on {@code err}, its tables, finding and files on {@code out}. */
  public static ExperimentSession.Output output(PrintStream out, PrintStream err) {
    return new ExperimentSession.Output() {
      @Override
      public void message(String line) {
        err.println("dbrace: " + line);
      }

      @Override
      public void finished(ExperimentRun run, Path file) {
        out.println();
        print(out, run);
        out.println("results: " + file);
      }

      @Override
      public void reportWritten(Path report) {
        out.println("report:  " + report);
      }
    };
  }

  public static void print(PrintStream out, ExperimentRun run) {
    ExperimentResult r = run.result();
    if (r == null) {
      out.println("experiment " + run.experiment() + " " + run.status() + ": " + run.message());
      return;
    }
    for (ExperimentResult.Table t : r.tables()) {
      out.println(t.title());
      table(out, t.columns(), t.rows());
      out.println();
    }
    out.println("finding: " + r.finding());
    if (run.message() != null) {
      out.println("experiment " + run.experiment() + " " + run.status() + ": " + run.message());
    }
  }

  private static void table(PrintStream out, List<String> columns, List<List<String>> rows) {
    int[] width = new int[columns.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = cell(columns.get(i)).length();
      for (List<String> row : rows) {
        width[i] = Math.max(width[i], cell(row.get(i)).length());
      }
    }
    line(out, columns, width);
    for (List<String> row : rows) {
      line(out, row, width);
    }
  }

  private static void line(PrintStream out, List<String> cells, int[] width) {
    StringBuilder b = new StringBuilder(" ");
    for (int i = 0; i < width.length; i++) {
      String c = cell(cells.get(i));
      b.append(' ').append(c).append(" ".repeat(width[i] - c.length())).append(" |");
    }
    out.println(b.substring(0, b.length() - 2).stripTrailing());
  }

  /** Long cells (plan shapes) are cut on the console; experiment.json and the report keep them whole. */
  private static String cell(String s) {
    String v = s == null ? "" : s;
    return v.length() > MAX_CELL ? v.substring(0, MAX_CELL - 1) + "…" : v;
  }
}
