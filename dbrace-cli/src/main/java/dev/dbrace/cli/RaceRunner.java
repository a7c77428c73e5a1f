package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.ServerCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs the runs of a race one after another, each in its own worker JVM, with the database's
 * counters read around each one. What runs, and at which load, is the {@link RacePlan}'s call;
 * after every run the results so far are written, so a crash, a hang or Ctrl-C never loses what
 * was measured.
 */
final class RaceRunner {
  private final RaceSettings settings;
  private final DbTarget target;
  private Connection admin; // replaced when a restart fault cut it
  private final RunSubject subject;
  private final ResultStore store;
  private final RunListener listener;
  private final List<RunRecord> runs = new ArrayList<>();
  private double wallSecondsSoFar;
  private FaultPlan faults;
  private dev.dbrace.db.EmbeddedPostgres embedded;
  private volatile RunExecutor executing;
  private volatile boolean interrupted;
  private final java.util.concurrent.CountDownLatch cutShort = new java.util.concurrent.CountDownLatch(1);

  RaceRunner(RaceSettings settings, DbTarget target, Connection admin, StackCatalog catalog,
      ResultStore store, RunListener listener) {
    this(settings, target, admin, RunSubject.stacks(catalog, settings), store, listener);
  }

  RaceRunner(RaceSettings settings, DbTarget target, Connection admin, RunSubject subject,
      ResultStore store, RunListener listener) {
    this.settings = settings;
    this.target = target;
    this.admin = admin;
    this.subject = subject;
    this.store = store;
    this.listener = listener;
  }

  /** Every run gets {@code plan}'s faults; {@code embedded} is the server to restart (null on --url). */
  RaceRunner faults(FaultPlan plan, dev.dbrace.db.EmbeddedPostgres embedded) {
    this.faults = plan;
    this.embedded = embedded;
    return this;
  }

  /** The runner's connection, opened again if a fault (a restart, a kill) cut it. */
  private Connection admin() throws IOException {
    try {
      if (!admin.isValid(5)) {
        try {
          admin.close();
        } catch (java.sql.SQLException e) {
          // it is gone anyway
        }
        admin = target.connect();
      }
      return admin;
    } catch (java.sql.SQLException e) {
      throw new IOException("reconnecting to the database: " + Secrets.redact(e.getMessage()), e);
    }
  }

  RaceSettings settings() {
    return settings;
  }

  ResultStore store() {
    return store;
  }

  void note(String message) {
    listener.note(message);
  }

  /** A plain race: every stack once at the race's load. */
  List<RunRecord> run() throws IOException, InterruptedException {
    List<String> stacks = settings.stacks();
    for (int i = 0; i < stacks.size(); i++) {
      run(stacks.get(i), settings.load(), "race", 0, stacks.size() - i - 1);
    }
    return snapshot();
  }

  /**
   * One run of {@code stack} at {@code load}; recorded and saved before it returns.
   *
   * @param runsLeft the plan's estimate of runs after this one, for the overall ETA
   */
  RunRecord run(String stack, LoadModel load, String purpose, int step, int runsLeft)
      throws IOException, InterruptedException {
    int index;
    synchronized (runs) {
      index = runs.size() + 1;
    }
    listener.runStarted(new RunListener.Ticket(index, index + runsLeft, stack, load, purpose, step, eta(runsLeft)));
    store.current(RunRecord.withoutFigures(stack, settings.workload().name(), load, purpose, step, "interrupted",
        "interrupted before the run finished", List.of(), null, 0));
    if (interrupted) {
      throw new InterruptedException("interrupted before " + stack + "'s run");
    }
    RunRecord record;
    try {
      record = runOne(stack, load, purpose, step);
    } catch (SubjectFailed e) {
      record = RunRecord.withoutFigures(stack, settings.workload().name(), load, purpose, step, "failed",
          Secrets.redact(e.getMessage()), e.tail, null, 0);
    } finally {
      executing = null;
      if (interrupted) {
        cutShort.countDown(); // whatever came of the run, the hook waits no longer
      }
    }
    if ("interrupted".equals(record.status())) {
      store.current(record); // the hook saves it as the run cut short, figures and all
      cutShort.countDown();
      throw new InterruptedException(stack + "'s run was interrupted");
    }
    synchronized (runs) {
      runs.add(record);
      wallSecondsSoFar += record.wallS();
    }
    store.current(null);
    store.save(snapshot());
    listener.runFinished(record);
    String jit = jitNote(record);
    if (jit != null) {
      listener.note(jit);
    }
    return record;
  }

  /** Share of the measured phase's CPU above which the JIT's work is worth a warning. */
  static final double JIT_NOTE_SHARE = 0.05;

  /**
   * A warning when the JIT compiler took a noticeable share of the worker's CPU in the measured
   * phase: the figures then include compilation, and a longer warm-up would take it out.
   */
  static String jitNote(RunRecord r) {
    // at the service level the JIT figures are the generator's, so compare them with its CPU
    RunRecord.ProcessFigures worker = r.generator() != null ? r.generator() : r.process();
    if (!r.ok() || r.gc() == null || r.gc().jitMs() <= 0 || worker == null) {
      return null;
    }
    double cpuMs = (worker.cpuUserS() + worker.cpuSysS()) * 1000;
    if (cpuMs <= 0 || r.gc().jitMs() < JIT_NOTE_SHARE * cpuMs) {
      return null;
    }
    return String.format(Locale.ROOT,
        "%s: the JIT compiled for %.1f s during the measured %.0f s (%.0f %% of the worker's CPU%s); "
            + "its figures include compilation: a longer --warmup takes it out",
        r.stack(), r.gc().jitMs() / 1000.0, r.durationS(), 100 * r.gc().jitMs() / cpuMs,
        r.warmup() != null && Boolean.FALSE.equals(r.warmup().jitSettled())
            ? String.format(Locale.ROOT, ", still compiling after %.0f s of warm-up", r.warmup().durationS()) : "");
  }

  /** Seconds the remaining runs will take if they take as long as those so far; 0 before the first. */
  private double eta(int runsLeft) {
    synchronized (runs) {
      return runs.isEmpty() ? 0 : wallSecondsSoFar / runs.size() * (runsLeft + 1);
    }
  }

  /**
   * Ctrl-C, from the shutdown hook: the run going on is asked to stop and report, and given up to
   * {@code waitMs} to hand its figures to the store (which then saves it as the interrupted run);
   * no further run starts.
   */
  void interrupt(long waitMs) {
    interrupted = true;
    RunExecutor e = executing;
    if (e == null) {
      return;
    }
    e.interrupt();
    try {
      cutShort.await(waitMs, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    }
  }

  /** The runs finished so far; safe to call from a shutdown hook. */
  List<RunRecord> snapshot() {
    synchronized (runs) {
      return List.copyOf(runs);
    }
  }

  /** The subject could not be started (a service that never became healthy): the run fails, the race goes on. */
  static final class SubjectFailed extends IOException {
    final List<String> tail;

    SubjectFailed(String message, List<String> tail) {
      super(message);
      this.tail = List.copyOf(tail);
    }
  }

  private RunRecord runOne(String name, LoadModel load, String purpose, int step)
      throws IOException, InterruptedException {
    Path stackDir = store.dir().resolve("runs").resolve(name);
    Path runDir = Files.createDirectories("race".equals(purpose) ? stackDir : stackDir.resolve(String.format("%02d-%s", step, purpose)));
    String app = applicationName(name);
    boolean ledger = Workloads.LEDGER.equals(settings.workload().name());
    if (ledger) {
      FaultAnalysis.prepareLedger(admin());
    }
    // PostgreSQL's counters only: on Firebird the server's figures are reported as not available.
    boolean counters = target.engine() == Engine.POSTGRESQL;
    ServerCounters.Snapshot before = counters ? ServerCounters.read(admin()) : null;
    RunExecutor.Outcome out;
    List<String> sql;
    Long callsBefore;
    Map<String, String> subjectVersions;
    Path jfr = settings.jfr() ? runDir.resolve("worker.jfr") : null;
    Path successes = faults == null ? null : runDir.resolve("successes.txt");
    FaultInjector injector = null;
    TlsProbe[] tls = {null};
    try (RunSubject.Started s = subject.start(name, runDir, app);
        FaultProxy proxy = faults != null && faults.needsProxy() ? new FaultProxy(target.host(), target.port()) : null) {
      sql = s.serverSql();
      subjectVersions = s.subjectVersions();
      callsBefore = counters ? StatementCounts.calls(admin(), sql) : null;
      RunSpec spec = new RunSpec(store.id() + "/" + store.dir().relativize(runDir), s.worker().name(), settings.workload(),
          load, settings.warmupMs(), settings.seed(), proxy != null ? "127.0.0.1" : target.host(),
          proxy != null ? proxy.port() : target.port(), target.database(), target.user(),
          settings.pool(), settings.threads(), s.stackOptions(), app, runDir.resolve("latency.hlog").toString(), 500,
          settings.drainTimeoutMs(), successes == null ? null : successes.toString(), target.engine(),
          target.sslMode(), target.sslRootCert());
      List<String> extra = jfr == null ? List.of() : JfrOptions.workerArgs(jfr, jfrSettings());
      RunExecutor executor = new RunExecutor(settings, listener);
      if (counters) {
        // while the run's connections are open, before any fault cuts them: what the server saw of their TLS
        executor.onMeasure(t -> tls[0] = TlsProbe.start(target, app, listener::note));
      }
      if (faults != null) {
        FaultInjector i = new FaultInjector(faults, target, embedded, proxy, app, settings.pool(), ledger);
        injector = i;
        Path hlog = runDir.resolve("latency.hlog");
        RunRecord midFault = RunRecord.withoutFigures(name, settings.workload().name(), load, purpose, step,
            "interrupted", "interrupted during a fault run; the faults so far and their recovery are in faults", List.of(),
            null, 0);
        // after each fault, race.json gets it: a runner killed mid-fault leaves what was measured
        i.onApplied((applied, zero) -> {
          store.current(midFault.withFaults(FaultAnalysis.of(faults, applied, zero, hlog, null)));
          store.saveProgress(snapshot());
        });
        executor.onMeasure(i::start);
      }
      executing = executor;
      if (interrupted) {
        executor.interrupt();
      }
      try {
        out = executor.run(s.worker(), spec, target.password(), runDir, extra, s.servicePid());
      } finally {
        if (injector != null) {
          injector.close(); // ends a fault still going on before the proxy closes
        }
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("stopping " + name + ": " + e.getMessage(), e);
    }
    if ("interrupted".equals(out.status())) { // the database may be stopping too: no counters
      return RunRecords.of(name, settings.workload().name(), load, purpose, step, out, before, null, null,
          store.dir().relativize(runDir.resolve("latency.hlog"))).withTls(tls[0] == null ? null : tls[0].await());
    }
    // Backends flush their statistics when they exit: wait for the worker's (or the service's) to be gone.
    if (counters) {
      ServerCounters.awaitBackendsGone(admin(), app, Duration.ofSeconds(10));
    }
    ServerCounters.Snapshot after = counters ? ServerCounters.read(admin()) : null;
    Long callsAfter = counters ? StatementCounts.calls(admin(), sql) : null;
    Long calls = callsBefore == null || callsAfter == null ? null : callsAfter - callsBefore;
    RunRecord record = RunRecords.of(name, settings.workload().name(), load, purpose, step, out, before, after,
        calls, store.dir().relativize(runDir.resolve("latency.hlog"))).withTls(tls[0] == null ? null : tls[0].await());
    if (!subjectVersions.isEmpty() && record.versions() != null) {
      record = record.withVersions(RunRecords.serviceVersions(subjectVersions, record.versions()));
    }
    if (injector != null && out.measureStart() != null) {
      record = record.withFaults(faultFigures(injector, out, runDir, successes, ledger));
    }
    if (jfr == null) {
      return record;
    }
    // the worker writes its recording when it exits, which it has by now
    RunRecord.ThreadStates states = out.measureStart() == null
        ? JfrThreadStates.unavailable("the run never reached its measured phase")
        : JfrThreadStates.summarize(jfr, out.measureStart(), out.measureEnd());
    return record.withJfr(Files.exists(jfr) ? store.dir().relativize(jfr).toString() : null, states);
  }

  private RunRecord.Faults faultFigures(FaultInjector injector, RunExecutor.Outcome out, Path runDir, Path successes,
      boolean ledger) throws IOException {
    RunRecord.Ledger check = null;
    String problem = null;
    if (ledger) {
      try {
        check = FaultAnalysis.ledger(admin(), successes, settings.workload(), settings.seed());
      } catch (java.sql.SQLException | IOException | RuntimeException e) {
        problem = "ledger not checked: " + Secrets.redact(String.valueOf(e.getMessage()));
      }
    } else {
      problem = "ledger not checked: workload " + settings.workload().name() + " writes no ledger (use --workload ledger)";
    }
    RunRecord.Faults f = FaultAnalysis.of(faults, injector.applied(), out.measureStart(), runDir.resolve("latency.hlog"), check);
    String note = f.note() == null ? problem : problem == null ? f.note() : f.note() + "; " + problem;
    return new RunRecord.Faults(f.spec(), f.preFaultP99Ms(), f.windows(), f.p99Timeline(), f.ledger(), note);
  }

  private Path jfrSettings;

  /** Flight Recorder's settings file, copied once into the results folder (workers read it from there). */
  private Path jfrSettings() throws IOException {
    if (jfrSettings == null) {
      jfrSettings = JfrOptions.extractSettings(store.dir());
    }
    return jfrSettings;
  }

  /** Unique per run, and within PostgreSQL's 63-byte limit for application_name. */
  private String applicationName(String stack) {
    String name = "dbrace-" + ProcessHandle.current().pid() + "-" + (runs.size() + 1) + "-" + stack;
    return name.length() > 63 ? name.substring(0, 63) : name;
  }
}
