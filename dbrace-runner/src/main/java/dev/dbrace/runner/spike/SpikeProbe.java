package dev.dbrace.runner.spike;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.probe.RunProbe;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code --spike}: the worker's open loop plays the spikes itself (they are in its load model); after
 * the run this puts each spike's recovery and drops ({@link SpikeRecovery}) in the run's record. Reads
 * only the files the worker wrote, so a run cut short is analysed too.
 */
public final class SpikeProbe implements RunProbe {
  private final List<LoadModel.Spike> spikes;
  private final Path hlog;

  public SpikeProbe(List<LoadModel.Spike> spikes, Path hlog) {
    this.spikes = List.copyOf(spikes);
    this.hlog = hlog;
  }

  @Override
  public boolean afterInterrupt() {
    return true;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) {
    if (out.measureStart() == null) {
      return record;
    }
    RunRecord.Spikes s = SpikeRecovery.of(spikes, out.measureStart().toEpochMilli(), hlog);
    return record.withProbes(p -> p.withSpikes(s));
  }
}
