package dev.dbrace.report.chart;

import dev.dbrace.core.result.RunRecord.ThreadStates;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.results.LoadPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Where each worker's threads spent the measured phase (from its Flight Recorder file), as one
 * stacked bar per run: E1's picture, with blocked time in red.
 */
public final class ThreadStateChart {
  private record State(String label, String color, ToDoubleFunction<ThreadStates> seconds) {}

  private static final List<State> STATES = List.of(
      new State("running", "#59a14f", ThreadStates::runningS),
      new State("blocked", "#d62728", ThreadStates::blockedS),
      new State("waiting", "#f28e2b", ThreadStates::waitingS),
      new State("parked", "#9ecae9", ThreadStates::parkedS),
      new State("sleeping", "#b07aa1", ThreadStates::sleepingS),
      new State("socket io", "#4e79a7", ThreadStates::socketIoS));

  private ThreadStateChart() {}

  /** Null when no run recorded thread states. */
  public static ChartSpec of(List<RunRecord> allRuns) {
    List<RunRecord> runs = allRuns.stream().filter(r -> r.probes().threadStates() != null).toList();
    if (runs.isEmpty()) {
      return null;
    }
    LoadPoint.Swept swept = LoadPoint.Swept.of(runs);
    boolean severalPoints = runs.stream().map(r -> LoadPoint.of(r, swept)).distinct().count() > 1;
    boolean severalWorkloads = LoadPoint.severalWorkloads(runs);
    List<String> labels = runs.stream()
        .map(r -> r.stack() + (severalPoints ? " · " + LoadPoint.of(r, swept).label(severalWorkloads) : "")).toList();
    List<Series> series = new ArrayList<>();
    for (State s : STATES) {
      series.add(new Series(s.label(), s.color(), null,
          runs.stream().map(r -> Math.round(s.seconds().applyAsDouble(r.probes().threadStates()) * 100) / 100.0).toList(),
          false, "states"));
    }
    return ChartSpec.barsAcross("thread-states", "Thread time by state",
        "Seconds summed over all threads of the worker during the measured phase (running is estimated from CPU samples).",
        Axis.linear("thread time (s)"), labels, series, true);
  }

  /** The recorder's remarks per run (e.g. what was estimated), for under the chart. */
  public static List<String> notes(List<RunRecord> runs) {
    return runs.stream().filter(r -> r.probes().threadStates() != null && r.probes().threadStates().note() != null
        && !r.probes().threadStates().note().isBlank())
        .map(r -> r.stack() + ": " + r.probes().threadStates().note() + " (" + r.probes().threadStates().threads() + " threads)").toList();
  }
}
