package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.scenario.Scenario;
import dev.dbrace.runner.scenario.ScenarioSetup;
import dev.dbrace.testkit.SharedTestMariaDb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Short real races on a real MariaDB (one per test JVM, started here) through the runner's own
 * code path: the four stacks that speak it on a built-in workload, and one scenario file whose
 * MariaDB block prepares the table, with the rows the server changed checked against the seeded
 * sequence. Skipped where mariadb-server cannot be installed; the engine checks need no server (EngineChecksTest).
 */
public class MariaDbVerifiedRaceIT {
  private static final List<String> STACKS = List.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx");
  private static final long EXECUTIONS = 600;
  private static final int ROWS = 300;

  @Test
  void everyStackRacesBuiltInWorkloadsAndCountsOnlyVerifiedOperations(@TempDir Path out) throws Exception {
    assumeMariaDb();
    for (String name : List.of("point-select", "queries-20")) {
      WorkloadSpec workload = Workloads.byName(name, Map.of());
      long executions = name.equals("point-select") ? 500 : 50;
      List<RunRecord> runs = race(STACKS, workload, new LoadModel.Closed(executions, 0, 8), out.resolve(name));
      assertEquals(STACKS.size(), runs.size());
      for (RunRecord r : runs) {
        assertEquals("ok", r.status().label(), () -> r.stack() + ": " + r.message() + " " + r.stderrTail());
        assertEquals(executions, r.result().issued());
        assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
        assertEquals(0, r.result().errors(), () -> r.stack() + " errors: " + r.result().errorSamples());
        assertEquals(executions, r.result().ops(), r.stack() + ": every operation verified");
        assertEquals(r.result().ops() * workload.mix().get(0).statementCount(), r.result().statements());
        assertNull(r.server(), "PostgreSQL's server counters are not available on MariaDB");
      }
      assertTrue(runs.get(0).result().versions().containsKey("MariaDB Connector/J"), () -> "versions " + runs.get(0).result().versions());
      assertTrue(runs.get(2).result().versions().containsKey("r2dbc-mariadb"), () -> "versions " + runs.get(2).result().versions());
      assertTrue(runs.get(3).result().versions().containsKey("vertx-mysql-client"), () -> "versions " + runs.get(3).result().versions());
      // only the driver the run used, not the PostgreSQL one beside it on the classpath
      for (String pgDriver : List.of("pgjdbc", "r2dbc-postgresql", "vertx-pg-client")) {
        runs.forEach(r -> assertFalse(r.result().versions().containsKey(pgDriver), () -> r.stack() + " versions " + r.result().versions()));
      }
    }
  }

  @Test
  void aScenarioFileRacesOnMariaDbAndChangesTheRowsItNames(@TempDir Path dir) throws Exception {
    assumeMariaDb();
    Files.writeString(dir.resolve("schema.sql"), "-- PostgreSQL: not run here\nSELECT generate_series(1, 2);\n");
    Files.writeString(dir.resolve("schema-mariadb.sql"), """
        DROP TABLE IF EXISTS scenario_race;
        CREATE TABLE scenario_race (id int PRIMARY KEY, customer_id int NOT NULL, paid int NOT NULL DEFAULT 0, KEY (customer_id));
        """);
    Files.writeString(dir.resolve("seed-mariadb.sql"), """
        INSERT INTO scenario_race (id, customer_id) SELECT seq, 1 + seq %% 30 FROM seq_1_to_%d;
        """.formatted(ROWS));
    Path file = dir.resolve("race.yaml");
    Files.writeString(file, """
        name: scenario race on mariadb
        database:
          engine: mariadb
          schema: [schema.sql]
          mariadb: {schema: [schema-mariadb.sql], seed: [seed-mariadb.sql]}
        operations:
          - name: pay
            sql: "update scenario_race set paid = paid + 1 where id = 1 + ($1 %% %d)"
            params: [{sequence: {start: 0, step: 1}}]
            weight: 1
            expect: {rows: 1}
          - name: by-customer
            sql: "select id, paid from scenario_race where customer_id = $1"
            params: [{zipfian: {min: 1, max: 30}}]
            weight: 3
            expect: {rows: {min: 10, max: 10}, non-empty: true}
        stacks: [jdbc-platform, jdbc-virtual, r2dbc, vertx]
        """.formatted(ROWS));
    Scenario scenario = Scenario.load(file, StackCatalog.discover(Home.dir()).names());
    assertEquals(List.of(dir.resolve("schema-mariadb.sql"), dir.resolve("seed-mariadb.sql")), scenario.setupFiles(Engine.MARIADB));
    DbTarget target = SharedTestMariaDb.target();
    try (Connection admin = target.connect()) {
      ScenarioSetup.run(admin, scenario.setupFiles(Engine.MARIADB), msg -> { });
      // one stack at a time, reading the server's total after each: every stack must change the same rows
      List<RunRecord> runs = new ArrayList<>();
      List<Long> paidAfter = new ArrayList<>();
      for (String stack : scenario.source().stacks()) {
        runs.addAll(race(List.of(stack), scenario.workload(), new LoadModel.Closed(EXECUTIONS, 0, 8), dir.resolve("out-" + stack)));
        try (var st = admin.createStatement(); ResultSet rs = st.executeQuery("SELECT sum(paid) FROM scenario_race")) {
          rs.next();
          paidAfter.add(rs.getLong(1));
        }
      }
      for (RunRecord r : runs) {
        assertEquals("ok", r.status().label(), () -> r.stack() + ": " + r.message() + " " + r.stderrTail());
        assertEquals(0, r.result().errors(), () -> r.stack() + " errors: " + r.result().errorSamples());
        assertEquals(EXECUTIONS, r.result().issued());
        assertEquals(r.result().issued(), r.result().ops(), r.stack() + ": every operation counted was verified");
      }
      for (int i = 0; i < paidAfter.size(); i++) {
        assertEquals((i + 1) * paidAfter.get(0), paidAfter.get(i),
            "stack " + STACKS.get(i) + " changed as many rows as the first: " + paidAfter);
      }
      Map<Integer, Integer> actual = new TreeMap<>();
      try (var st = admin.createStatement(); ResultSet rs = st.executeQuery("SELECT id, paid FROM scenario_race WHERE paid > 0")) {
        while (rs.next()) {
          actual.put(rs.getInt(1), rs.getInt(2));
        }
      }
      // Exactly the rows the seeded sequence names, once per stack: without warm-up a closed run
      // measures the indices from ClosedLoop.SWITCH_GAP on, and the pay's key is its sequence value.
      assertEquals(expectedPays(scenario.workload(), EXECUTIONS, ROWS, STACKS.size()), actual);
      try (var st = admin.createStatement()) {
        st.execute("DROP TABLE scenario_race");
      }
    }
  }

  /** No warm-up for the scenario: a timed warm-up would change a different number of rows per stack. */
  private static List<RunRecord> race(List<String> stacks, WorkloadSpec workload, LoadModel load, Path out) throws Exception {
    return race(stacks, workload, load, out, workload.options().containsKey("scenario") ? 0 : 300);
  }

  private static List<RunRecord> race(List<String> stacks, WorkloadSpec workload, LoadModel load, Path out, long warmupMs)
      throws Exception {
    DbTarget target = SharedTestMariaDb.target();
    try (Connection admin = target.connect()) {
      Race header = new Race("test", "race", "test", "now", null, null, null, workload, null, List.of(), List.of(), null);
      RaceRunner runner = new RaceRunner(Races.settings(stacks, workload, load, 4, warmupMs), target, admin,
          StackCatalog.discover(Home.dir()), new ResultStore(out, header), new RunListener() {});
      new RacePlan.Fixed().execute(runner);
      return runner.snapshot();
    }
  }

  /** Row id -> times changed, for {@code stacks} runs of the measured window (pay is kind 0, its $1 a sequence). */
  static Map<Integer, Integer> expectedPays(WorkloadSpec workload, long executions, int rows, int stacks) {
    OperationSequence seq = new OperationSequence(workload, 42);
    Map<Integer, Integer> expected = new TreeMap<>();
    for (long i = ClosedLoop.SWITCH_GAP; i < ClosedLoop.SWITCH_GAP + executions; i++) {
      var op = seq.operation(i);
      if (op.kind() == 0) {
        long key = ((Number) op.statements().get(0).params()[0]).longValue();
        expected.merge((int) (1 + key % rows), stacks, Integer::sum);
      }
    }
    return expected;
  }

  private static void assumeMariaDb() {
    String why = SharedTestMariaDb.unavailable();
    assumeTrue(why == null, why);
  }
}
