package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.vertx.ProtocolCompanion.Measured;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/** The Vert.x variants' table, their lines in the pgjdbc part's latency chart, facts and finding: every figure measured. */
final class ProtocolCompanionReport {
  /** The pgjdbc part's fact for its default variant ("extended, prepareThreshold=5 (default)"), the yardstick. */
  static final String PGJDBC_DEFAULT = "extended_preparethreshold_5_default.ops_s";
  /** ProtocolReport's percentiles, so the added lines share its x values. */
  private static final double[] PERCENTILES = {1, 10, 25, 50, 75, 90, 95, 99, 99.9};

  private ProtocolCompanionReport() {}

  static ExperimentResult of(int executions, List<Measured> runs, OptionalDouble pgjdbcDefault) {
    List<List<String>> rows = new ArrayList<>();
    List<ExperimentResult.Series> series = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    for (Measured m : runs) {
      rows.add(List.of(m.label(), Figures.count(Math.round(m.throughput())), vsPgjdbc(m, pgjdbcDefault),
          Figures.ms(Figures.percentile(m.latenciesMs(), 50)), Figures.ms(Figures.percentile(m.latenciesMs(), 99)),
          Figures.count(m.namedStatements()), Figures.count(m.namedExecutions()), Figures.count(m.parsed())));
      List<ExperimentResult.Point> points = new ArrayList<>();
      for (double p : PERCENTILES) {
        points.add(new ExperimentResult.Point(p, Figures.percentile(m.latenciesMs(), p)));
      }
      series.add(new ExperimentResult.Series(m.label(), points));
      String key = "vertx." + (m.cache() ? "cache_on" : "cache_off");
      facts.put(key + ".ops_s", m.throughput());
      facts.put(key + ".named_executions", m.namedExecutions());
      facts.put(key + ".parsed", m.parsed());
    }
    return new ExperimentResult("protocol", "Query protocol, prepareThreshold and statement reuse",
        List.of(new ExperimentResult.Table("Vert.x PG client (the same select, one connection)",
            List.of("variant", "ops/s", "vs pgjdbc default", "p50 ms", "p99 ms", "server-prepared statements",
                "executions of them", "executions parsed anew"), rows)),
        List.of(new ExperimentResult.Chart("Latency by percentile", "percentile", "ms (log)", false, true, series)),
        finding(executions, runs, pgjdbcDefault), facts);
  }

  private static String vsPgjdbc(Measured m, OptionalDouble pgjdbcDefault) {
    return pgjdbcDefault.isPresent() ? Figures.ratio(m.throughput() / pgjdbcDefault.getAsDouble()) : "-";
  }

  private static String finding(int executions, List<Measured> runs, OptionalDouble pgjdbcDefault) {
    List<String> parts = new ArrayList<>();
    for (Measured m : runs) {
      String reuse = m.namedExecutions() == 0 ? "every execution parsed anew"
          : Figures.count(m.namedExecutions()) + " of " + Figures.count(executions) + " executions from a named statement";
      String vs = pgjdbcDefault.isPresent() ? ", " + vsPgjdbc(m, pgjdbcDefault) + " pgjdbc's default" : "";
      parts.add(String.format(Locale.ROOT, "%s %s ops/s (p50 %s ms%s), %s",
          m.cache() ? "with its prepared-statement cache" : "without it",
          Figures.count(Math.round(m.throughput())), Figures.ms(Figures.percentile(m.latenciesMs(), 50)), vs, reuse));
    }
    String base = pgjdbcDefault.isPresent()
        ? String.format(Locale.ROOT, " (pgjdbc's default here: %s ops/s)", Figures.count(Math.round(pgjdbcDefault.getAsDouble())))
        : "";
    // how it was driven belongs in the sentence: one at a time, each issued from the previous one's completion
    return "Vert.x PG client on one connection, one execution at a time, each issued on the event loop as the previous completed"
        + base + ": " + String.join("; ", parts) + ".";
  }
}
