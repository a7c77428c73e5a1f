package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.pgjdbc.ProtocolExperiment.Measured;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** protocol's table, latency chart and finding, every figure from the runs. */
final class ProtocolReport {
  private static final double[] PERCENTILES = {1, 10, 25, 50, 75, 90, 95, 99, 99.9};

  private ProtocolReport() {}

  static ExperimentResult of(int executions, List<Measured> runs) {
    List<List<String>> rows = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    double best = runs.stream().mapToDouble(Measured::throughput).max().orElse(Double.NaN);
    for (Measured m : runs) {
      rows.add(List.of(m.variant().label(), Figures.count(Math.round(m.throughput())), Figures.ratio(m.throughput() / best),
          Figures.ms(m.percentile(50)), Figures.ms(m.percentile(99)), Figures.count(m.namedStatements()),
          Figures.count(m.namedExecutions()), Figures.count(m.parsed())));
      String key = Figures.key(m.variant().label());
      facts.put(key + ".ops_s", m.throughput());
      facts.put(key + ".named_executions", m.namedExecutions());
      facts.put(key + ".parsed", m.parsed());
    }
    List<ExperimentResult.Series> series = new ArrayList<>();
    for (Measured m : runs) {
      List<ExperimentResult.Point> points = new ArrayList<>();
      for (double p : PERCENTILES) {
        points.add(new ExperimentResult.Point(p, m.percentile(p)));
      }
      series.add(new ExperimentResult.Series(m.variant().label(), points));
    }
    Measured fastest = runs.stream().max(Comparator.comparingDouble(Measured::throughput)).orElseThrow();
    Measured slowest = runs.stream().min(Comparator.comparingDouble(Measured::throughput)).orElseThrow();
    List<String> reused = runs.stream().filter(m -> m.namedExecutions() > 0)
        .map(m -> m.variant().label() + " (" + Figures.count(m.namedExecutions()) + ")").toList();
    List<String> parsedAll = runs.stream().filter(m -> m.namedExecutions() == 0).map(m -> m.variant().label()).toList();
    String finding = String.format(Locale.ROOT,
        "%s executions of a point select per variant on one connection: fastest %s (%s ops/s, p50 %s ms), slowest %s "
            + "(%s ops/s, p50 %s ms, %s of the fastest). Executions the server ran from an already parsed, named "
            + "statement: %s; every execution parsed anew: %s.",
        Figures.count(executions), fastest.variant().label(), Figures.count(Math.round(fastest.throughput())),
        Figures.ms(fastest.percentile(50)), slowest.variant().label(), Figures.count(Math.round(slowest.throughput())),
        Figures.ms(slowest.percentile(50)), Figures.ratio(slowest.throughput() / fastest.throughput()),
        reused.isEmpty() ? "none" : String.join("; ", reused),
        parsedAll.isEmpty() ? "none" : String.join("; ", parsedAll));
    return new ExperimentResult("protocol", "Query protocol, prepareThreshold and statement reuse",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(executions) + " executions each)",
            List.of("variant", "ops/s", "vs best", "p50 ms", "p99 ms", "server-prepared statements",
                "executions of them", "executions parsed anew"), rows)),
        List.of(new ExperimentResult.Chart("Latency by percentile", "percentile", "ms (log)", false, true, series)),
        finding, facts);
  }
}
