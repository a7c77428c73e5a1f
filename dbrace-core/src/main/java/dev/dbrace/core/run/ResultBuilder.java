package dev.dbrace.core.run;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadDriver;
import dev.dbrace.core.load.PhaseStats;
import dev.dbrace.core.spi.StackProvider;
import org.HdrHistogram.Histogram;

/**
 * Turns a finished loop's counters and histograms into the {@link WorkerResult}. Latency comes
 * from the interval log's measured total, so race.json and the .hlog agree.
 */
final class ResultBuilder {
  private ResultBuilder() {}

  static WorkerResult build(
      StackProvider provider, dev.dbrace.core.spi.Engine engine, LoadDriver loop, IntervalLog log, WorkerResult.Gc gc,
      WorkerResult.Warmup warm, long preWarmStatements) {
    PhaseStats m = loop.measured();
    PhaseStats w = loop.warmup();
    double seconds = loop.measuredSeconds();
    long issued = m.issued();
    long ops = m.ok();
    long errors = m.errors();
    Histogram service = loop.serviceLatency();
    var warmup = new WorkerResult.Warmup(w.ok(), w.errors(), warm.durationS(), Latency.of(log.warmupTotal()),
        warm.jitMs(), warm.jitSettled(), warm.ended());
    String jvm = System.getProperty("java.vm.name") + " " + Runtime.version()
        + " (" + Runtime.getRuntime().availableProcessors() + " cpus)";
    return new WorkerResult(
        provider.versions(engine),
        issued,
        ops,
        errors,
        Math.max(0, issued - ops - errors),
        m.notIssued(),
        m.errorKinds(),
        m.errorSamples(),
        m.statements(),
        m.statements() + w.statements() + preWarmStatements,
        Math.round(seconds * 1e6) / 1e6, // µs: short test runs last tens of ms, and ops / duration must give the throughput
        seconds > 0 ? round(ops / seconds) : 0,
        Latency.of(log.measuredTotal()),
        service == null ? null : Latency.of(service),
        warmup,
        gc,
        jvm,
        null,
        null);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
