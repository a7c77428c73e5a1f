package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.fork.RunExecutor;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * What the server saw of the run's connections' TLS (pg_stat_ssl, {@link TlsProbe}), read as the
 * measured phase begins: while the run's connections are open, before any fault cuts them.
 */
public final class TlsRunProbe implements RunProbe {
  private final DbTarget target;
  private final String applicationName;
  private final Consumer<String> problem;
  private TlsProbe reading;

  public TlsRunProbe(DbTarget target, String applicationName, Consumer<String> problem) {
    this.target = target;
    this.applicationName = applicationName;
    this.problem = problem;
  }

  @Override
  public void measuring(Instant start) {
    reading = TlsProbe.start(target, applicationName, problem);
  }

  /** The reading was taken during the run: a run cut short keeps it. */
  @Override
  public boolean afterInterrupt() {
    return true;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws InterruptedException {
    var tls = reading == null ? null : reading.await();
    return record.withProbes(p -> p.withTls(tls));
  }
}
