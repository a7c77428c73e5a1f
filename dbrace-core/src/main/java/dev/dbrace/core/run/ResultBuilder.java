package dev.dbrace.core.run;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.PhaseStats;
import dev.dbrace.core.spi.StackProvider;

/** Turns a finished loop's counters and histograms into the {@link WorkerResult}. */
final class ResultBuilder {
  private ResultBuilder() {}

  static WorkerResult build(
      StackProvider provider, ClosedLoop loop, IntervalLog log, WorkerResult.Gc gc, long warmupMs) {
    PhaseStats m = loop.measured();
    PhaseStats w = loop.warmup();
    double seconds = loop.measuredSeconds();
    long issued = m.issued();
    long ops = m.ok();
    long errors = m.errors();
    var warmup = new WorkerResult.Warmup(w.ok(), w.errors(), warmupMs / 1000.0, Latency.of(log.warmupTotal()));
    String jvm = System.getProperty("java.vm.name") + " " + Runtime.version()
        + " (" + Runtime.getRuntime().availableProcessors() + " cpus)";
    return new WorkerResult(
        provider.versions(),
        issued,
        ops,
        errors,
        Math.max(0, issued - ops - errors),
        0,
        m.errorKinds(),
        m.errorSamples(),
        m.statements(),
        m.statements() + w.statements(),
        round(seconds),
        seconds > 0 ? round(ops / seconds) : 0,
        Latency.of(log.measuredTotal()),
        null,
        warmup,
        gc,
        jvm);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
