package dev.dbrace.runner.fault;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.probe.RunProbe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * {@code --faults}: the worker connects through a {@link FaultProxy} where a fault needs one, the
 * {@link FaultInjector} plays the plan from the measured phase's start, and the run's record gets
 * each fault's window and recovery and, on the ledger workload, the ledger check.
 */
public final class FaultProbe implements RunProbe {
  /** What one fault run needs besides the plan. */
  public record Setup(DbTarget target, EmbeddedPostgres embedded, String applicationName, int pool, WorkloadSpec workload,
      long seed, Path runDir, Path successes) {}

  private final FaultPlan plan;
  private final Setup setup;
  private final RunProbe.Admin admin;
  private final Consumer<RunRecord.Faults> progress;
  private final boolean ledger;
  private FaultProxy proxy;
  private FaultInjector injector;

  /** {@code progress} hears the figures so far after each fault (a runner killed mid-fault leaves them). */
  public FaultProbe(FaultPlan plan, Setup setup, RunProbe.Admin admin, boolean ledger, Consumer<RunRecord.Faults> progress) {
    this.plan = plan;
    this.setup = setup;
    this.admin = admin;
    this.ledger = ledger;
    this.progress = progress;
  }

  @Override
  public void before() throws IOException {
    proxy = plan.needsProxy() ? new FaultProxy(setup.target().host(), setup.target().port()) : null;
    injector = new FaultInjector(plan, setup.target(), setup.embedded(), proxy, setup.applicationName(), setup.pool(),
        ledger);
    injector.onApplied((applied, zero) -> progress.accept(FaultAnalysis.of(plan, applied, zero, hlog(), null)));
  }

  @Override
  public InetSocketAddress route(InetSocketAddress server) {
    return proxy == null ? server : InetSocketAddress.createUnresolved("127.0.0.1", proxy.port());
  }

  @Override
  public void measuring(Instant start) {
    injector.start(start);
  }

  /** Ends a fault still going on before the proxy closes. */
  @Override
  public void close() throws InterruptedException {
    try {
      if (injector != null) {
        injector.close();
      }
    } finally {
      if (proxy != null) {
        proxy.close();
      }
    }
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws IOException {
    if (out.measureStart() == null) {
      return record;
    }
    RunRecord.Ledger check = null;
    String problem = null;
    if (ledger) {
      try {
        check = FaultAnalysis.ledger(admin.get(), setup.successes(), setup.workload(), setup.seed());
      } catch (SQLException | IOException | RuntimeException e) {
        problem = "ledger not checked: " + Secrets.redact(String.valueOf(e.getMessage()));
      }
    } else {
      problem = "ledger not checked: workload " + setup.workload().name() + " writes no ledger (use --workload ledger)";
    }
    RunRecord.Faults f = FaultAnalysis.of(plan, injector.applied(), out.measureStart(), hlog(), check);
    String note = f.note() == null ? problem : problem == null ? f.note() : f.note() + "; " + problem;
    RunRecord.Faults faults = new RunRecord.Faults(f.spec(), f.preFaultP99Ms(), f.windows(), f.p99Timeline(),
        f.ledger(), note);
    return record.withProbes(p -> p.withFaults(faults));
  }

  private Path hlog() {
    return setup.runDir().resolve("latency.hlog");
  }
}
