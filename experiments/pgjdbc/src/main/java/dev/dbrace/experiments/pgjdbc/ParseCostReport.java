package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import dev.dbrace.experiments.pgjdbc.ParseCostExperiment.Mode;
import dev.dbrace.experiments.pgjdbc.ParseCostExperiment.Run;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/** parse-cost's table, chart and finding: client latency beside the server's plan and execution time, every figure measured. */
final class ParseCostReport {
  private static final double[] PERCENTILES = {10, 25, 50, 75, 90, 99};

  private ParseCostReport() {}

  /** A mode over its iterations. */
  record Measured(Mode mode, List<Run> runs, Explain.Sample sample) {
    Spread client(double p) {
      return Spread.of(runs.stream().map(r -> Figures.percentile(r.ms(), p)).toList());
    }

    Spread clientMean() {
      return Spread.of(runs.stream().map(r -> Arrays.stream(r.ms()).average().orElse(Double.NaN)).toList());
    }

    /** A server figure per execution over the iterations; empty where pg_stat_statements gave none. */
    Spread server(ToDoubleFunction<ParseCostExperiment.Server> f) {
      return Spread.of(runs.stream().map(r -> r.server() == null ? Double.NaN : f.applyAsDouble(r.server()) / r.server().calls())
          .toList());
    }

    Spread plans() {
      return server(s -> s.plans());
    }

    Spread planMs() {
      return server(ParseCostExperiment.Server::planMs);
    }

    Spread execMs() {
      return server(ParseCostExperiment.Server::execMs);
    }

    /** Client mean minus the server's plan and execution time: parse and analysis, protocol, network, driver. */
    Spread outsidePlanAndExecution() {
      return Spread.of(runs.stream().map(r -> r.server() == null ? Double.NaN
          : Arrays.stream(r.ms()).average().orElse(Double.NaN) - (r.server().planMs() + r.server().execMs()) / r.server().calls())
          .toList());
    }
  }

  static ExperimentResult of(ParseCostExperiment.Statement st, int executions, StatStatements pgss, List<Mode> modes,
      List<List<Run>> runs, List<Explain.Sample> samples) {
    List<Measured> all = new ArrayList<>();
    for (int i = 0; i < modes.size(); i++) {
      all.add(new Measured(modes.get(i), runs.get(i), samples.get(i)));
    }
    int iterations = runs.getFirst().size();
    long rows = runs.getFirst().getFirst().rows();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("sql_bytes", st.bytes());
    facts.put("parameters", st.args().size());
    facts.put("rows", rows);
    facts.put("executions", executions);
    facts.put("iterations", iterations);
    facts.put("pg_stat_statements", pgss.available());
    List<List<String>> table = new ArrayList<>();
    for (Measured m : all) {
      table.add(List.of(m.mode().label(), m.client(50).ms(), m.clientMean().ms(), m.client(99).ms(),
          m.plans().text(v -> String.format(Locale.ROOT, "%.2f", v)), m.planMs().ms(), m.execMs().ms(),
          m.outsidePlanAndExecution().ms(), Figures.ms(m.sample().planningMs()), Figures.ms(m.sample().executionMs())));
      String k = m.mode().key();
      facts.put(k + ".client_p50_ms", m.client(50).median());
      facts.put(k + ".client_p50_ms_min", m.client(50).min());
      facts.put(k + ".client_p50_ms_max", m.client(50).max());
      facts.put(k + ".client_mean_ms", m.clientMean().median());
      if (pgss.available()) {
        facts.put(k + ".plans_per_execution", m.plans().median());
        facts.put(k + ".plan_ms_per_execution", m.planMs().median());
        facts.put(k + ".exec_ms_per_execution", m.execMs().median());
        facts.put(k + ".outside_plan_and_exec_ms", m.outsidePlanAndExecution().median());
      }
      facts.put(k + ".explain_planning_ms", m.sample().planningMs());
      facts.put(k + ".explain_execution_ms", m.sample().executionMs());
    }
    List<ExperimentResult.Series> series = new ArrayList<>();
    for (Measured m : all) {
      List<ExperimentResult.Point> points = new ArrayList<>();
      for (double p : PERCENTILES) {
        points.add(new ExperimentResult.Point(p, m.client(p).median()));
      }
      series.add(new ExperimentResult.Series(m.mode().label(), points));
    }
    String source = pgss.available() ? "pg_stat_statements with track_planning" : "not available (" + pgss.why() + ")";
    return new ExperimentResult("parse-cost", "Parse and plan cost of a big statement",
        List.of(new ExperimentResult.Table("Modes (" + st.source() + ", " + Figures.count(st.bytes()) + " bytes, "
                + Figures.count(rows) + " rows; " + Figures.count(executions) + " executions per iteration; median (min-max) of "
                + iterations + " iterations; server figures per execution from " + source + ")",
            List.of("mode", "client p50 ms", "client mean ms", "client p99 ms", "server plans per execution",
                "server plan ms per execution", "server execution ms per execution",
                "client mean minus server plan+execution ms (parse, analysis, protocol, driver)",
                "EXPLAIN planning ms (one sample)", "EXPLAIN execution ms (one sample)"), table)),
        List.of(new ExperimentResult.Chart("Client latency by percentile (median of the iterations)", "percentile",
            "ms (log)", false, true, series)),
        finding(st, executions, iterations, rows, pgss, all), facts);
  }

  private static String finding(ParseCostExperiment.Statement st, int executions, int iterations, long rows,
      StatStatements pgss, List<Measured> all) {
    Measured unprepared = all.get(0);
    Measured prepared = all.get(1);
    Measured forced = all.get(2);
    StringBuilder f = new StringBuilder();
    f.append(String.format(Locale.ROOT, "%s (%s bytes, %d parameters, %s rows) executed %s times per mode on one connection,"
            + " median of %d iterations each after a warm-up: ", st.source(), Figures.count(st.bytes()), st.args().size(),
        Figures.count(rows), Figures.count(executions), iterations));
    List<String> parts = new ArrayList<>();
    for (Measured m : all) {
      String s = m.mode().label() + " client p50 " + Figures.ms(m.client(50).median()) + " ms";
      if (pgss.available()) {
        s += String.format(Locale.ROOT, ", the server planned %.2f times per execution for %s ms and executed for %s ms",
            m.plans().median(), Figures.ms(m.planMs().median()), Figures.ms(m.execMs().median()))
            + ", leaving " + Figures.ms(m.outsidePlanAndExecution().median()) + " ms of the client's mean to parsing, analysis,"
            + " protocol and driver";
      }
      parts.add(s);
    }
    f.append(String.join("; ", parts)).append(". ");
    if (!pgss.available()) {
      f.append("pg_stat_statements was not usable (").append(pgss.why()).append("), so the server's split is EXPLAIN's only. ");
    }
    f.append("EXPLAIN (ANALYZE, SUMMARY), one sample each: planning ").append(Figures.ms(unprepared.sample().planningMs()))
        .append(" ms and execution ").append(Figures.ms(unprepared.sample().executionMs()))
        .append(" ms for the statement parsed anew, planning ").append(Figures.ms(prepared.sample().planningMs()))
        .append(" ms on reuse of a prepared one under plan_cache_mode auto and ").append(Figures.ms(forced.sample().planningMs()))
        .append(" ms under force_generic_plan. ");
    double gain = unprepared.client(50).median() / forced.client(50).median();
    f.append("Server-prepared with a generic plan ran at ").append(Figures.ratio2(1 / gain)).append(" the unprepared client p50: ")
        .append(Spread.compare("unprepared", unprepared.client(50), "prepared with a generic plan", forced.client(50),
            Figures::ms, "ms p50"));
    return f.toString();
  }
}
