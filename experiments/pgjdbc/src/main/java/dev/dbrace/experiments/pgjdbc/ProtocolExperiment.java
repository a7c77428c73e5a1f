package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.time.LocalDateTime;
import java.util.SplittableRandom;

/**
 * E3's protocol comparison: one point select on one connection, executed N times per variant
 * (query mode, prepareThreshold, closing the statement each time, SQL built by concatenation),
 * and a select of a row with int, bigint, timestamp, numeric and bytea columns with pgjdbc's
 * {@code binaryTransfer} on and off (every column read back and checked).
 * Throughput and latency come from the client; from the server's side, the session's
 * {@code pg_prepared_statements} tells how many executions reused a named (already parsed and
 * planned) statement, so the rest were parsed anew.
 */
public final class ProtocolExperiment implements Experiment {
  static final int TABLE_ROWS = 10_000;

  @Override
  public String name() {
    return "protocol";
  }

  @Override
  public String description() {
    return "a point select by query mode (simple/extended/extendedForPrepared), prepareThreshold 0/1/5, closing the statement, "
        + "concatenated SQL; binaryTransfer on/off over an int, bigint, timestamp, numeric, bytea row (E3)";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(new ExperimentOption("executions", "5000", "executions per variant (one connection, one at a time)"),
        new ExperimentOption("seed", "42", "seed of the ids looked up (the same ids for every variant) and of the order"),
        Repeats.ITERATIONS);
  }

  /** How the select is issued: driver properties, whether the statement is closed after each run, or concatenated. */
  record Variant(String label, Map<String, String> properties, boolean closeEachTime, boolean concatenate, boolean typed) {
    Variant(String label, Map<String, String> properties, boolean closeEachTime, boolean concatenate) {
      this(label, properties, closeEachTime, concatenate, false);
    }
  }

  static final String BINARY_ON = "typed row, binaryTransfer=true (default), prepareThreshold=1";
  static final String BINARY_OFF = "typed row, binaryTransfer=false, prepareThreshold=1";
  private static final LocalDateTime EPOCH = LocalDateTime.of(2020, 1, 1, 0, 0);

  /** One variant measured. */
  record Measured(Variant variant, double[] latenciesMs, double seconds, long namedExecutions, long namedStatements) {
    double throughput() {
      return latenciesMs.length / seconds;
    }

    double percentile(double p) {
      double[] sorted = latenciesMs.clone();
      Arrays.sort(sorted);
      int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
      return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /** Executions the server had to parse (and plan with their values): all but those that reused a named statement. */
    long parsed() {
      return latenciesMs.length - namedExecutions + namedStatements;
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int executions = ctx.intOption("executions", 10, 10_000_000);
    long seed = ctx.intOption("seed", 0, Integer.MAX_VALUE);
    String table = ctx.schema() + ".point";
    String typedTable = ctx.schema() + ".typed_row";
    List<Variant> variants = List.of(
        new Variant("preferQueryMode=simple", Map.of("preferQueryMode", "simple"), false, false),
        new Variant("extended, prepareThreshold=0", Map.of("prepareThreshold", "0"), false, false),
        new Variant("extended, prepareThreshold=1", Map.of("prepareThreshold", "1"), false, false),
        new Variant("extended, prepareThreshold=5 (default)", Map.of(), false, false),
        new Variant("extendedForPrepared", Map.of("preferQueryMode", "extendedForPrepared"), false, false),
        new Variant("prepareThreshold=5, statement closed each time", Map.of(), true, false),
        new Variant("SQL built by concatenation", Map.of(), true, true),
        // binary results only come for server-prepared statements: both from the first execution on
        new Variant(BINARY_ON, Map.of("prepareThreshold", "1"), false, false, true),
        new Variant(BINARY_OFF, Map.of("prepareThreshold", "1", "binaryTransfer", "false"), false, false, true));
    try (Connection admin = ctx.connect()) {
      try {
        Sql.freshSchema(admin, ctx.schema());
        Sql.exec(admin, "CREATE TABLE " + table + " (id int PRIMARY KEY, v int NOT NULL)",
            "INSERT INTO " + table + " SELECT i, i * 7 FROM generate_series(1, " + TABLE_ROWS + ") i",
            "VACUUM ANALYZE " + table,
            "CREATE TABLE " + typedTable + " (id int PRIMARY KEY, big bigint NOT NULL, ts timestamp NOT NULL,"
                + " amount numeric(12,2) NOT NULL, blob bytea NOT NULL)",
            "INSERT INTO " + typedTable + " SELECT i, i * 1000000007::bigint, timestamp '2020-01-01' + i * interval '1 minute',"
                + " i * 1.25, decode(md5(i::text), 'hex') || decode(md5((i + 1)::text), 'hex')"
                + " FROM generate_series(1, " + TABLE_ROWS + ") i",
            "VACUUM ANALYZE " + typedTable);
        List<List<Measured>> runs = Repeats.run(ctx, variants,
            v -> measure(ctx, v, v.typed() ? typedTable : table, executions, seed));
        return ProtocolReport.of(executions, runs);
      } finally {
        Sql.dropQuietly(admin, ctx.schema());
      }
    }
  }

  private static Measured measure(ExperimentContext ctx, Variant v, String table, int executions, long seed)
      throws SQLException {
    String sql = v.typed() ? "SELECT id, big, ts, amount, blob FROM " + table + " WHERE id = ?"
        : "SELECT v FROM " + table + " WHERE id = ?";
    double[] ms = new double[executions];
    SplittableRandom ids = new SplittableRandom(seed);
    try (Connection c = ctx.connect(v.properties())) {
      PreparedStatement kept = v.closeEachTime() ? null : c.prepareStatement(sql);
      long start = System.nanoTime();
      for (int i = 0; i < executions; i++) {
        int id = 1 + ids.nextInt(TABLE_ROWS);
        long t0 = System.nanoTime();
        int value;
        if (v.concatenate()) {
          try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql.replace("?", Integer.toString(id)))) {
            value = single(rs, id);
          }
        } else if (kept == null) {
          try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
              value = single(rs, id);
            }
          }
        } else if (v.typed()) {
          kept.setInt(1, id);
          try (ResultSet rs = kept.executeQuery()) {
            value = typed(rs, id);
          }
        } else {
          kept.setInt(1, id);
          try (ResultSet rs = kept.executeQuery()) {
            value = single(rs, id);
          }
        }
        ms[i] = (System.nanoTime() - t0) / 1e6;
        if (value != id * 7) {
          throw new IllegalStateException(v.label() + ": id " + id + " returned " + value);
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      long[] named = namedCounts(c, table);
      if (kept != null) {
        kept.close();
      }
      return new Measured(v, ms, seconds, named[0], named[1]);
    }
  }

  /** Reads and checks every column of the typed row; returns id * 7 as the point select's check expects. */
  private static int typed(ResultSet rs, int id) throws SQLException {
    if (!rs.next()) {
      throw new IllegalStateException("no typed row for id " + id);
    }
    boolean ok = rs.getInt(1) == id && rs.getLong(2) == id * 1_000_000_007L
        && rs.getTimestamp(3).toLocalDateTime().equals(EPOCH.plusMinutes(id))
        && rs.getBigDecimal(4).compareTo(BigDecimal.valueOf(id * 125L, 2)) == 0
        && Arrays.equals(Arrays.copyOf(rs.getBytes(5), 16), md5(id)) && rs.getBytes(5).length == 32;
    if (!ok) {
      throw new IllegalStateException("typed row " + id + " read back wrong: " + rs.getLong(2) + " " + rs.getTimestamp(3)
          + " " + rs.getBigDecimal(4) + " " + rs.getBytes(5).length + " bytes");
    }
    return id * 7;
  }

  private static byte[] md5(int id) {
    try {
      return MessageDigest.getInstance("MD5").digest(Integer.toString(id).getBytes(StandardCharsets.US_ASCII));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static int single(ResultSet rs, int id) throws SQLException {
    if (!rs.next()) {
      throw new IllegalStateException("no row for id " + id);
    }
    return rs.getInt(1);
  }

  /** {executions of named statements, named statements} of this session for the table; zeros before PostgreSQL 14. */
  private static long[] namedCounts(Connection c, String table) {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT coalesce(sum(generic_plans + custom_plans), 0), count(*)"
            + " FROM pg_prepared_statements WHERE NOT from_sql AND statement LIKE '%" + table + "%'"
            + " AND statement NOT LIKE '%pg_prepared_statements%'")) {
      rs.next();
      return new long[] {rs.getLong(1), rs.getLong(2)};
    } catch (SQLException e) {
      return new long[] {0, 0};
    }
  }
}
