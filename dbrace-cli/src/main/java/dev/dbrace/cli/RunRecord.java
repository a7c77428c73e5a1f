package dev.dbrace.cli;

import dev.dbrace.core.run.Latency;
import dev.dbrace.core.run.WorkerResult;
import java.util.List;
import java.util.Map;

/**
 * One run as written to race.json: the worker's own figures plus what the runner measured from
 * outside. {@code status} is ok, failed (the stack could not start), crashed (the worker died),
 * hung (killed after a deadline) or interrupted (Ctrl-C); only ok runs have figures.
 */
public record RunRecord(
    String stack,
    String workload,
    String load,
    String status,
    String message,
    List<String> stderrTail,
    long issued,
    long ops,
    long errors,
    long unfinished,
    Map<String, Long> errorsByKind,
    Map<String, String> errorSamples,
    long statements,
    double durationS,
    double throughputOpsS,
    Latency latencyMs,
    WorkerResult.Warmup warmup,
    ProcessFigures process,
    ServerFigures server,
    WorkerResult.Gc gc,
    Map<String, String> versions,
    String hlog,
    String jvm,
    double wallS) {

  public boolean ok() {
    return "ok".equals(status);
  }

  /**
   * The worker process, measured from /proc over the measured phase (CPU and context switches)
   * and over its life (peak RSS, peak threads).
   */
  public record ProcessFigures(
      double cpuUserS,
      double cpuSysS,
      double cpuMsPer1kOps,
      double peakRssMb,
      long ctxVoluntary,
      long ctxInvoluntary,
      int peakThreads) {}

  /**
   * The database's own counters over the worker's whole life (warm-up included), beside the
   * client's count of statements it saw verified in the same span.
   *
   * @param statementCalls pg_stat_statements calls of the workload's statements; null when the
   *     server does not have pg_stat_statements
   */
  public record ServerFigures(long xactCommit, long xactRollback, Long statementCalls, long clientStatements) {}
}
