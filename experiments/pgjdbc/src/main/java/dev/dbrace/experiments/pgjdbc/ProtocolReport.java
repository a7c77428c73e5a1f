package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import dev.dbrace.experiments.pgjdbc.ProtocolExperiment.Measured;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** protocol's table, latency chart and finding, every figure from the runs: medians and ranges over the iterations. */
final class ProtocolReport {
  private static final double[] PERCENTILES = {1, 10, 25, 50, 75, 90, 95, 99, 99.9};

  private ProtocolReport() {}

  /** One variant over its iterations. */
  record Variant(ProtocolExperiment.Variant variant, List<Measured> iterations) {
    Spread opsPerSecond() {
      return Spread.of(iterations.stream().map(Measured::throughput).toList());
    }

    Spread percentile(double p) {
      return Spread.of(iterations.stream().map(m -> m.percentile(p)).toList());
    }

    /** The server's counts are the same in every iteration (a fresh connection each): the first one's. */
    Measured first() {
      return iterations.getFirst();
    }
  }

  static ExperimentResult of(int executions, List<List<Measured>> measured) {
    List<Variant> runs = measured.stream().map(l -> new Variant(l.getFirst().variant(), l)).toList();
    int iterations = measured.getFirst().size();
    List<List<String>> rows = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("iterations", iterations);
    double best = runs.stream().mapToDouble(v -> v.opsPerSecond().median()).max().orElse(Double.NaN);
    for (Variant v : runs) {
      Measured m = v.first();
      Spread ops = v.opsPerSecond();
      rows.add(List.of(v.variant().label(), ops.count(), Figures.ratio(ops.median() / best),
          v.percentile(50).ms(), v.percentile(99).ms(), Figures.count(m.namedStatements()),
          Figures.count(m.namedExecutions()), Figures.count(m.parsed())));
      String key = Figures.key(v.variant().label());
      facts.put(key + ".ops_s", ops.median());
      facts.put(key + ".ops_s_min", ops.min());
      facts.put(key + ".ops_s_max", ops.max());
      facts.put(key + ".p50_ms", v.percentile(50).median());
      facts.put(key + ".named_executions", m.namedExecutions());
      facts.put(key + ".parsed", m.parsed());
    }
    List<ExperimentResult.Series> series = new ArrayList<>();
    for (Variant v : runs) {
      List<ExperimentResult.Point> points = new ArrayList<>();
      for (double p : PERCENTILES) {
        points.add(new ExperimentResult.Point(p, v.percentile(p).median()));
      }
      series.add(new ExperimentResult.Series(v.variant().label(), points));
    }
    // the point select's variants; the typed row (binaryTransfer) is another query, compared on its own below
    List<Variant> byOps = runs.stream().filter(v -> !v.variant().typed())
        .sorted(Comparator.comparingDouble((Variant v) -> v.opsPerSecond().median()).reversed()).toList();
    Variant fastest = byOps.getFirst();
    Variant second = byOps.get(Math.min(1, byOps.size() - 1));
    Variant slowest = byOps.getLast();
    List<String> reused = runs.stream().filter(v -> v.first().namedExecutions() > 0)
        .map(v -> v.variant().label() + " (" + Figures.count(v.first().namedExecutions()) + ")").toList();
    List<String> parsedAll = runs.stream().filter(v -> v.first().namedExecutions() == 0).map(v -> v.variant().label())
        .toList();
    String finding;
    finding = String.format(Locale.ROOT,
        "%s executions of a point select per variant on one connection, median of %d iterations each after a warm-up: "
            + "fastest %s (%s ops/s, p50 %s ms), slowest %s (%s ops/s, p50 %s ms, %s of the fastest). %s "
            + "Executions the server ran from an already parsed, named statement: %s; every execution parsed anew: %s.",
        Figures.count(executions), iterations, fastest.variant().label(), Figures.count(Math.round(fastest.opsPerSecond().median())),
        Figures.ms(fastest.percentile(50).median()), slowest.variant().label(),
        Figures.count(Math.round(slowest.opsPerSecond().median())), Figures.ms(slowest.percentile(50).median()),
        Figures.ratio(slowest.opsPerSecond().median() / fastest.opsPerSecond().median()),
        Spread.compare(fastest.variant().label(), fastest.opsPerSecond(), second.variant().label(), second.opsPerSecond(),
            v -> Figures.count(Math.round(v)), "ops/s"),
        reused.isEmpty() ? "none" : String.join("; ", reused),
        parsedAll.isEmpty() ? "none" : String.join("; ", parsedAll));
    Variant on = runs.stream().filter(v -> v.variant().label().equals(ProtocolExperiment.BINARY_ON)).findFirst().orElse(null);
    Variant off = runs.stream().filter(v -> v.variant().label().equals(ProtocolExperiment.BINARY_OFF)).findFirst().orElse(null);
    if (on != null && off != null) {
      finding += String.format(Locale.ROOT, " A row of int, bigint, timestamp, numeric and 32 bytes of bytea, server-prepared,"
              + " every column checked: binaryTransfer on %s ops/s (p50 %s ms) vs off %s ops/s (p50 %s ms), %s. ",
          Figures.count(Math.round(on.opsPerSecond().median())), Figures.ms(on.percentile(50).median()),
          Figures.count(Math.round(off.opsPerSecond().median())), Figures.ms(off.percentile(50).median()),
          Figures.ratio2(on.opsPerSecond().median() / off.opsPerSecond().median()))
          + Spread.compare("Binary", on.opsPerSecond(), "text", off.opsPerSecond(), v -> Figures.count(Math.round(v)), "ops/s");
    }
    return new ExperimentResult("protocol", "Query protocol, prepareThreshold and statement reuse",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(executions) + " executions each; median (min-max) of "
            + iterations + " iterations)",
            List.of("variant", "ops/s", "vs best", "p50 ms", "p99 ms", "server-prepared statements",
                "executions of them", "executions parsed anew"), rows)),
        // the title the Vert.x part's lines join; each point is the median over the iterations
        List.of(new ExperimentResult.Chart("Latency by percentile", "percentile", "ms (log)", false, true, series)),
        finding, facts);
  }
}
