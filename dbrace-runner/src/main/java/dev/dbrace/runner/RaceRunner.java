package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WarmupRule;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.fault.FaultAnalysis;
import dev.dbrace.runner.fault.FaultInjector;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.fault.FaultProbe;
import dev.dbrace.runner.fault.FaultProxy;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.fork.WorkerRun;
import dev.dbrace.runner.fork.WorkerSite;
import dev.dbrace.runner.probe.AotProbe;
import dev.dbrace.runner.probe.ConnectionsProbe;
import dev.dbrace.runner.probe.JfrOptions;
import dev.dbrace.runner.probe.JfrProbe;
import dev.dbrace.runner.probe.JfrThreadStates;
import dev.dbrace.runner.probe.RunProbe;
import dev.dbrace.runner.probe.RunnerCpuProbe;
import dev.dbrace.runner.probe.ServerCountersProbe;
import dev.dbrace.runner.probe.ServerCpuProbe;
import dev.dbrace.runner.probe.TlsProbe;
import dev.dbrace.runner.probe.TlsRunProbe;
import dev.dbrace.runner.service.ServiceVersionsProbe;
import dev.dbrace.runner.spike.SpikeProbe;
import dev.dbrace.service.host.ServiceProcess;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Runs the runs of a race one after another, each in its own worker JVM, with the database's
 * counters read around each one. What runs, and at which load, is the {@link RacePlan}'s call;
 * after every run the results so far are written, so a crash, a hang or Ctrl-C never loses what
 * was measured.
 */
public final class RaceRunner {
  /** Share of the measured phase's CPU above which the JIT's work is worth a warning. */
  static final double JIT_NOTE_SHARE = 0.05;

  private final RaceSettings settings;
  private final DbTarget target;
  private final RunSubject subject;
  private final ResultStore store;
  private final RunListener listener;
  private Connection admin; // replaced when a restart fault cut it
  private FaultPlan faults;
  private EmbeddedPostgres embedded;
  /** Where each run's worker runs: here, or on the agents of a cluster. */
  private WorkerSite site = WorkerSite.LOCAL;
  /** How many rounds the plan runs, for the progress labels ("round 2/3"). */
  private int rounds = 1;
  /** Flight Recorder's settings file in the results folder, once copied there. */
  private Path jfrSettings;
  /** The Node services already told that --jfr does not apply to them: said once per variant. */
  private final Set<String> notJvm = new HashSet<>();

  /** The finished runs, in order; guarded by itself (the shutdown hook reads them). */
  private final List<RunRecord> runs = new ArrayList<>();
  private double wallSecondsSoFar;
  /** The run going on, for the shutdown hook to stop; null between runs. */
  private volatile WorkerRun executing;
  private volatile boolean interrupted;
  private final CountDownLatch cutShort = new CountDownLatch(1);

  public RaceRunner(RaceSettings settings, DbTarget target, Connection admin, StackCatalog catalog,
      ResultStore store, RunListener listener) {
    this(settings, target, admin, RunSubject.stacks(catalog, settings), store, listener);
  }

  public RaceRunner(RaceSettings settings, DbTarget target, Connection admin, RunSubject subject,
      ResultStore store, RunListener listener) {
    this.settings = settings;
    this.target = target;
    this.admin = admin;
    this.subject = subject;
    this.store = store;
    this.listener = listener;
  }

  /** Every run gets {@code plan}'s faults; {@code embedded} is the server to restart (null on --url). */
  public RaceRunner faults(FaultPlan plan, EmbeddedPostgres embedded) {
    this.faults = plan;
    this.embedded = embedded;
    return this;
  }

  /** Every run's worker runs at {@code where} (the agents of a cluster) rather than on this machine. */
  public RaceRunner workers(WorkerSite where) {
    this.site = where;
    return this;
  }

  /** The runner's connection, opened again if a fault (a restart, a kill) cut it. */
  private Connection admin() throws IOException {
    try {
      if (!admin.isValid(5)) {
        try {
          admin.close();
        } catch (SQLException e) {
          // it is gone anyway
        }
        admin = target.connect();
      }
      return admin;
    } catch (SQLException e) {
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

  /**
   * A plain race of {@code rounds} rounds, interleaved and turned a place each round ({@link RacePlan#roundOrder}:
   * A B C, B C A, C A B ...), each run a fresh worker.
   */
  public List<RunRecord> run(int rounds) throws IOException, InterruptedException {
    rounds(rounds);
    int size = settings.subjects().stacks().size();
    int total = rounds * size;
    for (int round = 1; round <= rounds; round++) {
      List<String> order = RacePlan.roundOrder(settings.subjects().stacks(), round);
      for (int i = 0; i < size; i++) {
        run(RunSlot.of(settings, order.get(i), settings.loadPlan().load(), RunSlot.Purpose.RACE, 0, round),
            total - (round - 1) * size - i - 1);
      }
    }
    return snapshot();
  }

  /** How many rounds the plan runs, for the progress labels ("round 2/3"). */
  void rounds(int n) {
    rounds = n;
  }

  /**
   * Runs {@code slot}; the run is recorded and saved before this returns.
   *
   * @param runsLeft the plan's estimate of runs after this one, for the overall ETA
   */
  public RunRecord run(RunSlot slot, int runsLeft) throws IOException, InterruptedException {
    int index;
    synchronized (runs) {
      index = runs.size() + 1;
    }
    listener.runStarted(new RunListener.Ticket(index, index + runsLeft, slot.stack(), slot.load(), slot.purpose().label(),
        slot.step(), eta(runsLeft), slot.round(), rounds));
    store.current(withoutFigures(slot, RunStatus.INTERRUPTED, "interrupted before the run finished", List.of()));
    if (interrupted) {
      throw new InterruptedException("interrupted before " + slot.stack() + "'s run");
    }
    RunRecord record;
    try {
      record = runOne(slot);
    } catch (SubjectFailed e) {
      record = withoutFigures(slot, RunStatus.FAILED, Secrets.redact(e.getMessage()), e.tail);
    } catch (Throwable t) {
      executing = null;
      if (interrupted) {
        cutShort.countDown(); // nothing more will come of this run: the hook waits no longer
      }
      throw t;
    }
    // The hook is released only once the run's record is where it looks (the store's current run, or
    // the finished runs): released earlier, it would save the placeholder without figures while this
    // thread is about to store the cut run's (SigintKeepsResultsIT).
    executing = null;
    // a service's pool is its own and it has no thread setting: only the driver level's runs name them
    boolean driver = Verdict.threads(settings) >= 0;
    record = record.withSetup(driver ? slot.pool() : null, driver ? slot.threads() : null);
    if (record.status() == RunStatus.INTERRUPTED) {
      store.current(record); // the hook saves it as the run cut short, figures and all
      cutShort.countDown();
      throw new InterruptedException(slot.stack() + "'s run was interrupted");
    }
    synchronized (runs) {
      runs.add(record);
      wallSecondsSoFar += record.wallS();
    }
    if (interrupted) {
      cutShort.countDown(); // finished despite the interrupt: it is among the finished runs the hook keeps
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

  /**
   * A warning when the JIT compiler threads took more than {@link #JIT_NOTE_SHARE} of the measured
   * process's CPU in the measured phase: its figures then include compilation. Both figures are CPU
   * read from /proc (the compiler threads' and the whole process's), the first part of the second.
   * At the service level the process is the service's.
   */
  static String jitNote(RunRecord r) {
    RunRecord.ProcessFigures p = r.process();
    if (!r.ok() || p == null || p.jitCpuS() <= 0) {
      return null;
    }
    double cpu = p.cpuUserS() + p.cpuSysS();
    if (cpu <= 0 || p.jitCpuS() < JIT_NOTE_SHARE * cpu) {
      return null;
    }
    var w = r.result().warmup();
    String ended = w == null ? null : w.ended();
    // the warm-up rule's span: an open loop's pre-warm, which the rule ends, and its second at the rate after it
    double warmedS = w == null ? 0 : w.durationS() + (w.prewarm() == null ? 0 : w.prewarm().durationS());
    String advice = switch (ended == null ? "" : ended) {
      case WarmupRule.CAP -> String.format(Locale.ROOT,
          " (still not steady after %.0f s of warm-up): a longer --warmup-max takes it out", warmedS);
      case WarmupRule.SETTLED -> String.format(Locale.ROOT,
          " (it had gone quiet when warm-up settled after %.0f s, then compiled again): the rounds' range shows what it"
              + " cost", warmedS);
      default -> ": --warmup auto (or a longer --warmup) takes it out";
    };
    return String.format(Locale.ROOT,
        "%s: the JIT compiler threads used %.1f s of CPU in the measured %.0f s, %.0f %% of the %.1f s the %s used; "
            + "its figures include compilation%s",
        r.stack(), p.jitCpuS(), r.result().durationS(), 100 * p.jitCpuS() / cpu, cpu,
        r.generator() != null ? "service" : "worker", advice);
  }

  /** Seconds the remaining runs will take if they take as long as those so far; 0 before the first. */
  private double eta(int runsLeft) {
    synchronized (runs) {
      return runs.isEmpty() ? 0 : wallSecondsSoFar / runs.size() * (runsLeft + 1);
    }
  }

  /** {@code slot}'s record when it has no figures: not run, failed to start, or cut short. */
  private RunRecord withoutFigures(RunSlot slot, RunStatus status, String message, List<String> stderrTail) {
    return RunRecord.withoutFigures(slot.stack(), settings.loadPlan().workload().name(), slot.load(), slot.purpose().label(),
        slot.step(), slot.round(), status, message, stderrTail, null, 0);
  }

  /**
   * Ctrl-C, from the shutdown hook: the run going on is asked to stop and report, and given up to
   * {@code waitMs} to hand its figures to the store (which then saves it as the interrupted run);
   * no further run starts.
   */
  void interrupt(long waitMs) {
    interrupted = true;
    WorkerRun e = executing;
    if (e == null) {
      return;
    }
    e.interrupt();
    try {
      cutShort.await(waitMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
    }
  }

  /** The runs finished so far; safe to call from a shutdown hook. */
  public List<RunRecord> snapshot() {
    synchronized (runs) {
      return List.copyOf(runs);
    }
  }

  /** The subject could not be started (a service that never became healthy): the run fails, the race goes on. */
  public static final class SubjectFailed extends IOException {
    public final List<String> tail;

    public SubjectFailed(String message, List<String> tail) {
      super(message);
      this.tail = List.copyOf(tail);
    }
  }

  /**
   * The run's folder: {@code runs/<stack>/} for a race's first round, {@code runs/<stack>/round-<n>/}
   * for its later ones; a curve's or capacity search's step in {@code <step>-<purpose>/} below that.
   */
  static Path runDir(Path results, RunSlot slot) {
    Path dir = results.resolve("runs").resolve(slot.stack());
    if (slot.round() > 1) {
      dir = dir.resolve("round-" + slot.round());
    }
    return slot.purpose() == RunSlot.Purpose.RACE ? dir
        : dir.resolve(String.format("%02d-%s", slot.step(), slot.purpose().label()));
  }

  private RunRecord runOne(RunSlot slot) throws IOException, InterruptedException {
    String name = slot.stack();
    LoadModel load = slot.load();
    Path runDir = Files.createDirectories(runDir(store.dir(), slot));
    String app = applicationName(name);
    boolean ledger = Workloads.LEDGER.equals(settings.loadPlan().workload().name());
    if (ledger) {
      FaultAnalysis.prepareLedger(admin());
    }
    Path hlog = runDir.resolve("latency.hlog");
    Path successes = faults == null ? null : runDir.resolve("successes.txt");
    RunExecutor.Outcome out;
    List<RunProbe> probes;
    // --jfr at the service level: the service's own JVM records (the run's figures are its process's)
    List<String> subjectArgs = settings.setup().jfr() && subject.ownProcess() ? JfrProbe.serviceJvmArgs(runDir, jfrSettings())
        : List.of();
    try (RunSubject.Started s = subject.start(name, load, runDir, app, subjectArgs)) {
      probes = probes(name, load, s, runDir, app, successes, ledger, () -> withoutFigures(slot, RunStatus.INTERRUPTED,
          "interrupted during a fault run; the faults so far and their recovery are in faults", List.of()));
      WorkerRun executor = site.newRun(settings, listener, slot.agents());
      try {
        List<String> extra = new ArrayList<>();
        InetSocketAddress route = InetSocketAddress.createUnresolved(target.host(), target.port());
        StackCatalog.Entry worker = s.worker();
        for (RunProbe p : probes) {
          p.before(); // after a service is up: its start-up's queries are not the run's
          route = p.route(route);
          worker = worker.withClasspath(p.classpath(worker.classpath()));
          extra.addAll(p.workerJvmArgs());
        }
        RunSpec spec = settings.runSpec(store.id() + "/" + store.dir().relativize(runDir), slot, s, app, target, route, hlog,
            successes);
        probes.forEach(p -> executor.onMeasure(p::measuring).onWindowClosed(p::windowClosed).onMeasured(p::measured));
        executing = executor;
        if (interrupted) {
          executor.interrupt();
        }
        out = serviceGone(executor.run(worker, spec, target.password(), runDir, List.copyOf(extra), s.servicePid()), s);
      } finally {
        for (RunProbe p : probes.reversed()) {
          p.close();
        }
      }
      s.close(); // stopped before its log is read (closing again below does nothing)
      out = passwordLeaked(out, s);
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("stopping " + name + ": " + e.getMessage(), e);
    }
    RunRecord record = RunRecords.of(slot, settings.loadPlan().workload().name(), out, store.dir().relativize(hlog));
    boolean cutShort = out.status() == RunStatus.INTERRUPTED; // the database may be stopping too
    for (RunProbe p : probes) {
      if (!cutShort || p.afterInterrupt()) {
        record = p.after(record, out);
      }
    }
    return record;
  }

  /**
   * A service whose process died during its run answered the rest with refused connections: the
   * run is {@code crashed}, not ok, and keeps what was measured until then.
   */
  private static RunExecutor.Outcome serviceGone(RunExecutor.Outcome out, RunSubject.Started s) {
    if (s.servicePid() <= 0 || out.result() == null || out.status() == RunStatus.INTERRUPTED
        || ProcessHandle.of(s.servicePid()).map(ProcessHandle::isAlive).orElse(false)) {
      return out;
    }
    String code = s.stop() instanceof ServiceProcess p && !p.process().isAlive() ? " with code " + p.process().exitValue() : "";
    String message = "the service's process exited" + code + " during the run; the figures are those measured, its answers"
        + " after that were refused connections" + (out.message() == null ? "" : "; " + out.message());
    return out.as(RunStatus.CRASHED, message);
  }

  /**
   * A service that wrote the database password into its output fails its run, naming what it did; its log is kept with
   * the password redacted. The figures stay in race.json but the run is not ok: a service that leaks the password is not
   * one to recommend.
   */
  private static RunExecutor.Outcome passwordLeaked(RunExecutor.Outcome out, RunSubject.Started s) {
    if (!(s.stop() instanceof ServiceProcess p) || !p.leakedPassword() || out.status() == RunStatus.INTERRUPTED) {
      return out;
    }
    return out.as(RunStatus.FAILED, "the service wrote the database password into its output (service.log, the password "
        + "redacted there now); a service must never print it" + (out.message() == null ? "" : "; " + out.message()));
  }

  /** The probes of one run, in the order they act: those that switched on for this race. */
  private List<RunProbe> probes(String name, LoadModel load, RunSubject.Started s, Path runDir, String app, Path successes,
      boolean ledger, Supplier<RunRecord> midFault) throws IOException {
    List<RunProbe> probes = new ArrayList<>();
    probes.add(new RunnerCpuProbe());
    // PostgreSQL's counters only: on the other engines the server's figures are reported as not available.
    if (target.engine() == Engine.POSTGRESQL) {
      probes.add(new ServerCountersProbe(this::admin, app, s.serverSql()));
      probes.add(new TlsRunProbe(target, app, listener::note));
      probes.add(new ConnectionsProbe(target, app, listener::note));
      probes.add(new ServerCpuProbe(this::admin));
    }
    if (faults != null) {
      FaultProbe.Setup setup = new FaultProbe.Setup(target, embedded, app, settings.setup().pool(),
          settings.loadPlan().workload(), settings.loadPlan().seed(), runDir, successes);
      // after each fault, race.json gets it: a runner killed mid-fault leaves what was measured
      probes.add(new FaultProbe(faults, setup, this::admin, ledger, f -> {
        store.current(midFault.get().withProbes(p -> p.withFaults(f)));
        store.saveProgress(snapshot());
      }));
    }
    if (load instanceof LoadModel.Open open && !open.spikes().isEmpty()) {
      probes.add(new SpikeProbe(open.spikes(), runDir.resolve("latency.hlog")));
    }
    if (!s.subjectVersions().isEmpty()) {
      probes.add(new ServiceVersionsProbe(s.subjectVersions()));
    }
    if (settings.setup().aot()) {
      // the profiles depend on what the worker runs: its stack (or the generator) and options, the workload, the JVM
      probes.add(AotProbe.of(Home.cacheDir(), Runtime.version().feature(), name, s.worker().classpath(),
          List.of(name, s.worker().name(), String.valueOf(settings.subjects().stackOptions().get(s.worker().name())),
              settings.loadPlan().workload().name(), String.valueOf(settings.loadPlan().workload().options()),
              System.getProperty("java.home"), Runtime.version().toString(), String.join(" ", settings.setup().workerJvmArgs()))));
    }
    if (settings.setup().jfr() && !subject.ownProcess()) {
      probes.add(new JfrProbe(store.dir(), runDir, jfrSettings()));
    } else if (settings.setup().jfr()) {
      probes.add(JfrProbe.service(store.dir(), runDir, jfrSettings(), s.jvm()));
      if (!s.jvm() && notJvm.add(name)) {
        listener.note(name + ": --jfr records JVMs; " + JfrProbe.NOT_A_JVM + " (the generator's worker.jfr is kept)");
      }
    }
    return probes;
  }

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
