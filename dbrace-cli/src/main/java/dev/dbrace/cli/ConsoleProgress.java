package dev.dbrace.cli;

import dev.dbrace.core.result.RunRecord;

import dev.dbrace.core.load.LoadModel;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress on stderr: a live bar per phase of each run when stderr is a terminal, else only one
 * line per finished run (logs stay readable). Called from the runner thread only.
 */
final class ConsoleProgress implements RunListener {
  private final PrintStream err;
  private final boolean tty;
  private final LoadModel load;
  private final long warmupMs;
  private ProgressBar bar;
  private String label = "";

  ConsoleProgress(PrintStream err, boolean tty, LoadModel load, long warmupMs) {
    this.err = err;
    this.tty = tty;
    this.load = load;
    this.warmupMs = warmupMs;
  }

  @Override
  public void runStarted(int index, int total, String stack, String loadText) {
    label = "[" + index + "/" + total + "] " + stack;
    if (!tty) {
      err.println(label + ": starting worker (" + loadText + ")");
    }
  }

  @Override
  public void phase(String stack, String phase) {
    closeBar();
    if (!tty) {
      return;
    }
    boolean warm = phase.equals("warmup");
    LoadModel.Closed c = (LoadModel.Closed) load;
    boolean byCount = !warm && c.executions() > 0;
    long max = warm ? Math.max(1, warmupMs / 100) : byCount ? c.executions() : c.durationMs() / 100;
    bar = new ProgressBarBuilder()
        .setTaskName(label + (warm ? " warm-up" : ""))
        .setInitialMax(max)
        .setStyle(ProgressBarStyle.ASCII)
        .setUpdateIntervalMillis(250)
        .setConsumer(new ConsoleProgressBarConsumer(err))
        .setUnit(byCount ? " ops" : " s", byCount ? 1 : 10)
        .continuousUpdate()
        .build();
  }

  @Override
  public void progress(String stack, String phase, long ops, long errors, double elapsedS) {
    if (bar == null) {
      return;
    }
    LoadModel.Closed c = (LoadModel.Closed) load;
    boolean byCount = phase.equals("measure") && c.executions() > 0;
    bar.stepTo(Math.min(bar.getMax(), byCount ? ops + errors : Math.round(elapsedS * 10)));
    double rate = elapsedS > 0 ? ops / elapsedS : 0;
    bar.setExtraMessage(String.format(Locale.ROOT, "%,d ops %,.0f/s %d err", ops, rate, errors));
  }

  @Override
  public void runFinished(RunRecord run) {
    closeBar();
    if (run.ok()) {
      err.printf(Locale.ROOT, "%s: %,.0f ops/s, p99 %.3f ms, %d errors%n", label, run.throughputOpsS(),
          run.latencyMs().p99(), run.errors());
    } else {
      err.println(label + ": " + run.status().toUpperCase(Locale.ROOT) + ": " + run.message());
      run.stderrTail().stream().skip(Math.max(0, run.stderrTail().size() - 5)).forEach(l -> err.println("    | " + l));
    }
  }

  private void closeBar() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
