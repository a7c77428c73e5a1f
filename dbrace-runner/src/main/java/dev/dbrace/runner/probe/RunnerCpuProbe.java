package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;

/**
 * The runner JVM's own CPU over the measured phase ({@link RunRecord.Probes#runnerCpu()}): what dbrace itself (its
 * probes, the worker's progress, the console) took from the machine beside the worker and the server, read from
 * /proc/self. Not thread-safe: the runner's thread.
 */
public final class RunnerCpuProbe extends CpuProbe {

  @Override
  CpuReading read() {
    return CpuReading.self();
  }

  @Override
  RunRecord.Probes record(RunRecord.Probes probes, RunRecord.ProcessCpu cpu) {
    return probes.withRunnerCpu(cpu);
  }
}
