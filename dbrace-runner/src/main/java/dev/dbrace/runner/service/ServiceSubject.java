package dev.dbrace.runner.service;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.Share;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunSubject;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.service.host.ServiceVariant;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The service level's subject: for each run, the variant's process is started fresh (so its CPU,
 * RSS and threads are that run's alone), and the {@code http} stack's worker drives it. The
 * database counts the SQL the service runs for the endpoint.
 */
public final class ServiceSubject implements RunSubject {
  private final ServiceCatalog services;
  /** The service level's load generator, under {@code generators/}: speaks HTTP to every engine's services. */
  public static final String GENERATOR = "http";
  /** The generator's option for its keep-alive connections. */
  static final String CONNECTIONS = "connections";
  /** The generator's option for the service files' checks, by request path (JSON). */
  static final String ANSWERS = "answers";

  private final StackCatalog generators;
  private final RaceSettings settings;
  private final DbTarget target;
  private final DbTarget firebirdAddonTarget;
  private final String remoteUrl;
  private final String httpHost;
  private final UserServices users;
  private final Map<String, String> generatorOptions;
  /** Each variant's library versions, read from its build once per race, not once per run. */
  private final Map<String, Map<String, String>> versions = new ConcurrentHashMap<>();

  /** E4's /notifications sources, or null when the workload does not read them. */
  private final NotificationSources sources;

  public ServiceSubject(ServiceCatalog services, StackCatalog generators, RaceSettings settings, DbTarget target, String remoteUrl,
      Map<String, String> generatorOptions) {
    this(services, generators, settings, target, null, remoteUrl, generatorOptions, null, null, UserServices.none());
  }

  /**
   * @param firebirdAddonTarget the embedded Firebird's user for the variants on the Node {@code firebird}
   *     addon (a password of at most 20 bytes), or null: they connect as {@code target}
   * @param sources E4's /notifications sources, or null when the workload does not read them
   * @param httpHost the address the services listen on, one the generators reach (agents on other hosts); null for
   *     127.0.0.1
   * @param users the users' services among the raced (docs/service-file.md); when there are any, the race's requests
   *     are their files' endpoints, every variant's answers checked as the files say
   */
  public ServiceSubject(ServiceCatalog services, StackCatalog generators, RaceSettings settings, DbTarget target,
      DbTarget firebirdAddonTarget, String remoteUrl, Map<String, String> generatorOptions, NotificationSources sources,
      String httpHost, UserServices users) {
    this.httpHost = httpHost;
    this.users = users;
    this.sources = sources;
    this.services = services;
    this.generators = generators;
    this.settings = settings;
    this.target = target;
    this.firebirdAddonTarget = firebirdAddonTarget;
    this.remoteUrl = remoteUrl;
    this.generatorOptions = Map.copyOf(generatorOptions);
  }

  /**
   * The generator's options for a run at {@code load}: the race's, with {@code connections} sized
   * for this run's load unless the user set it ({@link #connectionsFor}): a capacity
   * search's closed-loop probe and its open-loop steps each get their own.
   */
  public Map<String, String> generatorOptions(LoadModel load) {
    Map<String, String> options = new LinkedHashMap<>(generatorOptions);
    options.putIfAbsent(CONNECTIONS, Integer.toString(ServiceSubject.connectionsFor(load)));
    return options;
  }

  /**
   * Agent {@code share}'s part of a generator's {@code spec} (its load already its part): its connections divided as the
   * load is, so the service sees as many keep-alive connections from the agents together as from one local generator.
   */
  public static RunSpec generatorPart(RunSpec spec, Share share) {
    Map<String, String> options = new LinkedHashMap<>(spec.setup().stackOptions());
    options.computeIfPresent(CONNECTIONS, (k, v) -> Integer.toString(share.atLeastOne(Integer.parseInt(v))));
    RunSpec.Setup setup = spec.setup();
    return new RunSpec(spec.runId(), spec.stack(), spec.endpoint(),
        new RunSpec.Setup(setup.pool(), setup.threads(), options, setup.applicationName()), spec.plan(), spec.files());
  }

  @Override
  public boolean ownProcess() {
    return true;
  }

  /** {@code jvmArgs} (the run's, e.g. --jfr's recording) follow the race's --jvm-arg ones; a Node service takes neither. */
  @Override
  public Started start(String name, LoadModel load, Path runDir, String applicationName, List<String> jvmArgs)
      throws IOException, InterruptedException {
    Map<String, String> options = generatorOptions(load);
    if (!users.isEmpty()) {
      options.put(ANSWERS, users.answers()); // the race's requests are the service files' endpoints, checked as they say
    }
    if (users.atUrl().contains(name)) {
      // running already: checked ready, then driven where it is; its process is read only when --pid named it
      String why = users.notReady(name);
      if (why != null) {
        throw new RaceRunner.SubjectFailed(why, List.of());
      }
      options.put("url", users.url(name));
      options.put("health", users.health(name));
      return new Started(generators.get(GENERATOR), options, users.pid(), List.of(), Map.of(), () -> { }, false);
    }
    if (users.has(name)) {
      // a user's service: its own statements (not counted against the contract's), no versions dbrace can read
      ServiceProcess p = users.start(name, target, settings.setup().pool(), httpHost, applicationName,
          settings.setup().java(), runDir);
      options.put("url", p.url());
      options.put("health", users.health(name));
      return new Started(generators.get(GENERATOR), options, p.pid(), List.of(), Map.of(), p, false);
    }
    ServiceVariant v = services.get(name);
    boolean addon = v.firebirdAddon() && target.engine() == Engine.FIREBIRD && firebirdAddonTarget != null;
    var env = ServiceProcess.Environment.of(addon ? firebirdAddonTarget : target, settings.setup().pool(), remoteUrl)
        .withHttpHost(httpHost);
    List<String> serverSql = users.isEmpty() ? Endpoints.serverStatements(settings.loadPlan().workload()) : List.of();
    if (sources != null && v.readsMongo() && sources.mongoGone() != null) {
      throw new RaceRunner.SubjectFailed(name + " not started: " + sources.mongoGone(), List.of());
    }
    if (sources != null) {
      // the variant reads the race's slow source and, if it has a MongoDB client, MongoDB; the generator checks what it reads
      env = sources.environment(env, v);
      options.put("slowSource", sources.slow().id());
      options.put("secondSource", v.secondSource());
      serverSql = Endpoints.serverStatements(settings.loadPlan().workload(), sources.slow(), !v.readsMongo());
    }
    List<String> args = new ArrayList<>(settings.setup().workerJvmArgs());
    args.addAll(jvmArgs);
    ServiceProcess p = ServiceCatalog.startReady(v, settings.setup().java(), args, env, applicationName, runDir);
    options.put("url", p.url());
    return new Started(generators.get(GENERATOR), options, p.pid(), serverSql,
        versions.computeIfAbsent(name, n -> ServiceVersions.of(v)), p, !v.isNode());
  }

  @Override
  public Race.DataSources dataSources() {
    return sources == null ? null : sources.record();
  }

  /**
   * The generator's keep-alive connections for a run at {@code load} when --connections is not given: a closed load's
   * concurrency (at most {@link dev.dbrace.runner.Defaults#MAX_CLOSED_CONNECTIONS}), an open load's
   * {@link dev.dbrace.runner.Defaults#OPEN_CONNECTIONS}. Per run, so a capacity search's open-loop steps get 256, not its
   * closed-loop probe's 64.
   */
  public static int connectionsFor(LoadModel load) {
    return load instanceof LoadModel.Closed c ? Math.min(c.concurrency(), Defaults.MAX_CLOSED_CONNECTIONS)
        : Defaults.OPEN_CONNECTIONS;
  }
}
