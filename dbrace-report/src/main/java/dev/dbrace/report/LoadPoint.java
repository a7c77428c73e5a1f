package dev.dbrace.report;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs that are comparable with each other: the same workload under the same load (the load's
 * one-line description, which includes rate or concurrency and duration). Stacks are compared
 * within a load point, never across.
 */
record LoadPoint(String workload, String load, LoadModel model) {

  static LoadPoint of(RunRecord run) {
    return new LoadPoint(run.workload(), run.load(), run.loadModel());
  }

  /** For tables and charts; the workload is named only when a race has several. */
  String label(boolean withWorkload) {
    String load = this.load == null ? "?" : this.load;
    return withWorkload ? workload + " · " + load : load;
  }

  /** The load in a few characters, e.g. {@code 4,500/s} or {@code closed c=64}: for legends and rows. */
  String shortLabel() {
    if (model instanceof LoadModel.Open o) {
      return Format.rate(o.rate()) + "/s";
    }
    return model instanceof LoadModel.Closed c ? "closed c=" + c.concurrency() : label(false);
  }

  /**
   * The load points of these runs grouped, closed before open and by rising concurrency or
   * rate, so curves and tables read from light to heavy load.
   */
  static Map<LoadPoint, List<RunRecord>> group(List<RunRecord> runs) {
    Map<LoadPoint, List<RunRecord>> byPoint = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      byPoint.computeIfAbsent(of(r), k -> new ArrayList<>()).add(r);
    }
    List<LoadPoint> order = byPoint.keySet().stream()
        .sorted(Comparator.comparing((LoadPoint p) -> p.workload == null ? "" : p.workload)
            .thenComparingInt(LoadPoint::modelRank)
            .thenComparingDouble(LoadPoint::level))
        .toList();
    Map<LoadPoint, List<RunRecord>> sorted = new LinkedHashMap<>();
    order.forEach(p -> sorted.put(p, byPoint.get(p)));
    return sorted;
  }

  static boolean severalWorkloads(List<RunRecord> runs) {
    return runs.stream().map(RunRecord::workload).distinct().count() > 1;
  }

  private int modelRank() {
    return model instanceof LoadModel.Open ? 1 : 0;
  }

  /** Concurrency (closed) or rate (open); 0 when the file predates structured load models. */
  private double level() {
    if (model instanceof LoadModel.Open o) {
      return o.rate();
    }
    return model instanceof LoadModel.Closed c ? c.concurrency() : 0;
  }
}
