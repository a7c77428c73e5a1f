package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.scenario.Scenario;
import dev.dbrace.runner.scenario.ScenarioSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scenario file raced for real: schema and seed files run on the test database, then an update
 * (sequence key) and a select (zipfian key) through jdbc-platform and vertx. The rows the server
 * changed must be exactly those the seeded sequence names, once per stack.
 */
public class ScenarioRowsChangedIT {
  private static final long EXECUTIONS = 1500;
  private static final int ROWS = 500;

  @Test
  void scenarioFileRacesThroughTwoStacksAndChangesTheRowsItNames(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("schema.sql"), """
        DROP TABLE IF EXISTS scenario_race;
        CREATE TABLE scenario_race (id integer PRIMARY KEY, customer_id integer NOT NULL, paid integer NOT NULL DEFAULT 0);
        """);
    Files.writeString(dir.resolve("seed.sql"), """
        INSERT INTO scenario_race (id, customer_id) SELECT i, 1 + i %% 50 FROM generate_series(1, %d) AS i;
        CREATE INDEX ON scenario_race (customer_id);
        """.formatted(ROWS));
    Path file = dir.resolve("race.yaml");
    Files.writeString(file, """
        name: scenario race test
        database: {schema: [schema.sql], seed: [seed.sql]}
        operations:
          - name: pay
            sql: "update scenario_race set paid = paid + 1 where id = 1 + ($1 %% %d)"
            params: [{sequence: {start: 0, step: 1}}]
            weight: 1
            expect: {rows: 1}
          - name: by-customer
            sql: "select id, paid from scenario_race where customer_id = $1"
            params: [{zipfian: {min: 1, max: 50}}]
            weight: 3
            expect: {rows: {min: 10, max: 10}, non-empty: true}
        stacks: [jdbc-platform, vertx]
        """.formatted(ROWS));
    Scenario scenario = Scenario.load(file, StackCatalog.discover(Home.dir()).names());
    WorkloadSpec workload = scenario.workload();

    // what the worker gets is the JSON of the spec: the same sequence must come out of it
    WorkloadSpec shipped = Json.parse(Json.line(workload), WorkloadSpec.class);
    OperationSequence here = new OperationSequence(workload, 42);
    OperationSequence there = new OperationSequence(shipped, 42);
    for (long i = 0; i < EXECUTIONS; i++) {
      Operation a = here.operation(i);
      Operation b = there.operation(i);
      assertEquals(a.kind(), b.kind());
      assertArrayEquals(a.statements().get(0).params(), b.statements().get(0).params(), "index " + i);
    }

    try (var admin = TestDb.get().target().connect()) {
      ScenarioSetup.run(admin, scenario.setupFiles(Engine.POSTGRESQL), msg -> { });
      List<RunRecord> runs = Races.run(Races.settings(scenario.source().stacks(), workload,
          new LoadModel.Closed(EXECUTIONS, 0, 8), 4, 0), dir.resolve("out"), new RunListener() {});
      assertEquals(2, runs.size());
      for (RunRecord r : runs) {
        assertEquals("ok", r.status().label(), () -> r.stack() + ": " + r.message() + " " + r.stderrTail());
        assertEquals(0, r.result().errors(), () -> r.stack() + " errors: " + r.result().errorSamples());
        assertEquals(EXECUTIONS, r.result().issued());
        assertEquals(r.result().issued(), r.result().ops(), r.stack() + ": every operation counted was verified");
        assertEquals(EXECUTIONS, r.result().statements());
      }
      Map<Integer, Integer> actual = new TreeMap<>();
      try (var st = admin.createStatement(); ResultSet rs = st.executeQuery("SELECT id, paid FROM scenario_race WHERE paid > 0")) {
        while (rs.next()) {
          actual.put(rs.getInt(1), rs.getInt(2));
        }
      }
      // Exactly the rows the seeded sequence names, once per stack (no warm-up: the measured window
      // starts at ClosedLoop.SWITCH_GAP): nothing lost, nothing done twice, nothing done that was not asked.
      assertEquals(MariaDbVerifiedRaceIT.expectedPays(workload, EXECUTIONS, ROWS, 2), actual);
      try (var st = admin.createStatement()) {
        st.execute("DROP TABLE scenario_race");
      }
    }
  }
}
