package dev.dbrace.report.results;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.format.Format;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs that are comparable with each other: the same workload under the same load (the load's
 * one-line description, which includes rate or concurrency and duration) and, in a curve over a
 * setting ({@code curve --pools}, {@code --threads 50,200}), the same value of it. Stacks are
 * compared within a load point, never across.
 *
 * @param setting the swept setting's value, e.g. {@code pool 16}; null when the runs sweep none
 */
public record LoadPoint(String workload, String load, LoadModel model, String setting) {

  public static LoadPoint of(RunRecord run) {
    return of(run, Swept.of(List.of(run)));
  }

  public static LoadPoint of(RunRecord run, Swept swept) {
    return new LoadPoint(run.workload(), run.load(), run.loadModel(), swept.label(run));
  }

  /**
   * The setting a curve's runs vary over, told from the runs: the number of agents sharing them (a scale curve), their
   * pool sizes or their platform threads.
   */
  public enum Swept {
    NONE, POOL, THREADS, AGENTS;

    public static Swept of(List<RunRecord> runs) {
      if (runs.stream().map(RunRecord::sharedBy).filter(Objects::nonNull).distinct().count() > 1) {
        return AGENTS;
      }
      if (runs.stream().map(RunRecord::pool).filter(Objects::nonNull).distinct().count() > 1) {
        return POOL;
      }
      return runs.stream().map(RunRecord::threads).filter(Objects::nonNull).distinct().count() > 1 ? THREADS : NONE;
    }

    /** The run's value of the setting ({@code pool 16}, {@code threads elastic}), or null. */
    String label(RunRecord r) {
      return switch (this) {
        case POOL -> r.pool() == null ? null : "pool " + r.pool();
        case THREADS -> r.threads() == null ? null : "threads " + (r.threads() == 0 ? "elastic" : r.threads());
        case AGENTS -> r.sharedBy() == null ? null : "agents " + r.sharedBy();
        case NONE -> null;
      };
    }

    /** The run's value on a chart's x axis; null without one. */
    public Double x(RunRecord r) {
      Integer v = switch (this) {
        case POOL -> r.pool();
        case THREADS -> r.threads();
        case AGENTS -> r.sharedBy();
        case NONE -> null;
      };
      return v == null ? null : v.doubleValue();
    }

  }

  /** For tables and charts; the workload is named only when a race has several. */
  public String label(boolean withWorkload) {
    String load = (this.load == null ? "?" : this.load) + (setting == null ? "" : " · " + setting);
    return withWorkload ? workload + " · " + load : load;
  }

  /** The load in a few characters, e.g. {@code 4,500/s} or {@code closed c=64}: for legends and rows. */
  public String shortLabel() {
    String extra = setting == null ? "" : " · " + setting;
    if (model instanceof LoadModel.Open o) {
      return Format.rate(o.rate()) + "/s" + extra;
    }
    return model instanceof LoadModel.Closed c ? "closed c=" + c.concurrency() + extra : label(false);
  }

  /**
   * The load points of these runs grouped, closed before open and by rising concurrency or
   * rate, so curves and tables read from light to heavy load.
   */
  public static Map<LoadPoint, List<RunRecord>> group(List<RunRecord> runs) {
    Map<LoadPoint, List<RunRecord>> byPoint = new LinkedHashMap<>();
    Swept swept = Swept.of(runs);
    for (RunRecord r : runs) {
      byPoint.computeIfAbsent(of(r, swept), k -> new ArrayList<>()).add(r);
    }
    List<LoadPoint> order = byPoint.keySet().stream()
        .sorted(Comparator.comparing((LoadPoint p) -> p.workload == null ? "" : p.workload)
            .thenComparingInt(LoadPoint::modelRank)
            .thenComparingDouble(LoadPoint::level)
            .thenComparingDouble(LoadPoint::settingValue))
        .toList();
    Map<LoadPoint, List<RunRecord>> sorted = new LinkedHashMap<>();
    order.forEach(p -> sorted.put(p, byPoint.get(p)));
    return sorted;
  }

  public static boolean severalWorkloads(List<RunRecord> runs) {
    return runs.stream().map(RunRecord::workload).distinct().count() > 1;
  }

  private int modelRank() {
    return model instanceof LoadModel.Open ? 1 : 0;
  }

  /** The swept setting's number (elastic threads as 0), for the order of a setting's steps; 0 without one. */
  private double settingValue() {
    if (setting == null) {
      return 0;
    }
    String v = setting.substring(setting.indexOf(' ') + 1);
    return v.equals("elastic") ? 0 : Double.parseDouble(v);
  }

  /** Concurrency (closed) or rate (open); 0 when the file predates structured load models. */
  private double level() {
    if (model instanceof LoadModel.Open o) {
      return o.rate();
    }
    return model instanceof LoadModel.Closed c ? c.concurrency() : 0;
  }
}
