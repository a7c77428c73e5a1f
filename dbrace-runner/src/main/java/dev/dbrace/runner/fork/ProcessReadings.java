package dev.dbrace.runner.fork;

import dev.dbrace.runner.probe.ProcSampler;
import dev.dbrace.runner.probe.ProcStats;

/**
 * One process's readings at a run's moments: the stack open (warm-up's start), the measured phase's start, its
 * window's end, the result; its peaks are those its sampler saw while measuring. The run's thread only.
 */
public final class ProcessReadings {
  private final ProcSampler sampler;
  private ProcStats ready;
  private ProcStats before;
  private ProcStats windowEnd;
  private ProcStats after;

  /** Reads the process {@code sampler} samples (which the caller closes). */
  public ProcessReadings(ProcSampler sampler) {
    this.sampler = sampler;
  }

  public void stackOpen() {
    ready = sampler.sample();
  }

  public void measuring() {
    before = sampler.measuring(true);
  }

  public void windowClosed() {
    windowEnd = sampler.sample();
  }

  public void measured() {
    after = sampler.measuring(false);
  }

  ProcStats ready() {
    return ready;
  }

  ProcStats before() {
    return before;
  }

  ProcStats windowEnd() {
    return windowEnd;
  }

  ProcStats after() {
    return after;
  }

  int peakThreads() {
    return sampler.peakThreads();
  }

  long peakRssKb() {
    return sampler.peakRssKb();
  }

  RunExecutor.Generator asGenerator() {
    return new RunExecutor.Generator(ready, before, windowEnd, after, sampler.peakThreads(), sampler.peakRssKb());
  }
}
