package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import java.time.Instant;

/**
 * The runner JVM's own CPU over the measured phase ({@link RunRecord.Probes#runnerCpu()}): what dbrace itself (its
 * probes, the worker's progress, the console) took from the machine beside the worker and the server, read from
 * /proc/self at the moments the worker's own CPU is. Not thread-safe: the runner's thread.
 */
public final class RunnerCpuProbe implements RunProbe {
  private CpuReading start;
  private CpuReading end;

  @Override
  public void measuring(Instant at) {
    start = CpuReading.self();
  }

  @Override
  public void measured(Instant at) {
    end = CpuReading.self();
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
    RunRecord.ProcessCpu cpu = start.until(end, out.result().ops());
    return record.withProbes(p -> p.withRunnerCpu(cpu));
  }
}
