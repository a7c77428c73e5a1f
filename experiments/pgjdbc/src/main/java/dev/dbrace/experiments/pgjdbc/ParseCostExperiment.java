package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.BadOptionException;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * E3's parse cost: a big OLTP statement (the shipped ~10 KiB one over the lab tables, or the
 * user's {@code --opt sql=FILE}) executed on one connection with {@code prepareThreshold=0}
 * (an unnamed statement: parsed, analysed and planned at every execution) and server-prepared
 * (parsed once; planned per execution while the plan cache makes custom plans, then reusing its
 * generic plan, or from the start with {@code plan_cache_mode=force_generic_plan}). The client's
 * latency stands beside the server's own split into planning and execution, read from
 * {@code pg_stat_statements} with {@code track_planning} on, and beside one {@code EXPLAIN
 * (ANALYZE, SUMMARY)} sample of each mode.
 */
public final class ParseCostExperiment implements Experiment {
  static final String SHIPPED = "parse-cost.sql";
  static final String ARGS_LINE = "-- dbrace-args:";
  static final String UNPREPARED = "unprepared";
  static final String PREPARED = "prepared";
  static final String FORCED = "forced_generic";

  @Override
  public String name() {
    return "parse-cost";
  }

  @Override
  public String description() {
    return "a ~10 KiB OLTP statement parsed every time (prepareThreshold=0) vs server-prepared: client latency beside the"
        + " server's plan and execution time (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(
        new ExperimentOption("sql", "shipped", "a file holding one SQL statement (? placeholders), or 'shipped' for the "
            + "~10 KiB statement over the lab tables"),
        new ExperimentOption("args", "file", "comma-separated values for the ? placeholders, sent untyped; 'file' takes "
            + "the statement's '-- dbrace-args:' line"),
        new ExperimentOption("executions", "100", "executions per mode and iteration (one connection)"),
        Repeats.ITERATIONS, Repeats.SEED);
  }

  /** A way of running the statement: pgjdbc properties and server settings for the session. */
  record Mode(String key, String label, Map<String, String> properties, String settings) {}

  /** The server's own figures for one measured run, from pg_stat_statements deltas; null fields when unavailable. */
  record Server(long calls, long plans, double planMs, double execMs) {}

  /** One measured run: each execution's client latency, the rows each returned, the server's figures. */
  record Run(Mode mode, double[] ms, long rows, Server server) {}

  /** The statement and its arguments. */
  record Statement(String source, String sql, List<String> args) {
    int bytes() {
      return sql.getBytes(StandardCharsets.UTF_8).length;
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    Statement st = statement(ctx.option("sql"), ctx.option("args"));
    int executions = ctx.intOption("executions", 2, 1_000_000);
    try (Connection admin = ctx.connect()) {
      StatStatements pgss = StatStatements.open(ctx, admin);
      ctx.progress("statement: " + st.source() + ", " + st.bytes() + " bytes, " + st.args().size() + " parameters; server "
          + "plan and execution times from " + (pgss.available() ? "pg_stat_statements (track_planning on)"
              : "EXPLAIN only: " + pgss.why()));
      List<Mode> modes = List.of(
          new Mode(UNPREPARED, "prepareThreshold=0 (unnamed: parsed and planned every execution)",
              Map.of("prepareThreshold", "0"), ""),
          new Mode(PREPARED, "server-prepared (prepareThreshold=1)", Map.of("prepareThreshold", "1"), ""),
          new Mode(FORCED, "server-prepared, plan_cache_mode=force_generic_plan", Map.of("prepareThreshold", "1"),
              "-c plan_cache_mode=force_generic_plan"));
      List<List<Run>> runs = Repeats.run(ctx, modes, m -> measure(ctx, pgss, m, st, executions));
      List<Explain.Sample> samples = new ArrayList<>();
      for (Mode m : modes) {
        samples.add(Explain.sample(admin, st, m));
      }
      return ParseCostReport.of(st, executions, pgss, modes, runs, samples);
    }
  }

  private static Run measure(ExperimentContext ctx, StatStatements pgss, Mode m, Statement st, int executions)
      throws SQLException {
    Map<String, String> props = new LinkedHashMap<>(m.properties());
    String settings = (m.settings() + " " + pgss.sessionSettings()).trim();
    if (!settings.isEmpty()) {
      props.put("options", settings);
    }
    double[] ms = new double[executions];
    long rows = -1;
    Map<Long, double[]> before = pgss.snapshot();
    try (Connection c = ctx.connect(props); PreparedStatement ps = c.prepareStatement(st.sql())) {
      for (int i = 0; i < executions; i++) {
        for (int p = 0; p < st.args().size(); p++) {
          ps.setObject(p + 1, st.args().get(p), Types.OTHER);
        }
        long t0 = System.nanoTime();
        long n = 0;
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            n++;
          }
        }
        ms[i] = (System.nanoTime() - t0) / 1e6;
        if (rows >= 0 && n != rows) {
          throw new IllegalStateException(m.label() + ": execution " + (i + 1) + " returned " + n + " rows, the first " + rows);
        }
        rows = n;
      }
    }
    return new Run(m, ms, rows, pgss.delta(before, executions));
  }

  /** The statement to run: the shipped resource or the user's file, and its arguments. */
  static Statement statement(String sqlOption, String argsOption) {
    String source;
    String text;
    if (sqlOption.equals("shipped")) {
      source = "the shipped " + SHIPPED;
      try (InputStream in = ParseCostExperiment.class.getResourceAsStream(SHIPPED)) {
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException | NullPointerException e) {
        throw new IllegalStateException("cannot read the shipped " + SHIPPED + ": " + e.getMessage(), e);
      }
    } else {
      Path file = Path.of(sqlOption);
      source = file.toString();
      try {
        text = Files.readString(file);
      } catch (NoSuchFileException e) {
        throw new BadOptionException("--opt sql: no such file: " + file);
      } catch (IOException e) {
        throw new BadOptionException("--opt sql: cannot read " + file + ": " + e.getMessage());
      }
    }
    String sql = text.strip();
    while (sql.endsWith(";")) {
      sql = sql.substring(0, sql.length() - 1).strip();
    }
    if (sql.lines().allMatch(l -> l.isBlank() || l.strip().startsWith("--"))) {
      throw new BadOptionException("--opt sql: " + source + " holds no statement");
    }
    String given = argsOption;
    if (given.equals("file")) {
      given = text.lines().map(String::strip).filter(l -> l.startsWith(ARGS_LINE)).findFirst()
          .map(l -> l.substring(ARGS_LINE.length())).orElse("");
    }
    List<String> args = given.isBlank() ? List.of() : Arrays.stream(given.split(",")).map(String::strip).toList();
    int placeholders = placeholders(sql);
    if (placeholders != args.size()) {
      throw new BadOptionException("--opt sql: " + source + " has " + placeholders + " ? placeholder(s) but "
          + args.size() + " argument(s) were given; give --opt args=v1,v2,... or a '" + ARGS_LINE + " v1, v2' line");
    }
    return new Statement(source, sql, args);
  }

  /**
   * The statement with each ? placeholder outside quotes and comments replaced by {@code replacement} of its
   * 1-based number: $1, $2 ... for PREPARE, literals for a plain EXPLAIN (a close enough reading for a lab statement).
   */
  static String rewrite(String sql, IntFunction<String> replacement) {
    StringBuilder out = new StringBuilder();
    int n = 0;
    boolean quote = false;
    for (int i = 0; i < sql.length(); i++) {
      char ch = sql.charAt(i);
      if (quote) {
        quote = ch != '\'';
      } else if (ch == '\'') {
        quote = true;
      } else if (ch == '-' && i + 1 < sql.length() && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        end = end < 0 ? sql.length() : end;
        out.append(sql, i, end);
        i = end - 1;
        continue;
      } else if (ch == '?') {
        out.append(replacement.apply(++n));
        continue;
      }
      out.append(ch);
    }
    return out.toString();
  }

  static int placeholders(String sql) {
    int[] n = {0};
    rewrite(sql, i -> {
      n[0] = i;
      return "";
    });
    return n[0];
  }
}
