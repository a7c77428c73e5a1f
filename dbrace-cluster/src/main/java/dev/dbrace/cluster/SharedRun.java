package dev.dbrace.cluster;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.PartEvent;
import dev.dbrace.cluster.wire.RunControl;
import dev.dbrace.cluster.wire.RunOrder;
import dev.dbrace.cluster.wire.Wire;
import dev.dbrace.core.load.Share;
import dev.dbrace.core.run.Progress;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.ProcessReadings;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.fork.WorkerRun;
import dev.dbrace.runner.probe.ProcSampler;
import dev.dbrace.runner.service.ServiceSubject;
import dev.dbrace.runner.shared.IntervalLogs;
import dev.dbrace.runner.shared.PartReport;
import dev.dbrace.runner.shared.SharedOutcome;
import io.vertx.core.eventbus.DeliveryOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One run shared by the first {@code count} agents present when it starts: each gets its part ({@link Share}: its users or rate, every
 * N-th operation) held after warm-up; when every part still in the cluster has settled, all get the go at once, so
 * their measured phases start together; when every part has reported, the run's figures are their merge ({@link
 * SharedOutcome}) and each agent's files are kept in {@code agents/<n>-<address>/}, with the union of their interval
 * logs as the run's own. The hooks fire when the last part began measuring, when the last window closed, and when the
 * last report came. An agent that leaves, or does not report within the run's limits, is a lost part: the run is
 * degraded and goes on. The events are handled on the runner's thread, in the order they came.
 */
final class SharedRun extends WorkerRun {
  /** Time for the last reports after the run's own limits (a worker's drain, its exit, the files' transfer). */
  private static final long REPORT_GRACE_MS = 60_000;

  private final ClusterWorkers cluster;
  private final RaceSettings settings;
  private final RunListener listener;
  /** How many agents share it. */
  private final int count;
  private final BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
  private volatile List<Part> parts = List.of();
  private volatile String runId;
  private volatile boolean interrupted;

  /** One agent's part and what it has done so far. */
  private static final class Part {
    final AgentHello agent;
    final Share share;
    boolean settled;
    boolean measuring;
    boolean windowClosed;
    Progress progress;
    PartReport report;

    Part(AgentHello agent, Share share) {
      this.agent = agent;
      this.share = share;
    }

    String host() {
      return agent.label();
    }
  }

  /** An agent's departure, put in the inbox beside its events. */
  private record Left(String agentId) {}

  SharedRun(ClusterWorkers cluster, RaceSettings settings, RunListener listener, int count) {
    this.cluster = cluster;
    this.settings = settings;
    this.listener = listener;
    this.count = count;
  }

  void heard(PartEvent event) {
    if (event.runId().equals(runId)) {
      inbox.add(event);
    }
  }

  void left(String agentId) {
    inbox.add(new Left(agentId));
  }

  @Override
  public RunExecutor.Outcome run(StackCatalog.Entry stack, RunSpec spec, String password, Path runDir,
      List<String> extraJvmArgs, long servicePid) throws IOException, InterruptedException {
    List<AgentHello> present = cluster.agents(count);
    List<Part> all = new ArrayList<>();
    for (Share s : Share.of(present.size())) {
      all.add(new Part(present.get(s.index()), s));
    }
    parts = List.copyOf(all);
    runId = spec.runId();
    cluster.current(this);
    long t0 = System.nanoTime();
    // at the service level the service runs here: its process is the run's figures, read as a local run reads it
    try (ProcSampler sampler = servicePid > 0 ? new ProcSampler(servicePid, runDir.resolve(RunExecutor.TIMELINE)) : null) {
      for (Part p : parts) {
        order(p, stack, spec);
      }
      return await(stack.name(), runDir, t0, sampler == null ? null : new ProcessReadings(sampler));
    } finally {
      cluster.current(null);
    }
  }

  /** Sends {@code p} its order; an agent that refuses it (or cannot be reached) is a lost part at once. */
  private void order(Part p, StackCatalog.Entry stack, RunSpec spec) throws InterruptedException {
    RaceSettings.Guards g = settings.guards();
    RunSpec part = spec.sharedAs(p.share);
    RunOrder order = new RunOrder(spec.runId(), cluster.node().nodeId(), settings.subjects().level(), stack.name(),
        settings.serviceLevel() ? ServiceSubject.generatorPart(part, p.share) : part, settings.setup().workerJvmArgs(),
        g.stallTimeoutMs(), g.runTimeoutMs(), g.drainTimeoutMs(), g.requestTimeoutMs());
    try {
      cluster.node().eventBus().request(Addresses.agentRun(p.agent.agentId()), Wire.encode(order),
          new DeliveryOptions().setSendTimeout(10_000)).toCompletionStage().toCompletableFuture().get(15, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      String why = e.getCause() != null ? e.getCause().getMessage() : "no answer within 15 s";
      p.report = PartReport.lost(p.agent.agentId(), p.host(), p.share, "refused its part: " + why);
    }
  }

  /** Handles the parts' events until every part reported or was lost; then merges them. */
  private RunExecutor.Outcome await(String stack, Path runDir, long t0, ProcessReadings service)
      throws InterruptedException, IOException {
    long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(settings.guards().runTimeoutMs() + settings.guards().drainTimeoutMs()
        + REPORT_GRACE_MS);
    Instant go = null;
    Instant measureStart = null;
    boolean windowClosed = false;
    while (parts.stream().anyMatch(p -> p.report == null)) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        for (Part p : parts) {
          if (p.report == null) {
            p.report = PartReport.lost(p.agent.agentId(), p.host(), p.share, "no report within the run's limits");
          }
        }
        break;
      }
      // events wake this thread; nothing else needs it before the deadline (the agents watch their own workers)
      Object e = inbox.poll(left, TimeUnit.NANOSECONDS);
      Part p = e == null ? null : partOf(e);
      if (p != null) {
        switch (e) {
          case PartEvent.Settled s -> p.settled = true;
          case PartEvent.Measuring m -> p.measuring = true;
          case PartEvent.WindowClosed w -> p.windowClosed = true;
          case PartEvent.Progressed pr -> {
            if (service != null && parts.stream().allMatch(x -> x.progress == null)) {
              service.stackOpen(); // the first part's stack is open: the warm-up's load begins
            }
            p.progress = pr.progress();
            progress(stack);
          }
          case PartEvent.Reported r -> p.report = r.report();
          case Left l -> {
            if (p.report == null) {
              p.report = PartReport.lost(p.agent.agentId(), p.host(), p.share, "left the cluster during the run");
            }
          }
          default -> { }
        }
      }
      // the go once every part still running has settled (a lost part is not waited for)
      if (go == null && parts.stream().allMatch(x -> x.settled || x.report != null)
          && parts.stream().anyMatch(x -> x.settled)) {
        go = Instant.now();
        for (Part x : parts) {
          if (x.report == null) {
            control(x, RunControl.GO);
          }
        }
      }
      if (measureStart == null && go != null && parts.stream().allMatch(x -> x.measuring || x.report != null)) {
        measureStart = Instant.now();
        if (service != null) {
          service.measuring();
        }
        measureBegan(measureStart);
        listener.phase(stack, "measure");
      }
      if (!windowClosed && measureStart != null && parts.stream().allMatch(x -> x.windowClosed || x.report != null)) {
        windowClosed = true;
        if (service != null) {
          service.windowClosed();
        }
        windowClosed(Instant.now());
      }
    }
    Instant end = Instant.now();
    if (measureStart != null) {
      if (service != null) {
        service.measured();
      }
      if (!windowClosed) {
        windowClosed(end);
      }
      measured(end);
    }
    keepFiles(runDir);
    SharedOutcome shared = SharedOutcome.of(parts.stream().map(x -> x.report).toList(), go, interrupted);
    return RunExecutor.Outcome.shared(shared, measureStart, end, measureStart == null ? null : service);
  }

  private Part partOf(Object event) {
    String agentId = event instanceof PartEvent pe ? pe.agentId() : ((Left) event).agentId();
    return parts.stream().filter(p -> p.agent.agentId().equals(agentId)).findFirst().orElse(null);
  }

  /** The parts' progress together: one line for the run, as a local worker's. */
  private void progress(String stack) {
    long ops = 0;
    long errors = 0;
    double elapsed = 0;
    String phase = "warmup";
    for (Part p : parts) {
      if (p.progress != null) {
        ops += p.progress.ops();
        errors += p.progress.errors();
        elapsed = Math.max(elapsed, p.progress.elapsedS());
        phase = p.progress.phase();
      }
    }
    listener.progress(stack, phase, ops, errors, elapsed);
  }

  private void control(Part p, String command) {
    cluster.node().eventBus().send(Addresses.agentControl(p.agent.agentId()), Wire.encode(new RunControl(runId, command)));
  }

  /**
   * Writes each agent's files to its folder in the run's ({@link PartReport#folder}) and, for each interval log the parts
   * wrote ({@code latency.hlog}, a load generator's {@code ttfb.hlog}), the union of theirs as the run's own.
   */
  private void keepFiles(Path runDir) throws IOException {
    Map<String, List<Path>> logs = new TreeMap<>();
    for (Part p : parts) {
      Path dir = runDir.resolve(p.report.folder());
      for (Map.Entry<String, String> f : p.report.files().entrySet()) {
        Files.createDirectories(dir);
        Path file = dir.resolve(Path.of(f.getKey()).getFileName());
        Files.write(file, Base64.getDecoder().decode(f.getValue()));
        if (file.getFileName().toString().endsWith(".hlog")) {
          logs.computeIfAbsent(file.getFileName().toString(), k -> new ArrayList<>()).add(file);
        }
      }
    }
    for (Map.Entry<String, List<Path>> log : logs.entrySet()) {
      IntervalLogs.union(log.getValue(), runDir.resolve(log.getKey()));
    }
  }

  @Override
  public void interrupt() {
    interrupted = true;
    for (Part p : parts) {
      control(p, RunControl.STOP);
    }
  }
}
