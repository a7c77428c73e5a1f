package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSettings;
import java.nio.file.Path;
import java.util.ArrayList;
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
public final class ServeRaceCommand implements Callable<Integer> {
  @Option(names = "--scenario", description = "A ready scenario: notification (E4: /notifications with 1,000 users at once, remote calls of 1-3 s),"
      + " hibernate (E2: quarkus-orm against quarkus-reactive on /queries?queries=20) or node-e5 (E5: the six Node.js connection"
      + " styles on /relations, 10000 requests 5 at a time, pool 5; on Firebird the two sync styles are left out).")
  String scenario;

  @Mixin LoadOptions load;

  @Mixin ServiceLevel service;

  @Option(names = "--pool", defaultValue = "16", description = "Each service's connection pool size (default: ${DEFAULT-VALUE}).")
  int pool;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--url", description = "Your database: postgresql://user@host:5432/db (password from PGPASSWORD or ~/.pgpass)"
      + " or firebird://user@host:3050//path/db.fdb (password from ISC_PASSWORD or DBRACE_PASSWORD).")
  String url;

  @Option(names = "--engine", description = "postgresql (default), firebird, or both (the embedded PostgreSQL, then the embedded Firebird, into <out>/postgresql and <out>/firebird): the engine of the embedded database; with --url, the URL says it.")
  String engine;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<endpoint>).")
  Path out;

  @Option(names = "--jvm-arg", description = "Extra argument for every service and generator JVM, e.g. -Xmx512m.")
  List<String> jvmArgs = new ArrayList<>();

  @Option(names = "--stall-timeout", converter = Durations.class, defaultValue = "60s", description = "Stop a run when no request completes for this long (default: ${DEFAULT-VALUE}).")
  long stallTimeoutMs;

  @Option(names = "--run-timeout", converter = Durations.class, defaultValue = "30m", description = "Stop a run that takes longer than this (default: ${DEFAULT-VALUE}).")
  long runTimeoutMs;

  @Option(names = "--warmup-max", converter = Durations.class, defaultValue = RaceOptions.DEFAULT_WARMUP_MAX, description = "With --warmup auto: the longest warm-up (default: ${DEFAULT-VALUE}).")
  long warmupMaxMs;

  @Option(names = "--drain-timeout", converter = Durations.class, defaultValue = "30s", description = "Wait this long for requests in flight at the end of a run (default: ${DEFAULT-VALUE}).")
  long drainTimeoutMs;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    service.level = "service";
    if (scenario != null) {
      applyScenario();
    }
    WorkloadSpec workload = service.workload();
    LoadModel model = load.model();
    RaceOptions.require(pool >= 1 && pool <= 1000, "--pool must be 1..1000, got " + pool);
    WarmupConverter.validate(load.warmupMs, warmupMaxMs, commandSpec.commandLine().getParseResult().hasMatchedOption("--warmup-max"));
    if ("both".equalsIgnoreCase(engine)) {
      // E5 on both databases with one command: one race per engine, each its own folder, report and verdict
      RaceOptions.require(url == null, "--engine both races the embedded PostgreSQL and Firebird; with --url give that URL's engine");
      Path base = out != null ? out : Path.of("results", RunCommand.timestamp() + "-"
          + workload.name().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "") + "-both");
      List<Engine> engines = List.of(Engine.POSTGRESQL, Engine.FIREBIRD);
      // both engines' variants checked before the first race starts
      List<RaceSettings> perEngine = engines.stream().map(e -> settings(e, workload, model)).toList();
      int worst = 0;
      for (int i = 0; i < engines.size(); i++) {
        worst = Math.max(worst, service.run(perEngine.get(i), new RacePlan.Fixed(), null, null, engines.get(i),
            base.resolve(engines.get(i).id()), RunCommand.commandLine(commandSpec)));
      }
      return worst;
    }
    Engine eng = RaceOptions.engine(engine, url);
    return service.run(settings(eng, workload, model), new RacePlan.Fixed(), null, url, eng, out, RunCommand.commandLine(commandSpec));
  }

  private RaceSettings settings(Engine eng, WorkloadSpec workload, LoadModel model) {
    return new RaceSettings(service.variants(eng), workload, model, pool, load.concurrency, 0, load.warmupMs,
        seed, Map.of(), RaceOptions.workerJvmArgs(jvmArgs), Path.of(System.getProperty("java.home"), "bin", "java"), stallTimeoutMs, runTimeoutMs,
        drainTimeoutMs, false, warmupMaxMs);
  }

  /**
   * The scenario's services and endpoint; for E4 and E5 also its load (and E5's pool), unless the
   * command line set it: E4 every user at once, E5 10,000 requests 5 at a time on a pool of 5.
   */
  private void applyScenario() {
    var given = commandSpec.commandLine().getParseResult();
    service.applyScenario(scenario, given);
    if (scenario.equals("node-e5")) {
      if (!given.hasMatchedOption("--concurrency")) {
        load.concurrency = 5;
      }
      if (!given.hasMatchedOption("--executions") && !given.hasMatchedOption("--duration") && !load.load.equals("open")) {
        load.executions = 10_000L;
      }
      if (!given.hasMatchedOption("--warmup")) {
        load.warmupMs = 1_000;
      }
      if (!given.hasMatchedOption("--pool")) {
        pool = ServiceLevel.NODE_E5_POOL;
      }
      return;
    }
    if (!scenario.equals("notification")) {
      return;
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
