package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * One stack's runs at one load point: its rounds ({@code --rounds}), or the single run of a race
 * without rounds. The console table and the verdict quote their median and range; only runs that
 * finished ok with figures count ({@link #measured}), so a hung or interrupted run's partial figures
 * never become a stack's result.
 */
public record StackRounds(String stack, String load, LoadModel model, List<RunRecord> runs) {

  /**
   * The runs grouped by load point and stack, in the order they first appear. Only a plan's rounds
   * of one step are grouped: a capacity search's steps stay apart even if two share a rate.
   */
  public static List<StackRounds> group(List<RunRecord> runs) {
    Map<List<Object>, List<RunRecord>> byKey = new LinkedHashMap<>();
    for (RunRecord r : runs) {
      byKey.computeIfAbsent(List.of(String.valueOf(r.load()), r.stack(), String.valueOf(r.purpose()), r.step()),
          k -> new ArrayList<>()).add(r);
    }
    return byKey.values().stream().map(rs -> new StackRounds(rs.getFirst().stack(), rs.getFirst().load(),
        rs.getFirst().loadModel(), List.copyOf(rs))).toList();
  }

  /**
   * The run's value of a swept setting ({@code pool 16}, {@code threads 50}, {@code threads elastic}, a scale curve's
   * {@code 2 agents}); empty when {@code sweep} is not over one of them or the run did not record it.
   */
  public static String setting(RunRecord r, CurvePlan.Sweep sweep) {
    Integer agents = r.sharedBy();
    if (sweep == CurvePlan.Sweep.AGENTS && agents != null) {
      return agents + (agents == 1 ? " agent" : " agents");
    }
    if (sweep == CurvePlan.Sweep.POOL && r.pool() != null) {
      return "pool " + r.pool();
    }
    if (sweep == CurvePlan.Sweep.THREADS && r.threads() != null) {
      return "threads " + Verdict.threadsLabel(r.threads());
    }
    return "";
  }

  /** The setting the runs vary over (a scale curve's agents, a curve over {@code --pools} or {@code --threads}), else null. */
  public static CurvePlan.Sweep swept(List<RunRecord> runs) {
    if (runs.stream().map(RunRecord::sharedBy).filter(Objects::nonNull).distinct().count() > 1) {
      return CurvePlan.Sweep.AGENTS;
    }
    if (runs.stream().map(RunRecord::pool).filter(Objects::nonNull).distinct().count() > 1) {
      return CurvePlan.Sweep.POOL;
    }
    if (runs.stream().map(RunRecord::threads).filter(Objects::nonNull).distinct().count() > 1) {
      return CurvePlan.Sweep.THREADS;
    }
    return null;
  }


  /** Whether a run counts towards the figures: finished ok, with latency and completed operations. */
  static boolean counts(RunRecord r) {
    return r.ok() && r.result().latencyMs() != null && r.result().ops() > 0;
  }

  public List<RunRecord> measured() {
    return runs.stream().filter(StackRounds::counts).toList();
  }

  public boolean hasFigures() {
    return !measured().isEmpty();
  }

  /** The spread of a figure over the measured rounds; null when none was measured. */
  Spread spread(ToDoubleFunction<RunRecord> figure) {
    List<RunRecord> m = measured();
    return m.isEmpty() ? null : Spread.of(m.stream().map(figure::applyAsDouble).toList());
  }

  /** A figure of each measured round, in round order. */
  public double[] values(ToDoubleFunction<RunRecord> figure) {
    return measured().stream().mapToDouble(figure).toArray();
  }

  public Spread throughput() {
    return spread((RunRecord r) -> r.result().throughputOpsS());
  }

  /** CPU per 1,000 operations over the measured rounds that have process figures; null if none. */
  public Spread cpuPer1k() {
    List<Double> v = measured().stream().filter(r -> r.process() != null).map(r -> r.process().cpuMsPer1kOps()).toList();
    return v.isEmpty() ? null : Spread.of(v);
  }

  /** The server's CPU per 1,000 operations over the measured rounds where it was read; null if none. */
  public Spread serverCpuPer1k() {
    List<Double> v = measured().stream().filter(r -> r.probes() != null && r.probes().serverCpu() != null)
        .map(r -> r.probes().serverCpu().cpuMsPer1kOps()).toList();
    return v.isEmpty() ? null : Spread.of(v);
  }

  /** The rounds whose warm-up hit its cap instead of settling. */
  public List<RunRecord> unsettled() {
    return runs.stream().filter(StackRounds::unsettled).toList();
  }

  public static boolean unsettled(RunRecord r) {
    return r.result().warmup() != null && "cap".equals(r.result().warmup().ended());
  }

  /** yes, no or mixed over the runs' TLS as the server saw it; "?" when any run's is unknown. */
  public String tls() {
    if (runs.stream().anyMatch(r -> r.probes().tls() == null)) {
      return "?";
    }
    var seen = runs.stream().map((RunRecord r) -> r.probes().tls()).distinct().toList();
    if (seen.size() != 1) {
      return "mixed";
    }
    return seen.getFirst().label();
  }

  /** The round's label for notes: "vertx round 2", or just the stack when it ran once. */
  public String label(RunRecord r) {
    return runs.size() > 1 || r.round() > 1 ? r.stack() + " round " + r.round() : r.stack();
  }
}
