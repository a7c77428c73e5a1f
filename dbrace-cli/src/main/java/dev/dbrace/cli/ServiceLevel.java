package dev.dbrace.cli;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.inputs.StackChecks;
import dev.dbrace.runner.service.FirebirdAddon;
import dev.dbrace.runner.service.NotificationSources;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.runner.service.ServiceSubject;
import dev.dbrace.runner.service.UserServices;
import dev.dbrace.service.host.RemoteStub;
import dev.dbrace.service.host.ServiceVariant;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options that put a racing command at the service level ({@code --level service}): which
 * variants, which endpoint, how the generator connects and E4's sources ({@link SourceOptions}). A picocli
 * mixin for serve-race, curve and capacity; the runs themselves are the driver level's.
 */
public final class ServiceLevel {
  @Option(names = "--level", description = "driver (stacks race a workload) or service (service variants "
      + "race an --endpoint over HTTP) (default: ${DEFAULT-VALUE}).")
  String level;

  @Option(names = "--services", split = ",",
      description = "Service level: the variants to race (default: every one built; see dbrace list).")
  List<String> services;

  @Option(names = "--service", paramLabel = "FILE", description = "Service level: your own service, from its service "
      + "file (docs/service-file.md); repeat it to race several. The race's requests are then the files' endpoints, and "
      + "only the files' services race unless --services names dbrace's variants beside them.")
  List<Path> serviceFiles;

  @Option(names = "--pid", paramLabel = "PID", description = "Service level: the process of the one service file's "
      + "service that runs at its url: (not started by dbrace), so that its CPU, memory and threads are measured.")
  Long pid;

  /** The users' services of --service, read once. */
  private UserServices users;

  /** The users' services --service names (read and checked on first use); none without it. */
  UserServices users() {
    if (users == null) {
      UserError.require(serviceFiles != null || pid == null, "--pid is for a service file's service at its url: (--service)");
      users = serviceFiles == null ? UserServices.none() : UserServices.read(serviceFiles, pid);
    }
    return users;
  }

  @Option(names = "--endpoint",
      description = "Service level: an endpoint of the service contract, e.g. /queries?queries=20 (default: ${DEFAULT-VALUE}).")
  String endpoint;

  @Option(names = "--connections",
      description = "Service level: the generator's keep-alive connections (default, per run: a closed load's concurrency, at most "
          + Defaults.MAX_CLOSED_CONNECTIONS + "; " + Defaults.OPEN_CONNECTIONS + " for an open load, e.g. a capacity search's steps).")
  Integer connections;

  @Option(names = "--request-timeout", paramLabel = "DURATION", converter = DurationConverter.class,
      description = "Service level: a request not answered in full this long after it left is an error (timeout), "
          + "e.g. 30s, 500ms (default: ${DEFAULT-VALUE}).")
  Long requestTimeoutMs;

  /** E4's /notifications sources: the remote stub's delay, MongoDB, the slow source. */
  @Mixin SourceOptions sourceOptions;

  boolean on() {
    UserError.require(level.equals("driver") || level.equals("service"), "--level must be driver or service, got " + level);
    UserError.require(level.equals("service") || sourceOptions.options().given() == null,
        "--mongo-url, --mongo-docs and --slow-source set E4's /notifications sources: they need --level service");
    return level.equals("service");
  }

  /**
   * The variants to race on {@code engine}, each known to the catalog. A variant named with
   * --services that cannot run on the engine (its descriptor's {@code engines}) is the user's error;
   * one that came from a scenario or the default list is left out, said in one line.
   *
   * @param services the variants resolved from the command line and the scenario; null for every one built
   * @param fromScenario whether {@code services} are the scenario's, not the command line's
   * @param url the user's database, or null for the embedded one
   * @param notices told each variant left out, in a line (printed once the whole request checked out, so
   *     that a bad option's error stays the only line)
   */
  static List<String> variants(Engine engine, List<String> services, boolean fromScenario, String url,
      Consumer<String> notices) {
    ServiceCatalog catalog = ServiceCatalog.discover(Home.dir());
    List<String> names = services == null ? catalog.variants().stream().map(ServiceVariant::name).toList()
        : new ArrayList<>(Replicas.numbered(services));
    UserError.require(!names.isEmpty(), "no service variants built under " + Home.dir().resolve("services"));
    names.forEach(catalog::get);
    List<String> cannot = names.stream().filter(n -> !catalog.get(n).engines().contains(engine.id())).toList();
    boolean named = services != null && !fromScenario;
    if (!cannot.isEmpty() && named) {
      ServiceVariant v = catalog.get(cannot.get(0));
      throw new UserError("service " + v.name() + " does not run on " + engine.label() + " (its engines: "
          + String.join(", ", v.engines()) + "); leave it out with --services");
    }
    List<String> left = names.stream().filter(n -> !cannot.contains(n)).toList();
    UserError.require(!left.isEmpty(), "no service variant runs on " + engine.label());
    if (!cannot.isEmpty()) {
      notices.accept("dbrace: left out on " + engine.label() + ", their descriptors do not list " + engine.id() + ": "
          + String.join(", ", cannot));
    }
    return engine == Engine.FIREBIRD ? withFirebirdAddon(catalog, left, named, url, notices) : left;
  }

  /**
   * The variants that run on the Node firebird addon on Firebird need it built: dbrace builds it (and,
   * as root, installs firebird-dev first); where it cannot, they are left out in one line naming the
   * command, or, named with --services, refused. The addon cuts passwords to 20 bytes: the embedded
   * Firebird has a user for them; a --url user with a longer password cannot log in through it.
   */
  private static List<String> withFirebirdAddon(ServiceCatalog catalog, List<String> names, boolean named, String url,
      Consumer<String> notices) {
    List<String> addon = names.stream().filter(n -> catalog.get(n).firebirdAddon()).toList();
    if (addon.isEmpty()) {
      return names;
    }
    String why = url == null ? null : longPassword(url);
    try {
      why = why != null ? why : FirebirdAddon.ensure(catalog.get(addon.get(0)),
          Home.cacheDir().resolve("npm-ci-firebird-addon.log"), line -> System.err.println("dbrace: " + line));
    } catch (IOException e) {
      why = "cannot build the Node firebird addon: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserError("interrupted while building the Node firebird addon");
    }
    if (why == null) {
      return names;
    }
    if (named) {
      throw new UserError("service " + addon.get(0) + " needs the Node firebird addon on Firebird: " + why);
    }
    List<String> left = names.stream().filter(n -> !addon.contains(n)).toList();
    UserError.require(!left.isEmpty(), "no service variant runs on Firebird here: " + why);
    notices.accept("dbrace: left out on Firebird, the Node firebird addon cannot serve them: " + String.join(", ", addon)
        + " (" + why + ")");
    return left;
  }

  /** Why the --url's user cannot log in through the addon (a password over 20 bytes), or null. */
  private static String longPassword(String url) {
    DbTarget t;
    try {
      t = DbTarget.parse(url, System.getenv(), null);
    } catch (IllegalArgumentException e) {
      return null; // the database session says what is wrong with the URL
    }
    int bytes = t.password() == null ? 0 : t.password().getBytes(StandardCharsets.UTF_8).length;
    return bytes <= ServiceVariant.FIREBIRD_ADDON_PASSWORD_BYTES ? null : "the firebird addon cuts passwords to "
        + ServiceVariant.FIREBIRD_ADDON_PASSWORD_BYTES + " bytes and the --url user's has " + bytes
        + ": give a user whose password fits";
  }

  /**
   * Runs the request's plan with a fresh service per run and dbrace's remote stub up for the whole race, on {@code
   * console}; with {@code agents}' --agents, the generators run on the agents and the services listen on --bind.
   */
  int run(RaceRequest request, RunListener console, AgentOptions agents) throws IOException, InterruptedException {
    RaceSettings settings = request.settings();
    int[] delay = sourceOptions.remoteDelay();
    UserError.require(connections == null || connections >= 1 && connections <= Defaults.CONNECTIONS_MAX,
        "--connections must be 1.." + Defaults.CONNECTIONS_MAX + ", got " + connections);
    ServiceCatalog catalog = ServiceCatalog.discover(Home.dir());
    StackCatalog generators = StackCatalog.generators(Home.dir());
    generators.get(ServiceSubject.GENERATOR);
    // the variants must connect alike or not race: one that cannot do the URL's sslmode is refused before any starts
    DbTarget tls = StackChecks.tlsTarget(request.url(), request.engine());
    UserServices users = users();
    List<String> ours = settings.subjects().stacks().stream().filter(n -> !users.has(n)).toList();
    for (String name : ours) {
      String why = catalog.get(name).cannotConnect(tls);
      UserError.require(why == null, why);
    }
    Map<String, String> options = new LinkedHashMap<>();
    if (connections != null) {
      options.put("connections", Integer.toString(connections));
    }
    if (settings.serviceLevel()) {
      options.put("timeoutMs", Long.toString(settings.guards().requestTimeoutMs()));
    }
    Consumer<String> log = msg -> System.err.println("dbrace: " + msg);
    users.build(log); // before any database or agent: a build that fails is one line, nothing started
    UserError.require(users.atUrl().isEmpty() || agents.agents == null, "--agents drives services dbrace starts on "
        + "--bind; " + String.join(", ", users.atUrl()) + " runs at its url: (race it without --agents)");
    UserError.require(!users.readsRows() || agents.agents == null, "the service files' rows: checks read the database "
        + "from the load generator, and on --agents the generators have no database password (it never travels): race "
        + "them without --agents, or leave rows: out");
    users.notes().forEach(log);
    List<ServiceVariant> raced = ours.stream().map(catalog::get).toList();
    agents.count(); // one count: a list is curve's scale curve, at the driver level
    try (AgentOptions.Shared shared = agents.open(request, console::message);
        RemoteStub remote = RemoteStub.start(delay[0], delay[1]);
        NotificationSources sources = NotificationSources.open(settings.loadPlan().workload(), raced, sourceOptions.options(), log)) {
      String httpHost = shared.request().shared() == null ? null : shared.request().shared().address();
      return RaceSession.run(shared.request().withSubjects((s, db) -> {
        if (sources != null) {
          sources.prepare(db.target(), log); // the slow table, on the race's database once it is up
        }
        return new ServiceSubject(catalog, generators, s, db.target(), db.firebirdAddonTarget(), remote.url(), options, sources,
            httpHost, users);
      }), console);
    }
  }
}
