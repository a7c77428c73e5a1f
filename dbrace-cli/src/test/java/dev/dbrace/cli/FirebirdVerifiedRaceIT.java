package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.testkit.SharedTestFirebird;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Short real races of the Jaybird stacks on a real Firebird (one per test JVM, started here), through
 * the runner's own code path; skipped where Firebird cannot be installed. The engine checks need no server: EngineChecksTest.
 */
public class FirebirdVerifiedRaceIT {

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"jdbc-firebird, point-select, 500", "jdbc-firebird-virtual, point-select, 500",
      "jdbc-firebird, queries-20, 50", "jdbc-firebird-virtual, queries-20, 50"})
  void shortRaceCountsOnlyVerifiedOperations(String stack, String workloadName, long executions, @TempDir Path out)
      throws Exception {
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
    WorkloadSpec workload = Workloads.byName(workloadName, Map.of());
    LoadModel.Closed load = new LoadModel.Closed(executions, 0, 8);
    DbTarget target = SharedTestFirebird.target();
    List<RunRecord> runs;
    try (var admin = target.connect()) {
      Race header = new Race("test", "race", "test", "now", null, null, null, workload, null, List.of(), List.of(), null);
      RaceRunner runner = new RaceRunner(Races.settings(List.of(stack), workload, load, 4, 300), target, admin,
          StackCatalog.discover(Home.dir()), new ResultStore(out, header), new RunListener() {});
      new RacePlan.Fixed().execute(runner);
      runs = runner.snapshot();
    }
    assertEquals(1, runs.size());
    RunRecord r = runs.get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(executions, r.result().issued());
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertEquals(0, r.result().errors(), () -> "errors: " + r.result().errorSamples());
    assertEquals(executions, r.result().ops(), "every operation verified");
    assertEquals(r.result().ops() * workload.mix().get(0).statementCount(), r.result().statements());
    assertNull(r.server(), "PostgreSQL's server counters are not available on Firebird");
    assertTrue(r.result().versions().containsKey("Jaybird"), () -> "versions " + r.result().versions());
  }
}
