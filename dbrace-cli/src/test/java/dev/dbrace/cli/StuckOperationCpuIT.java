package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.ColumnCheck;
import dev.dbrace.core.workload.OperationSpec;
import dev.dbrace.core.workload.ParamGen;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * % CPU is CPU over the measured window: one operation stuck through the drain neither stretches its span nor dilutes
 * it, on the embedded PostgreSQL with a real worker.
 */
public class StuckOperationCpuIT {
  /** The gate the test closes when the measured phase starts; the stuck operation waits on it until the race is over. */
  private static final long GATE = 0x64627261636547L;
  /** Taken, for the rest of its session, by the one operation that waits on the gate. */
  private static final long STUCK = 0x6462726163654BL;

  /**
   * A point select that, once the gate is closed, sends the first operation to get {@link #STUCK} to wait on it:
   * every other goes on. CASE evaluates its conditions in order, so before the gate none gets that far.
   */
  private static WorkloadSpec oneStuck() {
    String sql = "SELECT w.id, w.randomnumber FROM world w WHERE w.id = $1 AND CASE"
        + " WHEN pg_try_advisory_xact_lock_shared(" + GATE + ") THEN true"
        + " WHEN pg_try_advisory_lock(" + STUCK + ") THEN pg_advisory_lock_shared(" + GATE + ")::text = ''"
        + " ELSE true END";
    var op = new OperationSpec("world-by-id-one-stuck", 1, 1, List.of(new StatementSpec(sql,
        List.<ParamGen>of(new ParamGen.Uniform(1, 10_000)), 1,
        List.<ColumnCheck>of(new ColumnCheck.EqualsParam(0, 0), new ColumnCheck.IntRange(1, 1, 10_000)))));
    return new WorkloadSpec("one-stuck", "point-select; one measured operation waits through the drain", List.of(op), Map.of());
  }

  @Test
  void percentCpuIsOverTheMeasuredWindowNotTheDrainOfAStuckOperation(@TempDir Path out) throws Exception {
    long durationMs = 3_000;
    long drainMs = 6_000;
    var base = Races.settings(List.of("jdbc-platform"), oneStuck(), new LoadModel.Closed(0, durationMs, 4), 4, 2_000);
    var settings = base.toBuilder().guards(new RaceSettings.Guards(30_000, base.guards().runTimeoutMs(), drainMs, 0)).build();
    List<RunRecord> runs;
    try (Connection gate = TestDb.get().target().connect()) {
      runs = Races.run(settings, out, new RunListener() {
        @Override
        public void phase(String stack, String phase) {
          if (phase.equals("measure")) {
            try (Statement s = gate.createStatement()) {
              s.execute("SELECT pg_advisory_lock(" + GATE + ")");
            } catch (SQLException e) {
              throw new IllegalStateException(e);
            }
          }
        }
      });
    } // the gate opens: the stuck operation's backend, its worker gone, ends
    RunRecord r = runs.get(0);
    assertEquals("ok", r.status().label(), r.message());
    assertEquals(1, r.result().unfinished(), "one operation was stuck through the drain");
    assertTrue(r.result().ops() > 100, "the others went on: " + r.result().ops());
    double window = r.result().durationS();
    RunRecord.ProcessFigures p = r.process();
    assertNotNull(p.windowWallS(), "the span % CPU is over");
    // the readings at the window's ends, a few ms after the worker's own (its messages' way to the runner)
    assertTrue(p.windowWallS() >= window - 0.05 && p.windowWallS() < window + 0.3,
        "% CPU's span is the measured window (" + window + " s), not the drain's too: " + p.windowWallS() + " s");
    // the worker idles through the drain, so nearly all its CPU from the window's start to the result is the window's;
    // over the window plus the 6 s drain, % CPU would read a third of that (a window much shorter than 3 s would leave
    // the worker's own CPU after it, its connections closed and its result written, too large a share for this bound)
    double cpuS = p.cpuUserS() + p.cpuSysS();
    assertTrue(p.cpuPercent() / 100 * p.windowWallS() >= 0.8 * cpuS,
        "% CPU (" + p.cpuPercent() + ") is the window's CPU over the window, " + cpuS + " s up to the result over "
            + window + " s is " + Math.round(cpuS / window * 100) + " %");
    RunRecord.ProcessCpu server = r.probes().serverCpu();
    assertNotNull(server, "the embedded server's CPU is read");
    double serverS = server.cpuUserS() + server.cpuSysS();
    assertTrue(server.cpuPercent() / 100 * p.windowWallS() >= 0.8 * serverS,
        "the server's % CPU (" + server.cpuPercent() + ") is over the window too: " + serverS + " s up to the result");
  }
}
