package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dbrace serve-race}: the service level. Each service variant runs as a process of its own,
 * started fresh for each run and driven over HTTP by the generator's worker with the same load
 * models as the driver level; every answer is verified, and the figures are the service's process.
 */
@Command(name = "serve-race", description = "Race HTTP service variants on one endpoint (embedded PostgreSQL unless --url).",
    mixinStandardHelpOptions = true, sortOptions = false)
final class ServeRaceCommand implements Callable<Integer> {
  @Option(names = "--services", split = ",", description = "Service variants to race (default: every one built; see dbrace list).")
  List<String> services;

  @Option(names = "--endpoint", defaultValue = "/db", description = "Endpoint of the service contract, e.g. /queries?queries=20 (default: ${DEFAULT-VALUE}).")
  String endpoint;

  @Option(names = "--scenario", description = "A ready scenario: notification (E4: /notifications with 1,000 users at once, remote calls of 1-3 s).")
  String scenario;

  @Mixin LoadOptions load;

  @Option(names = "--connections", description = "The generator's keep-alive connections (default: --concurrency, at most 1024, or 256 for an open load).")
  Integer connections;

  @Option(names = "--remote-delay", defaultValue = "1000-3000", description = "Delay of dbrace's remote stub in ms, MIN-MAX (default: ${DEFAULT-VALUE}).")
  String remoteDelay;

  @Option(names = "--pool", defaultValue = "16", description = "Each service's connection pool size (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--url", description = "Your PostgreSQL, e.g. postgresql://user@host:5432/db (password from PGPASSWORD or ~/.pgpass).")
  String url;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<endpoint>).")
  Path out;

  @Option(names = "--jvm-arg", description = "Extra argument for every service and generator JVM, e.g. -Xmx512m.")
  List<String> jvmArgs = new ArrayList<>();

  @Option(names = "--stall-timeout", converter = Durations.class, defaultValue = "60s", description = "Stop a run when no request completes for this long (default: ${DEFAULT-VALUE}).")
  long stallTimeoutMs;

  @Option(names = "--run-timeout", converter = Durations.class, defaultValue = "30m", description = "Stop a run that takes longer than this (default: ${DEFAULT-VALUE}).")
  long runTimeoutMs;

  @Option(names = "--drain-timeout", converter = Durations.class, defaultValue = "30s", description = "Wait this long for requests in flight at the end of a run (default: ${DEFAULT-VALUE}).")
  long drainTimeoutMs;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    if (scenario != null) {
      applyScenario();
    }
    WorkloadSpec workload;
    try {
      workload = Endpoints.forEndpoint(endpoint);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    LoadModel model = load.model();
    RaceOptions.require(pool >= 1 && pool <= 1000, "--pool must be 1..1000, got " + pool);
    int[] delay = RaceOptions.range(remoteDelay, "--remote-delay");
    ServiceCatalog catalog = ServiceCatalog.discover(Main.home());
    List<String> names = services == null ? catalog.variants().stream().map(ServiceCatalog.Variant::name).toList()
        : new ArrayList<>(new LinkedHashSet<>(services));
    RaceOptions.require(!names.isEmpty(), "no service variants built under " + Main.home().resolve("services"));
    names.forEach(catalog::get);
    int conns = connections != null ? connections
        : model instanceof LoadModel.Closed c ? Math.min(c.concurrency(), 1024) : 256;
    RaceOptions.require(conns >= 1 && conns <= 10_000, "--connections must be 1..10000, got " + conns);
    List<String> jvm = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) {
      jvm.add("--sun-misc-unsafe-memory-access=allow");
    }
    jvm.addAll(jvmArgs);
    RaceSettings settings = new RaceSettings(names, workload, model, pool, load.concurrency, 0, load.warmupMs, seed,
        Map.of(), jvm, Path.of(System.getProperty("java.home"), "bin", "java"), stallTimeoutMs, runTimeoutMs,
        drainTimeoutMs, false);
    StackCatalog stacks = StackCatalog.discover(Main.home());
    stacks.get("http");
    try (RemoteStub remote = RemoteStub.start(delay[0], delay[1])) {
      return RaceSession.run(settings, new RacePlan.Fixed(), null, url, out, RunCommand.commandLine(commandSpec),
          RunCommand.tty(), (s, target) -> new ServiceSubject(catalog, stacks, s, target, remote.url(),
              Map.of("connections", Integer.toString(conns))));
    }
  }

  /** E4: every user asks at once; the defaults of the scenario unless the command line set them. */
  private void applyScenario() {
    if (!scenario.equals("notification")) {
      throw new UserError("unknown scenario '" + scenario + "' (known: notification)");
    }
    var given = commandSpec.commandLine().getParseResult();
    if (!given.hasMatchedOption("--endpoint")) {
      endpoint = "/notifications";
    }
    if (!given.hasMatchedOption("--concurrency")) {
      load.concurrency = 1000;
    }
    if (!given.hasMatchedOption("--executions") && !given.hasMatchedOption("--duration")) {
      load.executions = 1000L;
    }
    if (!given.hasMatchedOption("--warmup")) {
      load.warmupMs = 0;
    }
  }
}
