package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E3's {@code SET search_path} pitfall: a statement cached server-side resolves {@code items} in
 * one schema; after {@code SET search_path} to a schema whose {@code items} has another shape the
 * server re-plans it and refuses the new result type ("cached plan must not change result type").
 * Each variant runs the same statement before and twice after the switch and records what the
 * driver returned, so the finding is whatever this server and driver actually do.
 */
public final class SearchPathExperiment implements Experiment {
  private static final String QUERY = "SELECT * FROM items WHERE id = ?";

  @Override
  public String name() {
    return "search-path";
  }

  @Override
  public String description() {
    return "a cached server-prepared statement after SET search_path to a same-named table of another shape (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(
        new ExperimentOption("executions", "6", "executions before the search_path switch"),
        new ExperimentOption("prepareThreshold", "5", "pgjdbc's prepareThreshold for the server-prepared variants"));
  }

  /**
   * One way to run it: driver properties, whether the statements run in one transaction, and how
   * the path is switched. pgjdbc notices a {@code SET} whose text mentions search_path and drops
   * its server-prepared statements; {@code set_config()} changes the same setting unseen.
   */
  record Variant(String label, Map<String, String> properties, boolean autocommit, boolean viaSetConfig) {
    String switchSql(String schema) {
      return viaSetConfig ? "SELECT set_config('search_path', '" + schema + "', false)" : "SET search_path = " + schema;
    }
  }

  /** What one execution returned: the columns, or the error's SQLState and first line. */
  record Outcome(String step, boolean ok, String columns, String sqlState, String error) {
    String describe() {
      return ok ? "ok, columns (" + columns + ")" : "ERROR " + sqlState + ": " + error;
    }
  }

  record VariantRun(Variant variant, boolean serverPrepared, List<Outcome> outcomes) {
    Outcome afterSwitch(int n) {
      return outcomes.get(outcomes.size() - 2 + n - 1);
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int executions = ctx.intOption("executions", 1, 1_000);
    int threshold = ctx.intOption("prepareThreshold", 1, 1_000);
    String a = ctx.schema() + "_a";
    String b = ctx.schema() + "_b";
    String t = Integer.toString(threshold);
    Map<String, String> prepared = Map.of("prepareThreshold", t);
    List<Variant> variants = List.of(
        new Variant("SET search_path, prepareThreshold=" + t, prepared, true, false),
        new Variant("set_config(), prepareThreshold=" + t, prepared, true, true),
        new Variant("set_config(), prepareThreshold=0", Map.of("prepareThreshold", "0"), true, true),
        new Variant("set_config() in a transaction, prepareThreshold=" + t, prepared, false, true),
        new Variant("set_config() in a transaction, autosave=conservative",
            Map.of("prepareThreshold", t, "autosave", "conservative"), false, true));
    try (Connection admin = ctx.connect()) {
      try {
        ctx.progress("creating " + a + ".items (id, name) and " + b + ".items (id, name, price)");
        Sql.freshSchema(admin, a);
        Sql.freshSchema(admin, b);
        Sql.exec(admin, "CREATE TABLE " + a + ".items (id int PRIMARY KEY, name text NOT NULL)",
            "INSERT INTO " + a + ".items SELECT i, 'item ' || i FROM generate_series(1, 100) i",
            "CREATE TABLE " + b + ".items (id int PRIMARY KEY, name text NOT NULL, price numeric NOT NULL)",
            "INSERT INTO " + b + ".items SELECT i, 'item ' || i, i * 1.5 FROM generate_series(1, 100) i");
        String version = Sql.string(admin, "SHOW server_version");
        List<VariantRun> runs = new ArrayList<>();
        for (Variant v : variants) {
          ctx.progress("variant " + v.label());
          runs.add(run(ctx, v, a, b, executions));
        }
        return report(version, executions, a, b, runs);
      } finally {
        Sql.dropQuietly(admin, a);
        Sql.dropQuietly(admin, b);
      }
    }
  }

  private static VariantRun run(ExperimentContext ctx, Variant v, String a, String b, int executions) throws SQLException {
    List<Outcome> outcomes = new ArrayList<>();
    boolean serverPrepared;
    try (Connection c = ctx.connect(v.properties())) {
      c.setAutoCommit(v.autocommit());
      Sql.exec(c, "SET search_path = " + a);
      try (PreparedStatement ps = c.prepareStatement(QUERY)) {
        for (int i = 1; i <= executions; i++) {
          outcomes.add(execute(ps, "#" + i + ", search_path " + a));
        }
        serverPrepared = serverPreparedCount(c) > 0;
        Sql.exec(c, v.switchSql(b));
        outcomes.add(execute(ps, "#" + (executions + 1) + ", search_path " + b));
        outcomes.add(execute(ps, "#" + (executions + 2) + ", search_path " + b));
      }
      if (!v.autocommit()) {
        c.rollback();
      }
    }
    return new VariantRun(v, serverPrepared, outcomes);
  }

  private static Outcome execute(PreparedStatement ps, String step) {
    try {
      ps.setInt(1, 7);
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData md = rs.getMetaData();
        List<String> cols = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          cols.add(md.getColumnName(i));
        }
        if (!rs.next()) {
          return new Outcome(step, false, null, "-", "no row for id 7");
        }
        return new Outcome(step, true, String.join(", ", cols), null, null);
      }
    } catch (SQLException e) {
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
      msg = msg.startsWith("ERROR: ") ? msg.substring("ERROR: ".length()) : msg;
      return new Outcome(step, false, null, e.getSQLState(), msg);
    }
  }

  /** This session's server-prepared statements (protocol-level, not SQL PREPARE); -1 if unreadable. */
  private static long serverPreparedCount(Connection c) {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_prepared_statements WHERE NOT from_sql")) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      return -1;
    }
  }

  private static ExperimentResult report(String version, int executions, String a, String b, List<VariantRun> runs) {
    List<List<String>> rows = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("server_version", version);
    StringBuilder finding = new StringBuilder("On PostgreSQL " + version + ", after " + executions + " executions of \""
        + QUERY + "\" with search_path " + a + " (items: id, name), then switching it to " + b
        + " (items: id, name, price): ");
    List<String> parts = new ArrayList<>();
    for (VariantRun r : runs) {
      Outcome before = r.outcomes().get(executions - 1);
      Outcome first = r.afterSwitch(1);
      Outcome second = r.afterSwitch(2);
      rows.add(List.of(r.variant().label(), r.serverPrepared() ? "yes" : "no", before.describe(), first.describe(),
          second.describe()));
      String key = Figures.key(r.variant().label());
      facts.put(key + ".server_prepared", r.serverPrepared());
      facts.put(key + ".first_after_switch_ok", first.ok());
      facts.put(key + ".first_after_switch_sqlstate", first.sqlState() == null ? "" : first.sqlState());
      facts.put(key + ".second_after_switch_ok", second.ok());
      parts.add(r.variant().label() + " (" + (r.serverPrepared() ? "server-prepared" : "not server-prepared")
          + " before the switch): the next execution gave " + first.describe()
          + (second.describe().equals(first.describe()) ? ", and so did the one after" : ", the one after " + second.describe()));
    }
    finding.append(String.join("; ", parts)).append('.');
    List<List<String>> steps = new ArrayList<>();
    for (int i = 0; i < runs.getFirst().outcomes().size(); i++) {
      List<String> row = new ArrayList<>(List.of(runs.getFirst().outcomes().get(i).step()));
      for (VariantRun r : runs) {
        row.add(r.outcomes().get(i).describe());
      }
      steps.add(row);
    }
    List<String> stepColumns = new ArrayList<>(List.of("execution"));
    runs.forEach(r -> stepColumns.add(r.variant().label()));
    return new ExperimentResult("search-path", "Cached statements across a search_path switch",
        List.of(new ExperimentResult.Table("Before and after switching search_path to " + b,
                List.of("variant", "server-prepared before the switch", "last execution before",
                    "first execution after", "second execution after"), rows),
            new ExperimentResult.Table("Every execution", stepColumns, steps)),
        List.of(), finding.toString(), facts);
  }
}
