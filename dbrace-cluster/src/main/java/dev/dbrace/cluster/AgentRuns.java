package dev.dbrace.cluster;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.PartEvent;
import dev.dbrace.cluster.wire.RunControl;
import dev.dbrace.cluster.wire.RunOrder;
import dev.dbrace.cluster.wire.Wire;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.run.Progress;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import dev.dbrace.db.postgres.PgPass;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.RunRecords;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.shared.PartReport;
import dev.dbrace.runner.shared.SharedOutcome;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * An agent's runs: takes a {@link RunOrder} on its run address, drives its part in a worker JVM forked here exactly as a
 * local race forks one ({@link RunExecutor}), tells the controller what the worker does ({@link PartEvent}) and obeys
 * its go and stop ({@link RunControl}); then reports its figures and files and is idle again. One part at a time: an
 * order while busy is refused. The controller leaving the cluster stops the part at once (the worker is asked to stop,
 * then killed within the drain timeout): no worker outlives its controller's run. Thread-safe.
 */
public final class AgentRuns implements Handler<Message<Buffer>>, AutoCloseable {
  /** How often a part's progress goes to the controller within one phase. */
  static final long PROGRESS_EVERY_NS = TimeUnit.SECONDS.toNanos(2);
  private final ClusterNode node;
  private final Consumer<String> log;
  /** The stacks a driver-level part runs; {@code generators} the load generators a service-level part runs. */
  private final StackCatalog stacks;
  private final StackCatalog generators;
  private final MessageConsumer<Buffer> control;
  private final Runnable stopListening;
  /** The part going on; null when idle. Guarded by this. */
  private Part current;

  /** One part's state: its order, its executor (for go and stop), and whether its controller is gone. */
  private record Part(RunOrder order, RunExecutor executor, AtomicBoolean orphaned) {}

  /**
   * Takes runs on {@code node}, forking workers of the stacks in {@code stacks} (or, at the service level, of the load
   * generators in {@code generators}); {@code log} hears one line per part.
   */
  public AgentRuns(ClusterNode node, StackCatalog stacks, StackCatalog generators, Consumer<String> log) {
    this.node = node;
    this.stacks = stacks;
    this.generators = generators;
    this.log = log;
    this.control = node.eventBus().consumer(Addresses.agentControl(node.nodeId()), this::control);
    this.stopListening = node.listen(new ClusterListener() {
      @Override
      public void memberLeft(ClusterMember member, int members) {
        controllerLeft(member.nodeId());
      }
    });
  }

  /** The agent's runs with the stacks built in this dbrace's home. */
  public static AgentRuns here(ClusterNode node, Consumer<String> log) {
    return new AgentRuns(node, StackCatalog.discover(Home.dir()), StackCatalog.generators(Home.dir()), log);
  }

  @Override
  public void handle(Message<Buffer> message) {
    RunOrder order;
    try {
      order = Wire.decode(message.body(), RunOrder.class);
    } catch (IllegalArgumentException e) {
      message.fail(400, "not a run order: " + e.getMessage());
      return;
    }
    RaceSettings settings;
    try {
      settings = settingsOf(order);
    } catch (RuntimeException e) {
      message.fail(400, "refused run " + order.runId() + ": " + e.getMessage());
      return;
    }
    Part part = new Part(order, new RunExecutor(settings, new Progressing(order)), new AtomicBoolean());
    synchronized (this) {
      if (current != null) {
        message.fail(409, "busy with run " + current.order().runId());
        return;
      }
      current = part;
    }
    message.reply(Buffer.buffer());
    Thread t = new Thread(() -> drive(part), "dbrace-agent-part");
    t.setDaemon(true);
    t.start();
  }

  /** Drives one part to its end and reports it; never throws (a failure is the part's report). */
  private void drive(Part part) {
    RunOrder order = part.order();
    RunSpec spec = order.spec();
    String host = hostLabel();
    log.accept("run " + order.runId() + ": part " + (spec.plan().share().index() + 1) + " of " + spec.plan().share().of()
        + " of " + order.stack() + ", " + spec.plan().load().describe());
    Path runDir = null;
    PartReport report;
    long[] measureStart = {0};
    try {
      runDir = Files.createTempDirectory("dbrace-agent-part-");
      RunSpec local = new RunSpec(spec.runId(), spec.stack(), spec.endpoint(), spec.setup(), spec.plan(),
          new RunSpec.LogFiles(runDir.resolve(SharedOutcome.LATENCY_LOG).toString(), null));
      // a load generator speaks HTTP to the service, which holds the database's password on the controller's host
      String password = order.level() == RaceSettings.Level.SERVICE ? null : password(spec.endpoint());
      Secrets.register(password); // a driver's message echoing it is redacted here, before it leaves the agent
      RunExecutor executor = part.executor();
      executor.onSettled(ended -> send(order, new PartEvent.Settled(order.runId(), node.nodeId(), ended)))
          .onMeasure(at -> {
            measureStart[0] = SharedOutcome.micros(at);
            send(order, new PartEvent.Measuring(order.runId(), node.nodeId(), measureStart[0]));
          })
          .onWindowClosed(at -> send(order, new PartEvent.WindowClosed(order.runId(), node.nodeId())));
      StackCatalog catalog = order.level() == RaceSettings.Level.SERVICE ? generators : stacks;
      RunExecutor.Outcome out = executor.run(catalog.get(order.stack()), local, password, runDir, List.of(), 0);
      report = new PartReport(node.nodeId(), host, spec.plan().share(), out.status(), out.message(), redacted(out.result()),
          RunRecords.process(out), out.stderrTail(), out.wallS(), measureStart[0] == 0 ? null : measureStart[0],
          files(runDir));
    } catch (Exception | LinkageError e) {
      report = new PartReport(node.nodeId(), host, spec.plan().share(), RunStatus.FAILED,
          Secrets.redact(e.getMessage() == null ? e.toString() : e.getMessage()), null, null, List.of(), 0, null, Map.of());
    } finally {
      delete(runDir);
    }
    synchronized (this) {
      current = null;
    }
    if (part.orphaned().get()) {
      log.accept("run " + order.runId() + ": stopped, its controller left the cluster");
      return;
    }
    send(order, new PartEvent.Reported(order.runId(), node.nodeId(), report));
    log.accept("run " + order.runId() + ": " + report.status() + (report.result() == null ? ""
        : ", " + report.result().ops() + " operations verified") + "; idle");
  }

  /** The worker's figures with its error texts redacted, as the controller would: they travel to it. */
  private static WorkerResult redacted(WorkerResult r) {
    if (r == null) {
      return null;
    }
    Map<String, Long> kinds = new LinkedHashMap<>();
    r.errorsByKind().forEach((k, v) -> kinds.merge(Secrets.redact(k), v, Long::sum));
    Map<String, String> samples = new LinkedHashMap<>();
    r.errorSamples().forEach((k, v) -> samples.put(Secrets.redact(k), Secrets.redact(v)));
    return r.relabelled(r.versions(), kinds, samples);
  }

  /**
   * The password of the database's user, from this host only: PGPASSWORD, else the pgpass file (PGPASSFILE, else
   * ~/.pgpass). It never comes over the cluster.
   */
  private static String password(RunSpec.Endpoint db) {
    String env = System.getenv("PGPASSWORD");
    if (env != null && !env.isEmpty()) {
      return env;
    }
    String file = System.getenv("PGPASSFILE");
    Path pgpass = file != null ? Path.of(file) : Path.of(System.getProperty("user.home"), ".pgpass");
    return PgPass.lookup(pgpass, db.host(), db.port(), db.database(), db.user()).orElseThrow(() ->
        new IllegalStateException("this agent has no password for " + db.user() + "@" + db.host() + ":" + db.port() + "/"
            + db.database() + ": set PGPASSWORD or a ~/.pgpass line on the agent's host (passwords never travel)"));
  }

  /** The race's settings as far as a part's worker needs them: its level, load, pool, JVM and guards. */
  private static RaceSettings settingsOf(RunOrder order) {
    RunSpec spec = order.spec();
    RunSpec.LoadPlan plan = spec.plan();
    return RaceSettings.builder().level(order.level()).stacks(List.of(order.stack()))
        .stackOptions(Map.of(order.stack(), spec.setup().stackOptions())).pool(spec.setup().pool())
        .threads(spec.setup().threads()).workerJvmArgs(order.workerJvmArgs())
        .java(Path.of(System.getProperty("java.home"), "bin", "java")).jfr(false).workload(plan.workload())
        .load(plan.load()).concurrency(plan.load() instanceof LoadModel.Closed c ? c.concurrency() : 1)
        .warmupMs(plan.warmupMs()).warmupMaxMs(plan.warmupMaxMs()).seed(plan.seed())
        .guards(new RaceSettings.Guards(order.stallTimeoutMs(), order.runTimeoutMs(), order.drainTimeoutMs(),
            order.requestTimeoutMs()))
        .build();
  }

  private void control(Message<Buffer> message) {
    RunControl c;
    try {
      c = Wire.decode(message.body(), RunControl.class);
    } catch (IllegalArgumentException e) {
      return;
    }
    Part part;
    synchronized (this) {
      part = current;
    }
    if (part == null || !part.order().runId().equals(c.runId())) {
      return;
    }
    switch (c.command()) {
      case RunControl.GO -> part.executor().go();
      case RunControl.STOP -> part.executor().interrupt();
      default -> { }
    }
  }

  private void controllerLeft(String nodeId) {
    Part part;
    synchronized (this) {
      part = current;
    }
    if (part != null && part.order().controllerId().equals(nodeId)) {
      part.orphaned().set(true);
      part.executor().interrupt(); // the worker stops issuing and reports; a worker that does not is killed
    }
  }

  private void send(RunOrder order, PartEvent event) {
    node.eventBus().send(Addresses.controllerRuns(order.controllerId()), Wire.encode(event));
  }

  private String hostLabel() {
    return AgentHello.label(Agent.hostName(node.settings().bind()), node.settings().bind().getHostAddress());
  }

  /** The worker's files, by name, Base64 (an interval log is some kilobytes a second). */
  private static Map<String, String> files(Path runDir) throws IOException {
    Map<String, String> files = new LinkedHashMap<>();
    try (Stream<Path> s = Files.list(runDir)) {
      for (Path f : s.filter(Files::isRegularFile).sorted().toList()) {
        files.put(f.getFileName().toString(), Base64.getEncoder().encodeToString(Files.readAllBytes(f)));
      }
    }
    return files;
  }

  private static void delete(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // a temporary folder left behind is no reason to lose the part's report
    }
  }

  @Override
  public void close() {
    stopListening.run();
    control.unregister();
  }

  /**
   * Forwards the worker's progress to the controller: a new phase at once, else at most every {@link #PROGRESS_EVERY_NS}
   * (the worker reports twice a second; the controller only shows it, and every message it decodes is CPU taken while
   * the agents measure).
   */
  private final class Progressing implements RunListener {
    private final RunOrder order;
    private String lastPhase;
    private long lastSent;

    Progressing(RunOrder order) {
      this.order = order;
    }

    @Override
    public void progress(String stack, String phase, long ops, long errors, double elapsedS) {
      long now = System.nanoTime();
      if (phase.equals(lastPhase) && now - lastSent < PROGRESS_EVERY_NS) {
        return;
      }
      lastPhase = phase;
      lastSent = now;
      send(order, new PartEvent.Progressed(order.runId(), node.nodeId(), new Progress(phase, ops, errors, 0, 0, elapsedS)));
    }
  }
}
