package dev.dbrace.cli.console;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.WarmupRule;
import dev.dbrace.runner.Durations;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.StackRounds;
import java.io.PrintStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress on stderr: a live bar per phase of each run when stderr is a terminal, else one line
 * when a run starts and one when it ends (logs stay readable). Each run's label says where the
 * race is ({@code [3/12]}) and how long the rest should take. Called from the runner thread only.
 */
public final class ConsoleProgress implements RunListener {
  private final PrintStream err;
  private final boolean tty;
  private final long warmupMs;
  private final long warmupMaxMs;
  private ProgressBar bar;
  private String label = "";
  private LoadModel load;

  public ConsoleProgress(PrintStream err, boolean tty, long warmupMs, long warmupMaxMs) {
    this.err = err;
    this.tty = tty;
    this.warmupMs = warmupMs;
    this.warmupMaxMs = warmupMaxMs;
  }

  @Override
  public void runStarted(Ticket run) {
    load = run.load();
    String what = run.purpose().equals("race") ? "" : " " + run.purpose() + " step " + run.step();
    String round = run.rounds() > 1 ? " round " + run.round() + "/" + run.rounds() : "";
    label = "[" + run.index() + "/" + (run.purpose().equals("race") ? "" : "~") + run.total() + "] " + run.stack() + what + round;
    String eta = run.etaS() > 0 ? ", race ETA " + Durations.human(run.etaS()) : "";
    if (!tty) {
      err.println(label + ": starting worker (" + run.load().describe() + eta + ")");
    } else if (!eta.isEmpty()) {
      err.println(label + ": " + run.load().describe() + eta);
    }
  }

  @Override
  public void phase(String stack, String phase) {
    closeBar();
    if (!tty) {
      return;
    }
    boolean warm = phase.equals("warmup");
    long executions = load instanceof LoadModel.Closed c ? c.executions() : 0;
    long durationMs = switch (load) {
      case LoadModel.Closed c -> c.durationMs();
      case LoadModel.Open o -> o.durationMs();
    };
    boolean byCount = !warm && executions > 0;
    boolean auto = warmupMs == WarmupRule.AUTO;
    // an auto warm-up's bar runs to its cap; it usually ends well before, when the run is steady
    long max = warm ? Math.max(1, (auto ? warmupMaxMs : warmupMs) / 100) : byCount ? executions : durationMs / 100;
    bar = new ProgressBarBuilder()
        .setTaskName(label + (warm ? auto ? " warm-up until steady" : " warm-up" : ""))
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
    boolean byCount = phase.equals("measure") && load instanceof LoadModel.Closed c && c.executions() > 0;
    bar.stepTo(Math.min(bar.getMax(), byCount ? ops + errors : Math.round(elapsedS * 10)));
    double rate = elapsedS > 0 ? ops / elapsedS : 0;
    bar.setExtraMessage(String.format(Locale.ROOT, "%,d ops %,.0f/s %d err", ops, rate, errors));
  }

  @Override
  public void runFinished(RunRecord run) {
    closeBar();
    if (run.ok()) {
      // the worker's progress messages carry errors only; unfinished operations are known once the run ends
      err.printf(Locale.ROOT, "%s: %,.0f ops/s, p99 %.3f ms, %d errors, %d unfinished%s%s%n", label, run.result().throughputOpsS(),
          run.result().latencyMs().p99(), run.result().errors(), run.result().unfinished(),
          run.result().notIssued() > 0 ? ", " + run.result().notIssued() + " not issued" : "",
          StackRounds.unsettled(run) ? ", warm-up not settled (hit its cap)" : "");
    } else {
      err.println(label + ": " + run.status().label().toUpperCase(Locale.ROOT) + ": " + run.message());
      run.stderrTail().stream().skip(Math.max(0, run.stderrTail().size() - 5)).forEach(l -> err.println("    | " + l));
    }
  }

  @Override
  public void note(String message) {
    closeBar();
    err.println("dbrace: " + message);
  }

  private void closeBar() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
