package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.WorkerResult;
import dev.dbrace.runner.probe.ProcStats;
import org.junit.jupiter.api.Test;

/** The process figures of a run from two /proc readings: page faults and % CPU over the measured phase. */
class RunRecordsTest {

  private static ProcStats reading(double user, double sys, long minflt, long majflt, double atS) {
    return new ProcStats(user, sys, 0, 0, 20, 0, 0, 0, minflt, majflt, Math.round(atS * 1e9));
  }

  @Test
  void percentCpuIsCpuSecondsOverWallSecondsAndFaultsTheDifference() {
    WorkerResult r = WorkerResult.none();
    // 1.2 s user + 0.3 s sys in 2 s of wall time: 75 % of one core
    RunRecord.ProcessFigures p = RunRecords.figures(reading(0.5, 0.1, 5_000, 3, 10), reading(1.0, 0.2, 6_000, 4, 100),
        null, reading(2.2, 0.5, 18_500, 4, 102), 0, 30, r);
    assertEquals(75.0, p.cpuPercent());
    assertEquals(2.0, p.measuredWallS());
    assertEquals(12_500L, p.minorFaults());
    assertEquals(0L, p.majorFaults());
    assertEquals(1.5, p.cpuUserS() + p.cpuSysS(), 1e-9);
    // two cores busy: 200 %
    RunRecord.ProcessFigures busy = RunRecords.figures(null, reading(0, 0, 0, 0, 0), null, reading(3, 1, 10, 1, 2), 0, 30, r);
    assertEquals(200.0, busy.cpuPercent());
    assertEquals(1L, busy.majorFaults());
  }

  /**
   * An operation stuck through a 6 s drain: % CPU is the measured window's (the readings at its start and close), CPU
   * seconds and the rest run until the result came.
   */
  @Test
  void percentCpuIsOverTheMeasuredWindowNotTheDrainAfterIt() {
    // 1.5 s of CPU in the 2 s window, then 0.1 s while one operation waited 6 s for the drain to end
    RunRecord.ProcessFigures p = RunRecords.figures(null, reading(1.0, 0.2, 0, 0, 100), reading(2.2, 0.5, 0, 0, 102),
        reading(2.3, 0.5, 0, 0, 108), 0, 30, WorkerResult.none());
    assertEquals(75.0, p.cpuPercent());
    assertEquals(2.0, p.windowWallS());
    assertEquals(8.0, p.measuredWallS());
    assertEquals(1.6, p.cpuUserS() + p.cpuSysS(), 1e-9);
  }
}
