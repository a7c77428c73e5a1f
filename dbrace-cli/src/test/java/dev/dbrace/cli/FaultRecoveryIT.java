package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.CacheDir;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.report.HtmlReport;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.fork.StackCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open-loop races of the ledger workload with faults injected, against real PostgreSQL: the errors
 * have a kind, every issued operation is accounted for, the time to recover is stated, and no
 * operation the client counted successful is missing from the database.
 */
public class FaultRecoveryIT {
  private static final LoadModel.Open LOAD = new LoadModel.Open(200, 5000, 1024, "constant");

  @Test
  void killedConnectionsShowAsErrorsAndTheStacksRecover(@TempDir Path out) throws Exception {
    EmbeddedPostgres pg = TestDb.get();
    var settings = Races.settings(List.of("jdbc-platform", "vertx"), Workloads.byName("ledger", Map.of()), LOAD, 4, 1000);
    FaultPlan plan = FaultPlan.parse("kill-connections@2s+500ms", LOAD.durationMs(), true);
    List<RunRecord> runs = run(settings, plan, pg, out);
    assertEquals(2, runs.size());
    for (RunRecord r : runs) {
      assertEquals("ok", r.status().label(), () -> r.stack() + ": " + r.message() + " " + r.stderrTail());
      assertAccounted(r);
      assertTrue(r.result().errors() > 0, r.stack() + ": killing its connections fails the operations on them");
      assertTrue(r.result().errorsByKind().keySet().stream().anyMatch(k -> k.startsWith("connection closed: ")),
          () -> r.stack() + ": the errors say the connection was closed: " + r.result().errorsByKind());
      RunRecord.Faults f = r.probes().faults();
      assertNotNull(f, r.stack());
      assertEquals(1, f.windows().size());
      assertTrue(f.windows().get(0).detail().startsWith("terminated "), f.windows().get(0).detail());
      assertNotNull(f.preFaultP99Ms(), r.stack() + ": intervals before the fault give the baseline");
      assertNotNull(f.windows().get(0).recoveryS(), () -> r.stack() + " recovers to its p99 before the fault: " + f);
      assertHonest(r);
    }
    String json = Files.readString(out.resolve("race.json"));
    assertTrue(json.contains("\"successful_but_missing\" : 0"), "race.json carries the ledger check");
    Path report = HtmlReport.write(out);
    String html = Files.readString(report);
    assertTrue(html.contains("Faults") && html.contains("kill-connections@2s+500ms"), "the report has a Faults section");
  }

  @Test
  void aRestartOfTheEmbeddedServerIsSurvived(@TempDir Path out) throws Exception {
    // a server of its own: the shared one stays up for the other tests
    try (EmbeddedPostgres pg = EmbeddedPostgres.start(CacheDir.resolve(), m -> { })) {
      var settings = Races.settings(List.of("jdbc-platform"), Workloads.byName("ledger", Map.of()), LOAD, 4, 1000);
      FaultPlan plan = FaultPlan.parse("restart@2s", LOAD.durationMs(), true);
      RunRecord r = run(settings, plan, pg, out).get(0);
      assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
      assertAccounted(r);
      RunRecord.FaultWindow w = r.probes().faults().windows().get(0);
      assertTrue(w.detail().startsWith("server down and up again"), w.detail());
      assertTrue(r.result().errors() > 0, "operations during the restart fail: " + r.result().errorsByKind());
      assertHonest(r);
      assertTrue(r.probes().faults().ledger().rows() > 0, "rows written before and after the restart are there");
      // the connections probe reads on through the restart: the pool's connections after it are new backends, and
      // at least one connection worked before it and one after
      RunRecord.Connections c = r.probes().connections();
      assertTrue(c != null && c.open() > 4 && c.used() >= 2, () -> "connections before and after the restart: " + c);
    }
  }

  @Test
  void addedLatencyRaisesP99InTheFaultWindow(@TempDir Path out) throws Exception {
    EmbeddedPostgres pg = TestDb.get();
    var settings = Races.settings(List.of("vertx"), Workloads.byName("ledger", Map.of()), LOAD, 4, 1000);
    FaultPlan plan = FaultPlan.parse("latency=100ms@2s+1500ms", LOAD.durationMs(), true);
    RunRecord r = run(settings, plan, pg, out).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertAccounted(r);
    RunRecord.Faults f = r.probes().faults();
    RunRecord.FaultWindow w = f.windows().get(0);
    assertTrue(w.p99Ms() >= 100, "p99 in the window includes the 100 ms: " + w);
    assertTrue(w.p99Ms() > 3 * f.preFaultP99Ms(), "visibly above the p99 before it: " + w + " vs " + f.preFaultP99Ms());
    assertEquals(0, r.result().errors(), "latency alone fails nothing: " + r.result().errorsByKind());
    assertHonest(r);
  }

  private static void assertAccounted(RunRecord r) {
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished(),
        r.stack() + ": ops + errors + unfinished = issued");
  }

  private static void assertHonest(RunRecord r) {
    RunRecord.Ledger l = r.probes().faults().ledger();
    assertNotNull(l, r.stack() + ": the ledger was checked " + r.probes().faults().note());
    assertEquals(0, l.successfulButMissing(), () -> r.stack() + ": successes missing from the database: " + l);
    assertTrue(l.clientSuccesses() >= r.result().ops(), r.stack() + ": every measured success is in the client's list");
    assertEquals(0, l.duplicates(), r.stack() + ": nothing performed twice");
  }

  private static List<RunRecord> run(RaceSettings settings, FaultPlan plan, EmbeddedPostgres pg, Path out) throws Exception {
    try (var admin = pg.target().connect()) {
      Race header = new Race("test", "race", "test", "now", null, null, null, settings.loadPlan().workload(), null, List.of(),
          List.of(), null);
      ResultStore store = new ResultStore(out, header);
      RaceRunner runner = new RaceRunner(settings, pg.target(), admin, StackCatalog.discover(Home.dir()), store,
          new RunListener() {}).faults(plan, pg);
      runner.run(1);
      return runner.snapshot();
    }
  }
}
