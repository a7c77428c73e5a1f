package dev.dbrace.report;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.report.results.LoadPoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Race b against race a: for every stack, workload and load point both measured, throughput and
 * p99 (the median of the point's rounds) with their ratio b/a; capacities when both races have verdicts. A ratio within
 * {@code tolerance} of 1 reads as "same": run-to-run noise is not a result. Immutable.
 *
 * @param onlyInA load points (stack x workload x load) race b did not measure, and vice versa:
 *     counted, not compared
 */
public record RaceComparison(
    Race a, Race b, double tolerance, List<Row> rows, List<CapacityRow> capacity, int onlyInA, int onlyInB) {

  public record Row(String stack, String workload, String load, double throughputA, double throughputB,
      double p99A, double p99B) {
    public double throughputRatio() {
      return throughputB / throughputA;
    }

    public double p99Ratio() {
      return p99B / p99A;
    }
  }

  /** Capacities in ops/s; null where that race's stack missed the SLA even at its lowest rate. */
  public record CapacityRow(String stack, String workload, Double a, Double b) {
    public double ratio() {
      return a == null || b == null ? Double.NaN : b / a;
    }
  }

  public static RaceComparison of(Race a, Race b, double tolerance) {
    Map<Key, List<RunRecord>> inA = measured(a);
    Map<Key, List<RunRecord>> inB = measured(b);
    List<Row> rows = new ArrayList<>();
    for (var e : inA.entrySet()) {
      List<RunRecord> rb = inB.get(e.getKey());
      if (rb != null) {
        List<RunRecord> ra = e.getValue();
        rows.add(new Row(e.getKey().stack(), e.getKey().workload(), e.getKey().load(),
            median(ra, (RunRecord r) -> r.result().throughputOpsS()), median(rb, (RunRecord r) -> r.result().throughputOpsS()),
            median(ra, r -> r.result().latencyMs().p99()), median(rb, r -> r.result().latencyMs().p99())));
      }
    }
    List<CapacityRow> capacity = new ArrayList<>();
    for (Race.Capacity ca : a.capacity()) {
      b.capacity().stream().filter(cb -> cb.stack().equals(ca.stack()) && Objects.equals(cb.workload(), ca.workload()))
          .findFirst().ifPresent(cb -> capacity.add(new CapacityRow(ca.stack(), ca.workload(), ca.capacityOpsS(), cb.capacityOpsS())));
    }
    return new RaceComparison(a, b, tolerance, rows, capacity, inA.size() - rows.size(), inB.size() - rows.size());
  }

  /** "better", "worse" or "same" for a ratio b/a; for latency, lower is better. */
  public String change(double ratio, boolean higherIsBetter) {
    if (!Double.isFinite(ratio)) {
      return "n/a";
    }
    if (Math.abs(ratio - 1) <= tolerance) {
      return "same";
    }
    return (ratio > 1) == higherIsBetter ? "better" : "worse";
  }

  /** A capacity that exists beats one that does not (the stack missed the SLA at every rate). */
  public String change(CapacityRow row) {
    if (row.a() == null && row.b() == null) {
      return "same";
    }
    if (row.a() == null || row.b() == null) {
      return row.b() == null ? "worse" : "better";
    }
    return change(row.ratio(), true);
  }

  private record Key(String stack, String workload, String load) {}

  /**
   * The runs that finished ok with figures, by load point, ordered like the report's tables: a
   * point's rounds together (compared by their median), a hung or interrupted run's partial figures left out.
   */
  private static Map<Key, List<RunRecord>> measured(Race race) {
    Map<Key, List<RunRecord>> out = new LinkedHashMap<>();
    LoadPoint.group(race.runs().stream().filter(r -> r.ok() && r.result().latencyMs() != null && r.result().ops() > 0).toList()).values()
        .forEach(runs -> runs.forEach(r -> out.computeIfAbsent(new Key(r.stack(), r.workload(), r.load()),
            k -> new ArrayList<>()).add(r)));
    return out;
  }

  private static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> figure) {
    return Spread.of(runs.stream().map(figure::applyAsDouble).toList()).median();
  }
}
