package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.runner.service.ServiceSubject;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceVariant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options that put a racing command at the service level ({@code --level service}): which
 * variants, which endpoint, how the generator connects and how slow the remote stub is. A picocli
 * mixin for serve-race, curve and capacity; the runs themselves are the driver level's.
 */
public final class ServiceLevel {
  @Option(names = "--level", defaultValue = "driver", description = "driver (stacks race a workload) or service (service variants race an --endpoint over HTTP) (default: ${DEFAULT-VALUE}).")
  String level;

  @Option(names = "--services", split = ",", description = "Service level: the variants to race (default: every one built; see dbrace list).")
  List<String> services;

  @Option(names = "--endpoint", defaultValue = "/db", description = "Service level: an endpoint of the service contract, e.g. /queries?queries=20 (default: ${DEFAULT-VALUE}).")
  String endpoint;

  @Option(names = "--connections", description = "Service level: the generator's keep-alive connections (default, per run: a closed load's concurrency, at most 1024; 256 for an open load, e.g. a capacity search's steps).")
  Integer connections;

  @Option(names = "--remote-delay", defaultValue = "1000-3000", description = "Service level: delay of dbrace's remote stub in ms, MIN-MAX (default: ${DEFAULT-VALUE}).")
  String remoteDelay;

  /** E5's six Node.js connection styles, in E5's order. */
  static final List<String> NODE_E5 = List.of("node-sync-per-request", "node-async-per-request", "node-sync-shared",
      "node-async-shared-queued", "node-async-pool", "node-async-pool-prepared");
  /** E5's pool for the pool variants. */
  static final int NODE_E5_POOL = 5;

  /** The variants came from a scenario, not from --services: those the engine lacks are left out, not refused. */
  private boolean scenarioServices;

  public boolean on() {
    RaceOptions.require(level.equals("driver") || level.equals("service"), "--level must be driver or service, got " + level);
    return level.equals("service");
  }

  /**
   * A ready scenario at the service level, its services and endpoint unless the command line chose:
   * hibernate (E2: quarkus-orm against quarkus-reactive on TechEmpower's multiple queries) or
   * notification (E4's /notifications; serve-race adds its load); node-e5 (E5: the six Node.js
   * connection styles on /relations; serve-race adds its load, the commands its pool).
   */
  void applyScenario(String scenario, picocli.CommandLine.ParseResult given) {
    switch (scenario) {
      case "hibernate" -> {
        if (!given.hasMatchedOption("--services")) {
          services = List.of("quarkus-orm", "quarkus-reactive");
        }
        if (!given.hasMatchedOption("--endpoint")) {
          endpoint = "/queries?queries=20";
        }
      }
      case "notification" -> {
        if (!given.hasMatchedOption("--endpoint")) {
          endpoint = "/notifications";
        }
      }
      case "node-e5" -> {
        if (!given.hasMatchedOption("--services")) {
          services = NODE_E5;
          scenarioServices = true;
        }
        if (!given.hasMatchedOption("--endpoint")) {
          endpoint = "/relations";
        }
      }
      default -> throw new UserError("unknown scenario '" + scenario + "' (known at the service level: hibernate, notification, node-e5)");
    }
  }

  WorkloadSpec workload() {
    try {
      return Endpoints.forEndpoint(endpoint);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /**
   * The variants to race on {@code engine}, each known to the catalog. A variant named with
   * --services that cannot run on the engine (its descriptor's {@code engines}) is the user's error;
   * one that came from a scenario or the default list is left out, said in one line.
   */
  List<String> variants(Engine engine) {
    ServiceCatalog catalog = ServiceCatalog.discover(Main.home());
    List<String> names = services == null ? catalog.variants().stream().map(ServiceVariant::name).toList()
        : new ArrayList<>(new LinkedHashSet<>(services));
    RaceOptions.require(!names.isEmpty(), "no service variants built under " + Main.home().resolve("services"));
    names.forEach(catalog::get);
    List<String> cannot = names.stream().filter(n -> !catalog.get(n).engines().contains(engine.id())).toList();
    if (cannot.isEmpty()) {
      return names;
    }
    if (services != null && !scenarioServices) {
      ServiceVariant v = catalog.get(cannot.get(0));
      throw new UserError("service " + v.name() + " does not run on " + engine.label() + " (its engines: "
          + String.join(", ", v.engines()) + "); leave it out with --services");
    }
    List<String> left = names.stream().filter(n -> !cannot.contains(n)).toList();
    RaceOptions.require(!left.isEmpty(), "no service variant runs on " + engine.label());
    System.err.println("dbrace: left out on " + engine.label() + ", their descriptors do not list " + engine.id() + ": "
        + String.join(", ", cannot));
    return left;
  }


  /** Connections an open load gets unless --connections says: arrivals beyond them wait in the generator. */
  static final int OPEN_CONNECTIONS = 256;
  /** The most connections a closed load gets by default (one per operation in flight). */
  static final int MAX_CLOSED_CONNECTIONS = 1024;

  /**
   * The generator's keep-alive connections for a run at {@code load} when --connections is not
   * given: a closed load's concurrency (at most 1,024), an open load's {@link #OPEN_CONNECTIONS}.
   * Per run, so a capacity search's open-loop steps get 256, not its closed-loop probe's 64.
   */
  public static int connectionsFor(LoadModel load) {
    return load instanceof LoadModel.Closed c ? Math.min(c.concurrency(), MAX_CLOSED_CONNECTIONS) : OPEN_CONNECTIONS;
  }

  /** Runs the plan with a fresh service per run and dbrace's remote stub up for the whole race. */
  int run(RaceSettings settings, RacePlan plan, Race.Sla sla, String url, Engine engine, Path out, String command)
      throws IOException, InterruptedException {
    int[] delay = RaceOptions.range(remoteDelay, "--remote-delay");
    RaceOptions.require(connections == null || connections >= 1 && connections <= 10_000,
        "--connections must be 1..10000, got " + connections);
    ServiceCatalog catalog = ServiceCatalog.discover(Main.home());
    StackCatalog generators = StackCatalog.generators(Main.home());
    generators.get(ServiceSubject.GENERATOR);
    // the variants must connect alike or not race: one that cannot do the URL's sslmode is refused before any starts
    dev.dbrace.db.DbTarget tls = RaceOptions.tlsTarget(url, engine);
    for (String name : settings.stacks()) {
      String why = catalog.get(name).cannotConnect(tls);
      RaceOptions.require(why == null, why);
    }
    try (RemoteStub remote = RemoteStub.start(delay[0], delay[1])) {
      return RaceSession.run(settings, plan, sla, url, engine, out, command, RunCommand.tty(), (s, target) ->
          new ServiceSubject(catalog, generators, s, target, remote.url(),
              connections == null ? Map.of() : Map.of("connections", Integer.toString(connections))),
          List.of(), null);
    }
  }
}
