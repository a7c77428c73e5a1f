package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.UserError;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code dbrace serve-race}: the service level. Each service variant runs as a process of its own,
 * started fresh for each run and driven over HTTP by the generator's worker with the same load
 * models as the driver level; every answer is verified, and the figures are the service's process.
 */
@Command(name = "serve-race", description = "Race HTTP service variants on one endpoint (embedded PostgreSQL unless --url).",
    mixinStandardHelpOptions = true, sortOptions = false, defaultValueProvider = DefaultValues.class)
final class ServeRaceCommand implements Callable<Integer> {
  @Mixin RaceOptions race;

  @Mixin DatabaseOptions database;

  @Mixin LoadOptions load;

  @Mixin ServiceLevel service;

  @Mixin GuardOptions guards;

  @Mixin AgentOptions agents;

  /** Read by {@link RequestResolver} as given or not (curve and capacity have it among their stack options). */
  @picocli.CommandLine.Option(names = "--jfr", description = "Record a Flight Recorder file of each Java service's JVM "
      + "(and of the generator's) and report the service's thread states; a Node service has none.")
  boolean jfr;

  @picocli.CommandLine.Option(names = "--rounds", paramLabel = "N", description = "Run every variant N times, interleaved"
      + " and turned a place each round (A B C, B C A ...), each a fresh service and generator; tables show the median and"
      + " range, and the verdict states a lead only where the rounds support it (1.." + Defaults.MAX_ROUNDS + "; default: "
      + Defaults.SERVE_RACE_ROUNDS + ").")
  Integer rounds;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() throws Exception {
    RequestResolver resolver = new RequestResolver(commandSpec, null, true);
    LoadModel model = resolver.loadModel();
    int concurrency = resolver.concurrency();
    long warmup = resolver.warmup();
    int roundsAsked = resolver.rounds();
    if ("both".equalsIgnoreCase(resolver.engineTyped())) {
      // E5 on both databases with one command: one race per engine, each its own folder, report and verdict
      UserError.require(resolver.url() == null,
          "--engine both races the embedded PostgreSQL and Firebird; with --url give that URL's engine");
      UserError.require(agents.agents == null, "--agents races one engine at a time: give --engine postgresql");
      WorkloadSpec workload = resolver.endpoint();
      Path base = resolver.out() != null ? resolver.out() : Path.of("results", ResultStore.timestamp() + "-"
          + workload.name().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^-+|-+$", "") + "-both");
      List<Engine> engines = List.of(Engine.POSTGRESQL, Engine.FIREBIRD);
      // both engines' variants checked before the first race starts
      List<RaceRequest> perEngine = engines.stream().map(e -> resolver.request(resolver.serviceSettings(e, model, concurrency, warmup),
          new RacePlan.Fixed(roundsAsked), null, null, e, base.resolve(e.id()))).toList();
      int worst = 0;
      for (RaceRequest request : perEngine) {
        worst = Math.max(worst, service.run(request, race.console(), agents));
      }
      return worst;
    }
    RaceSettings settings = resolver.serviceSettings(resolver.engine(), model, concurrency, warmup);
    return service.run(resolver.request(settings, new RacePlan.Fixed(roundsAsked), null, null), race.console(), agents);
  }
}
