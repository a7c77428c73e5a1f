package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.fork.RunExecutor;
import java.sql.Connection;
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
  /** The connection {@link #before} opened, until the reading takes it. */
  private volatile Connection early;

  public TlsRunProbe(DbTarget target, String applicationName, Consumer<String> problem) {
    this.target = target;
    this.applicationName = applicationName;
    this.problem = problem;
  }

  /**
   * Connects and reads once before the worker starts, as {@link ConnectionsProbe} does: a connection opened when the
   * measured phase begins (a backend forked, SCRAM's 4,096 HMAC rounds on both sides, the runner's JIT compiling the
   * driver's first query) would cost the race's first measured second CPU on the cores it measures (docs/decisions.md).
   */
  @Override
  public void before() {
    Connection c = null;
    try {
      c = target.connect();
      ServerCounters.tls(c, applicationName);
      early = c;
    } catch (RuntimeException e) {
      ConnectionsProbe.close(c); // the reading connects when the phase begins, and says so if it fails
    }
  }

  @Override
  public void measuring(Instant start) {
    reading = TlsProbe.start(target, early, applicationName, problem);
    early = null;
  }

  /** A run never measured: the connection opened before it closes. */
  @Override
  public void close() {
    ConnectionsProbe.close(early);
    early = null;
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
