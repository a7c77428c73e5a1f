package dev.dbrace.report.results;

import dev.dbrace.core.result.RunRecord;

/**
 * Figures the report derives from one run's record, shared by its tables and charts so the two
 * always agree. Stateless.
 */
public final class RunFigures {
  private RunFigures() {}

  /** Whether the run has latency figures; failed, crashed, hung and interrupted runs may have none. */
  public static boolean hasFigures(RunRecord r) {
    return r.result().latencyMs() != null;
  }

  /**
   * User plus system CPU of the measured phase per 1,000 completed operations, from the same
   * figures as the CPU columns (so the two always agree).
   */
  public static double cpuMsPer1kOps(RunRecord r) {
    var p = r.process();
    return (p.cpuUserS() + p.cpuSysS()) * 1e6 / r.result().ops();
  }

  /** Voluntary plus involuntary switches of the measured phase, per 1,000 completed operations. */
  public static double contextSwitchesPer1kOps(RunRecord r) {
    var p = r.process();
    return (p.ctxVoluntary() + p.ctxInvoluntary()) * 1000.0 / r.result().ops();
  }
}
