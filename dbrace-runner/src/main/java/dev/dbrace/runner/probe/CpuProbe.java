package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import java.time.Instant;

/**
 * A process's CPU over the measured phase ({@link RunRecord.ProcessCpu}), read at the moments the worker's own CPU
 * is ({@link #measuring}, {@link #windowClosed}, {@link #measured}): its % over the measured window, its seconds and
 * CPU per operation until the result came (the drain's completions are operations too); a run cut short keeps it.
 * Not thread-safe: the runner's thread.
 */
abstract class CpuProbe implements RunProbe {
  private CpuReading start;
  private CpuReading windowEnd;
  private CpuReading end;

  /** A reading now; null where there is none. */
  abstract CpuReading read();

  /** The run's probes with this probe's figure in them. */
  abstract RunRecord.Probes record(RunRecord.Probes probes, RunRecord.ProcessCpu cpu);

  @Override
  public void measuring(Instant at) {
    start = read();
  }

  @Override
  public void windowClosed(Instant at) {
    windowEnd = read();
  }

  @Override
  public void measured(Instant at) {
    end = read();
  }

  /** Both readings were taken during the run: a run cut short keeps them. */
  @Override
  public boolean afterInterrupt() {
    return true;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) {
    if (start == null || end == null || out.result() == null || end.atNanos() <= start.atNanos()) {
      return record;
    }
    boolean closed = windowEnd != null && windowEnd.atNanos() > start.atNanos();
    RunRecord.ProcessCpu cpu = start.until(closed ? windowEnd : end, end, out.result().ops());
    return record.withProbes(p -> record(p, cpu));
  }
}
