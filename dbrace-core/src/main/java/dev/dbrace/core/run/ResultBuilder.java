package dev.dbrace.core.run;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadDriver;
import dev.dbrace.core.load.PhaseStats;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackProvider;
import org.HdrHistogram.Histogram;

/**
 * Turns a finished loop's counters and histograms into the {@link WorkerResult}. Latency comes
 * from the interval log's measured total, so race.json and the .hlog agree; throughput from the
 * loop's rate window ({@code RateWindow}).
 */
final class ResultBuilder {
  private ResultBuilder() {}

  /**
   * @param warm how long the warm-up at the run's own load lasted and why it ended; null without warm-up
   * @param preWarm an open loop's flat-out pre-warm before it, reported apart; null for a closed loop or without warm-up
   * @param preWarmStatements the statements the pre-warm's verified operations sent
   * @param shared whether this is an agent's part of a shared run: the result then carries its histograms
   */
  static WorkerResult build(
      StackProvider provider, Engine engine, LoadDriver loop, IntervalLog log, WorkerResult.Gc gc,
      WarmupRule.Outcome warm, WorkerResult.PreWarm preWarm, long preWarmStatements, boolean shared) {
    PhaseStats m = loop.measured();
    PhaseStats w = loop.warmup();
    double seconds = loop.measuredSeconds();
    Histogram service = loop.serviceLatency();
    Histogram lateness = loop.issueLateness();
    Histogram failed = m.errorLatency();
    Histogram firstItem = log.measuredFirstItemTotal();
    var warmup = new WorkerResult.Warmup(w.ok(), w.errors(), warm == null ? 0 : warm.warmupMs() / 1000.0,
        Latency.of(log.warmupTotal()), warm == null ? null : warm.ended(), preWarm, w.inFlightAtSwitch().count(),
        Math.round(w.inFlightAtSwitch().oldestAgeNanos() / 1e3) / 1e3, w.inFlightAtWindowEnd().count());
    String jvm = System.getProperty("java.vm.name") + " " + Runtime.version()
        + " (" + Runtime.getRuntime().availableProcessors() + " cpus)";
    return new WorkerResult(
        provider.versions(engine),
        m.issued(),
        m.ok(),
        m.errors(),
        m.unfinished(),
        m.notIssued(),
        m.errorKinds(),
        m.errorSamples(),
        m.statements(),
        m.statements() + w.statements() + preWarmStatements,
        Math.round(seconds * 1e6) / 1e6, // µs: short test runs last tens of ms
        round(loop.throughputOpsS()),
        latency(log.measuredTotal(), m.unfinishedAges(), m.notIssued()),
        // an arrival refused at the in-flight limit got no first item either: ranked the same way, or under
        // overload the first items' percentiles would describe a different, luckier population than latency's
        firstItem == null ? null : latency(firstItem, null, m.notIssued()),
        service == null ? null : Latency.of(service),
        warmup,
        gc,
        jvm,
        failed.getTotalCount() == 0 ? null : Latency.of(failed),
        lateness == null ? null : Latency.of(lateness),
        loop.effectiveConcurrency(),
        shared ? new WorkerResult.Histograms(WorkerResult.Histograms.encode(log.measuredTotal()),
            WorkerResult.Histograms.encode(m.unfinishedAges()), failed.getTotalCount() == 0 ? null
                : WorkerResult.Histograms.encode(failed), WorkerResult.Histograms.encode(service),
            WorkerResult.Histograms.encode(lateness), WorkerResult.Histograms.encode(firstItem),
            WorkerResult.Histograms.encode(log.warmupTotal())) : null);
  }

  /**
   * The measured latency with every arrival refused at the in-flight limit ranked as the worst
   * operation, at the slowest latency measured (unfinished operations are in already, with their
   * age at the cut-off). Left out, they would make an SLA on p99.9 with a 0.1 % error budget check about
   * p99.81: with 100,000 arrivals and 95 refused, p99.9 would be the 100th-worst issued latency, where
   * counting the refused as worst it is the 6th-worst.
   */
  static Histogram refusedAsWorst(Histogram measured, long refused) {
    return Latency.refusedAsWorst(measured, refused, measured.getMaxValue()); // 0 when empty: nothing to rank by
  }

  /**
   * A latency figure, latency's and first item's alike: its percentiles and max over every operation that was due,
   * {@code measured} (the verified operations and the {@code unfinished} ones' ages, null when none) with the
   * {@code refused} arrivals ranked as the worst; its mean over the verified operations alone, for neither an age at
   * the cut-off nor a rank is a latency.
   */
  static Latency latency(Histogram measured, Histogram unfinished, long refused) {
    Histogram verified = measured;
    if (unfinished != null) {
      verified = measured.copy();
      verified.subtract(unfinished);
    }
    return Latency.of(refusedAsWorst(measured, refused), verified);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
