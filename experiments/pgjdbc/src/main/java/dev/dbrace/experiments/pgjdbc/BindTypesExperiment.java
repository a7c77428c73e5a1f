package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * E3's bind-type pitfall: pgjdbc prepares a statement for the parameter types it was given, so a
 * parameter bound as a varchar NULL ({@code setNull(i, Types.VARCHAR)}, what some ORMs do) on one
 * execution and as an int on the next is a different server statement each time. After every
 * execution the session's {@code pg_prepared_statements} row for the statement is read: a new
 * name or prepare_time is a new server-side prepare. A steady binding
 * ({@code setNull(i, Types.INTEGER)}) runs beside it as the reference.
 */
public final class BindTypesExperiment implements Experiment {
  @Override
  public String name() {
    return "bind-types";
  }

  @Override
  public String description() {
    return "a parameter bound alternately as varchar NULL and as int: server-side re-preparation vs a steady binding (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(
        new ExperimentOption("executions", "40", "executions per variant"),
        new ExperimentOption("prepareThreshold", "5", "pgjdbc's prepareThreshold"),
        Repeats.ITERATIONS, Repeats.SEED);
  }

  /** One execution: latency and the server statement (name@prepare_time) that ran it, if server-prepared. */
  record Execution(double ms, String serverStatement, String parameterTypes) {}

  record VariantRun(String label, List<Execution> executions, long rows) {
    /** Distinct server-side statements seen: each one a Parse the server had to plan anew. */
    Set<String> serverStatements() {
      Set<String> s = new LinkedHashSet<>();
      executions.forEach(e -> {
        if (e.serverStatement() != null) {
          s.add(e.serverStatement());
        }
      });
      return s;
    }

    /** Executions whose server statement differs from the previous execution's. */
    int switches() {
      int n = 0;
      for (int i = 1; i < executions.size(); i++) {
        String prev = executions.get(i - 1).serverStatement();
        String cur = executions.get(i).serverStatement();
        if (prev != null && cur != null && !prev.equals(cur)) {
          n++;
        }
      }
      return n;
    }

    Set<String> parameterTypes() {
      Set<String> s = new LinkedHashSet<>();
      executions.forEach(e -> {
        if (e.parameterTypes() != null) {
          s.add(e.parameterTypes());
        }
      });
      return s;
    }

    double medianMs() {
      return Figures.median(executions.stream().skip(1).map(Execution::ms).toList());
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int executions = ctx.intOption("executions", 2, 100_000);
    int threshold = ctx.intOption("prepareThreshold", 1, 1_000);
    String schema = ctx.schema();
    try (Connection admin = ctx.connect()) {
      try {
        Sql.freshSchema(admin, schema);
        for (String table : new String[] {"alternating", "steady"}) {
          Sql.exec(admin, "CREATE TABLE " + schema + "." + table + " (id int PRIMARY KEY, note text)");
        }
        ctx.progress("2 variants, " + executions + " inserts each, on a fresh connection and an emptied table every time");
        List<List<VariantRun>> runs = Repeats.run(ctx, List.of(true, false), alternate -> {
          String table = schema + "." + (alternate ? "alternating" : "steady");
          String label = alternate ? "varchar NULL / int alternately" : "int NULL / int (steady)";
          Sql.exec(admin, "TRUNCATE " + table);
          List<Execution> measured = run(ctx, table, alternate, executions, threshold);
          long count = Long.parseLong(Sql.string(admin, "SELECT count(*) FROM " + table));
          if (count != executions) {
            throw new IllegalStateException(table + " holds " + count + " rows after " + executions + " inserts");
          }
          return new VariantRun(label, measured, count);
        });
        return report(threshold, runs);
      } finally {
        Sql.dropQuietly(admin, schema);
      }
    }
  }

  private static List<Execution> run(ExperimentContext ctx, String table, boolean alternate, int executions,
      int threshold) throws SQLException {
    String sql = "INSERT INTO " + table + " (id, note) VALUES (?, ?)";
    List<Execution> out = new ArrayList<>();
    try (Connection c = ctx.connect(Map.of("prepareThreshold", Integer.toString(threshold)));
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 1; i <= executions; i++) {
        ps.setInt(1, i);
        if (i % 2 == 1) {
          ps.setNull(2, alternate ? Types.VARCHAR : Types.INTEGER);
        } else {
          ps.setInt(2, i);
        }
        long t0 = System.nanoTime();
        ps.executeUpdate();
        double ms = (System.nanoTime() - t0) / 1e6;
        String[] server = serverStatement(c, table);
        out.add(new Execution(ms, server[0], server[1]));
      }
    }
    return out;
  }

  /** The session's server-prepared statement for this insert: {name@prepare_time, parameter types}, nulls if none. */
  private static String[] serverStatement(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name || '@' || prepare_time, parameter_types::text FROM pg_prepared_statements"
            + " WHERE NOT from_sql AND statement LIKE 'INSERT INTO " + table + " %' ORDER BY prepare_time DESC LIMIT 1")) {
      return rs.next() ? new String[] {rs.getString(1), rs.getString(2)} : new String[] {null, null};
    }
  }

  /** Each iteration's median latency (first execution excluded): median and range over the iterations. */
  private static Spread latency(List<VariantRun> iterations) {
    return Spread.of(iterations.stream().map(VariantRun::medianMs).toList());
  }

  /** The server's statements and switches are the same in every iteration (a fresh connection each): the first one's. */
  private static ExperimentResult report(int threshold, List<List<VariantRun>> iterations) {
    List<VariantRun> runs = iterations.stream().map(List::getFirst).toList();
    List<List<String>> rows = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("iterations", iterations.getFirst().size());
    for (int i = 0; i < runs.size(); i++) {
      VariantRun r = runs.get(i);
      Spread ms = latency(iterations.get(i));
      rows.add(List.of(r.label(), Integer.toString(r.executions().size()), Long.toString(r.rows()),
          Integer.toString(r.serverStatements().size()), Integer.toString(r.switches()),
          String.join(" ", r.parameterTypes()), ms.ms()));
      String key = r.label().startsWith("varchar") ? "alternating" : "steady";
      facts.put(key + ".server_statements", r.serverStatements().size());
      facts.put(key + ".switches", r.switches());
      facts.put(key + ".median_ms", ms.median());
      facts.put(key + ".median_ms_min", ms.min());
      facts.put(key + ".median_ms_max", ms.max());
      facts.put(key + ".rows", r.rows());
    }
    VariantRun alt = runs.get(0);
    VariantRun steady = runs.get(1);
    Spread altMs = latency(iterations.get(0));
    Spread steadyMs = latency(iterations.get(1));
    String finding = "With prepareThreshold=" + threshold + ", " + alt.executions().size() + " inserts binding the note "
        + "alternately as a varchar NULL and as an int ran on " + alt.serverStatements().size()
        + " server-side prepared statement(s) (parameter types seen: " + String.join(" and ", alt.parameterTypes())
        + "), changing statement " + alt.switches() + " times between consecutive executions; the steady binding "
        + "(NULL as an int) used " + steady.serverStatements().size() + " and changed " + steady.switches()
        + " times. Median latency per insert (first excluded; median of " + altMs.n() + " iterations): "
        + Figures.ms(altMs.median()) + " ms alternating vs " + Figures.ms(steadyMs.median()) + " ms steady ("
        + Figures.ratio(altMs.median() / steadyMs.median()) + "). " + Spread.compare("Alternating", altMs, "steady", steadyMs,
            Figures::ms, "ms") + " Both tables held exactly the rows inserted, every iteration.";
    List<ExperimentResult.Series> series = runs.stream().map(r -> {
      List<ExperimentResult.Point> points = new ArrayList<>();
      for (int i = 0; i < r.executions().size(); i++) {
        points.add(new ExperimentResult.Point(i + 1, r.executions().get(i).ms()));
      }
      return new ExperimentResult.Series(r.label(), points);
    }).toList();
    List<List<String>> perExec = new ArrayList<>();
    for (int i = 0; i < alt.executions().size(); i++) {
      perExec.add(List.of(Integer.toString(i + 1),
          Figures.ms(alt.executions().get(i).ms()), String.valueOf(alt.executions().get(i).serverStatement()),
          Figures.ms(steady.executions().get(i).ms()), String.valueOf(steady.executions().get(i).serverStatement())));
    }
    return new ExperimentResult("bind-types", "Changing bind types vs a steady binding",
        List.of(new ExperimentResult.Table("Variants", List.of("variant", "executions", "rows verified",
                "server statements", "statement changes", "parameter types", "median ms (range)"), rows),
            new ExperimentResult.Table("Each execution of the first iteration: latency and the server statement "
                + "(name@prepare_time)",
                List.of("execution", "alternating ms", "alternating statement", "steady ms", "steady statement"), perExec)),
        List.of(new ExperimentResult.Chart("Latency of each insert (first iteration)", "execution", "ms (log)", false, true, series)),
        finding, facts);
  }
}
