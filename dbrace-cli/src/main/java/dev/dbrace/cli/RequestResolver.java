package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.Warmups;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.scenario.Scenario;
import dev.dbrace.runner.scenario.ScenarioFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * The one place a race's settings are layered: each is the command line's when picocli matched the
 * option there, else the scenario's (the user's file, or one shipped under {@code scenarios/} named
 * by {@code --scenario}), else the default ({@link Defaults}, which the options' fields hold when not
 * given). The option mixins are read, never rewritten; {@link #request} turns the result into the
 * immutable {@link RaceRequest} that {@link RaceSession#run} takes.
 *
 * <p>The command's mixins are found through picocli's {@link CommandSpec#mixins()}: a command that
 * has no {@link StackOptions} races services only (serve-race), one without {@link LoadOptions}
 * has its own load options (curve, capacity) and passes their values in.
 */
public final class RequestResolver {
  private final CommandSpec spec;
  private final ParseResult parsed;
  private final RaceOptions race;
  private final DatabaseOptions database;
  private final GuardOptions guards;
  /** Null for serve-race. */
  private final StackOptions stacks;
  /** Null for curve and capacity. */
  private final LoadOptions load;
  /** Null for run and validate. */
  private final ServiceLevel service;
  private final boolean serviceLevel;
  /** Null without a scenario. */
  private final Scenario scenario;

  /**
   * @param file the scenario file given as the command's parameter, or null
   * @param servicesOnly whether the command races services whatever --level says (serve-race)
   */
  RequestResolver(CommandSpec spec, Path file, boolean servicesOnly) {
    this.spec = spec;
    this.parsed = spec.commandLine().getParseResult();
    this.race = mixin(RaceOptions.class);
    this.database = mixin(DatabaseOptions.class);
    this.guards = mixin(GuardOptions.class);
    this.stacks = mixin(StackOptions.class);
    this.load = mixin(LoadOptions.class);
    this.service = mixin(ServiceLevel.class);
    UserError.require(!servicesOnly || !given("--level") || service.on(),
        spec.name() + " races services; --level driver is for run, curve and capacity");
    this.serviceLevel = servicesOnly || (service != null && service.on());
    this.scenario = scenario(file);
    UserError.require(serviceLevel || !given("--request-timeout"),
        "--request-timeout is for the service level (serve-race, or --level service)");
    if (serviceLevel) {
      for (String driverOnly : List.of("--stacks", "--workload", "--workload-opt", "--stack-opt", "--threads")) {
        UserError.require(!given(driverOnly),
            driverOnly + " is for the driver level; at the service level choose --services and --endpoint");
      }
    }
  }

  private <T> T mixin(Class<T> type) {
    return spec.mixins().values().stream().map(CommandSpec::userObject).filter(type::isInstance).map(type::cast)
        .findFirst().orElse(null);
  }

  /** Whether picocli matched {@code option} on the command line: the only test of "given" in dbrace. */
  boolean given(String option) {
    return parsed.hasMatchedOption(option);
  }

  /** The layering: the command line's value if given there, else the scenario's if it says, else the default. */
  private <T> T layer(String option, T commandLine, T fromScenario, T byDefault) {
    return given(option) ? commandLine : fromScenario != null ? fromScenario : byDefault;
  }

  /** {@link #layer} where the default is the option's own (what picocli put in the field when not given). */
  private <T> T layer(String option, T commandLine, T fromScenario) {
    return layer(option, commandLine, fromScenario, commandLine);
  }

  private Scenario scenario(Path file) {
    if (file == null && race.scenario == null) {
      return null;
    }
    UserError.require(file == null || race.scenario == null, "give a scenario file or --scenario, not both");
    java.util.Set<String> known = StackCatalog.discover(Home.dir()).names();
    Scenario s = file != null ? Scenario.load(file, known) : Scenario.shipped(race.scenario, serviceLevel, known);
    String named = file != null ? "a scenario file" : "scenario " + race.scenario;
    if (serviceLevel) {
      UserError.require(s.source().service() != null, named + " races stacks; --level service races an --endpoint instead"
          + " (or give the file a service: block, docs/scenario-file.md)");
    } else {
      UserError.require(s.racesStacks(), named + " races services, not stacks: use serve-race (or --level service)");
    }
    if (s.workload() != null && stacks != null) {
      UserError.require(!given("--workload") && !given("--workload-opt"), "a scenario file is the workload; leave out --workload");
    }
    return s;
  }

  private <T> T fromFile(Function<ScenarioFile, T> get) {
    return scenario == null ? null : get.apply(scenario.source());
  }

  private <T> T fromLoad(Function<ScenarioFile.Load, T> get) {
    ScenarioFile.Load l = fromFile(ScenarioFile::load);
    return l == null ? null : get.apply(l);
  }

  private <T> T fromDatabase(Function<ScenarioFile.Database, T> get) {
    ScenarioFile.Database d = fromFile(ScenarioFile::database);
    return d == null ? null : get.apply(d);
  }

  private <T> T fromService(Function<ScenarioFile.Service, T> get) {
    ScenarioFile.Service s = fromFile(ScenarioFile::service);
    return s == null ? null : get.apply(s);
  }

  boolean serviceLevel() {
    return serviceLevel;
  }

  /** The user's database, or null for the embedded one. */
  String url() {
    return layer("--url", database.url, fromDatabase(ScenarioFile.Database::url));
  }

  /** The database's engine: the URL's; else --engine, else the scenario's, else PostgreSQL. */
  Engine engine() {
    String url = url();
    // a URL on the command line names its engine: the scenario's embedded engine is not for it
    String engine = given("--url") ? database.engine : layer("--engine", database.engine, fromDatabase(ScenarioFile.Database::engine));
    return RaceOptions.engine(engine, url);
  }

  /** The engine as the command line typed it (serve-race's {@code both}), else null. */
  String engineTyped() {
    return database.engine;
  }

  int pool() {
    int pool = layer("--pool", database.pool, fromFile(ScenarioFile::pool));
    UserError.require(pool >= 1 && pool <= Defaults.POOL_MAX, "--pool must be 1.." + Defaults.POOL_MAX + ", got " + pool);
    return pool;
  }

  long seed() {
    return layer("--seed", race.seed, fromFile(ScenarioFile::seed));
  }

  /** Rounds of each stack, checked 1..{@link Defaults#MAX_ROUNDS}; {@code byDefault} is the command's. */
  int rounds(int byDefault) {
    return rounds(stacks == null ? null : stacks.rounds, byDefault);
  }

  /** The same for a command whose {@code --rounds} is its own option (serve-race): {@code commandLine} its value. */
  int rounds(Integer commandLine, int byDefault) {
    Integer rounds = layer("--rounds", commandLine, fromLoad(ScenarioFile.Load::rounds));
    return RacePlan.checkRounds(rounds == null ? byDefault : rounds, "--rounds");
  }

  /** The SLA: {@code commandLine} (the command's --sla) if given, else the scenario's, else null. */
  Race.Sla sla(Race.Sla commandLine) {
    return layer("--sla", commandLine, scenario == null ? null : scenario.sla());
  }

  /** The warm-up per step of curve and capacity: {@code commandLine} (their --warmup) or the scenario's load.warmup. */
  long warmup(long commandLine) {
    return layer("--warmup", commandLine, fromLoad(ScenarioFile.Load::warmup));
  }

  /** Capacity's probe concurrency: {@code commandLine} (its --concurrency) or the scenario's load.concurrency. */
  int concurrency(int commandLine) {
    return layer("--concurrency", commandLine, fromLoad(ScenarioFile.Load::concurrency));
  }

  /** The load of run, validate and serve-race: the scenario's model, unless --load names another. */
  private ScenarioFile.Load sameModel() {
    ScenarioFile.Load l = fromFile(ScenarioFile::load);
    return l != null && layer("--load", load.load, l.model()).equals(l.model()) ? l : null;
  }

  /** run's, validate's and serve-race's closed-loop concurrency (the scenario's only for its own model). */
  int loadConcurrency() {
    ScenarioFile.Load same = sameModel();
    return layer("--concurrency", load.concurrency, same == null ? null : same.concurrency());
  }

  /** run's, validate's and serve-race's warm-up per run. */
  long loadWarmup() {
    return layer("--warmup", load.warmupMs, fromLoad(ScenarioFile.Load::warmup));
  }

  /**
   * The load of run, validate and serve-race. A scenario's rate, concurrency and executions are for
   * its own model (--load open over a closed file takes none of them); --duration and --executions
   * each replace both of the file's.
   *
   * @param durationMs the command's measured time when neither a duration nor executions are given
   */
  LoadModel loadModel(long durationMs) {
    ScenarioFile.Load file = fromFile(ScenarioFile::load);
    ScenarioFile.Load same = sameModel();
    String model = layer("--load", load.load, file == null ? null : file.model());
    Double rate = layer("--rate", load.rate, same == null ? null : same.rate());
    Long executions = given("--duration") ? load.executions
        : layer("--executions", load.executions, same == null ? null : same.executions());
    Long duration = given("--executions") ? load.durationMs : layer("--duration", load.durationMs, file == null ? null : file.duration());
    if (duration == null && executions == null) {
      duration = durationMs;
    }
    return LoadOptions.model(model, executions, duration, loadConcurrency(), rate, load.open);
  }

  /**
   * The driver level's workload: the scenario's operations; else --workload, else the scenario's
   * built-in workload, else {@code byDefault} (run --faults: ledger) or --workload's default.
   */
  WorkloadSpec workload(String byDefault) {
    if (scenario != null && scenario.workload() != null) {
      return scenario.workload();
    }
    String name = layer("--workload", stacks.workload, fromFile(ScenarioFile::workload), byDefault != null ? byDefault : stacks.workload);
    try {
      return Workloads.byName(name, stacks.workloadOptions);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The service level's workload: the endpoint of --endpoint, else of the scenario, else the default endpoint. */
  WorkloadSpec endpoint() {
    try {
      return Endpoints.forEndpoint(layer("--endpoint", service.endpoint, fromService(ScenarioFile.Service::endpoint)));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The generator's request timeout: --request-timeout, else the scenario's service.request-timeout, else 30 s. */
  long requestTimeoutMs() {
    Long fromScenario = fromService(ScenarioFile.Service::requestTimeout);
    if (given("--request-timeout")) {
      return ServiceLevel.checkRequestTimeout(service.requestTimeoutMs, "--request-timeout");
    }
    return fromScenario != null ? fromScenario : Defaults.REQUEST_TIMEOUT.toMillis();
  }

  /** The service variants on {@code engine}: --services, else the scenario's (those the engine lacks left out), else every one. */
  List<String> variants(Engine engine, java.util.function.Consumer<String> notices) {
    dbCpus(); // refused before any variant is looked at or its addon built
    List<String> fromScenario = fromService(ScenarioFile.Service::services);
    return ServiceLevel.variants(engine, layer("--services", service.services, fromScenario), !given("--services") && fromScenario != null,
        url(), notices);
  }

  /** The settings of a race of stacks, checked against the catalog and the engine. */
  RaceSettings stackSettings(WorkloadSpec workload, LoadModel load, int concurrency, long warmupMs) {
    StackOptions.threads(stacks.threads); // checked before the stacks, as before
    List<String> named = layer("--stacks", stacks.stacks, fromFile(ScenarioFile::stacks));
    List<String> stackList = RaceOptions.checkStacks(named, workload, url(), engine());
    return settings(stackList, workload, load, concurrency, warmupMs);
  }

  /** The settings of a race of service variants on {@code engine}, at the resolved endpoint. */
  RaceSettings serviceSettings(Engine engine, LoadModel load, int concurrency, long warmupMs) {
    // what the variant selection leaves out is said once the whole request checked out: a bad option's error is the only line
    List<String> notices = new java.util.ArrayList<>();
    WorkloadSpec endpoint = endpoint();
    RaceSettings settings = settings(variants(engine, notices::add), endpoint, load, concurrency, warmupMs);
    notices.forEach(System.err::println);
    return settings;
  }

  private RaceSettings settings(List<String> subjects, WorkloadSpec workload, LoadModel load, int concurrency, long warmupMs) {
    int pool = pool();
    Warmups.validate(warmupMs, guards.warmupMaxMs, given("--warmup-max"));
    List<String> list = List.copyOf(subjects);
    // serve-race has no stack options; curve and capacity at the service level keep one (empty) entry per variant
    Map<String, Map<String, String>> perStack = stacks == null ? Map.of() : StackOptions.split(stacks.stackOptions, list);
    long timeout = serviceLevel ? requestTimeoutMs() : 0;
    int threads = stacks == null ? 0 : StackOptions.threads(stacks.threads);
    return RaceSettings.builder().level(serviceLevel ? RaceSettings.Level.SERVICE : RaceSettings.Level.DRIVER)
        .stacks(list).workload(workload).load(load).pool(pool).concurrency(concurrency).threads(threads)
        .warmupMs(warmupMs).warmupMaxMs(guards.warmupMaxMs).seed(seed()).stackOptions(perStack)
        .workerJvmArgs(RaceOptions.workerJvmArgs(guards.jvmArgs)).java(Path.of(System.getProperty("java.home"), "bin", "java"))
        .jfr(stacks != null ? stacks.jfr : given("--jfr"))
        .guards(new RaceSettings.Guards(outlasting("--stall-timeout", guards.stallTimeoutMs, timeout), guards.runTimeoutMs,
            outlasting("--drain-timeout", guards.drainTimeoutMs, timeout), timeout))
        .build();
  }

  /** What a guard leaves a request beyond its timeout, so that a slow request ends as a timeout, not as a hung run. */
  static final long TIMEOUT_ROOM_MS = 5_000;

  /**
   * A guard ({@code --stall-timeout}, {@code --drain-timeout}) at the service level: longer than the
   * request timeout, or requests still in flight would be cut (unfinished, or the run hung) before
   * their own timeout could count them. Not given, it grows to the timeout plus {@link #TIMEOUT_ROOM_MS};
   * given shorter, it is refused.
   */
  private long outlasting(String option, long guardMs, long requestTimeoutMs) {
    if (requestTimeoutMs == 0 || guardMs > requestTimeoutMs) {
      return guardMs;
    }
    UserError.require(!given(option), option + " (" + guardMs + " ms) must be longer than the request timeout ("
        + requestTimeoutMs + " ms): requests still in flight would be cut before they time out");
    return requestTimeoutMs + TIMEOUT_ROOM_MS;
  }

  /** The race as one immutable request, on the resolved database, into --out. */
  RaceRequest request(RaceSettings settings, RacePlan plan, Race.Sla sla, FaultPlan faults) {
    return request(settings, plan, sla, faults, engine(), race.out);
  }

  /** The same on {@code engine} into {@code out} (serve-race --engine both: one race per engine). */
  RaceRequest request(RaceSettings settings, RacePlan plan, Race.Sla sla, FaultPlan faults, Engine engine, Path out) {
    String url = url();
    List<Path> setup = scenario == null ? List.of() : scenario.setupFiles(engine);
    if (url != null && !setup.isEmpty()) {
      throw new UserError(scenario.file() + ": its schema and seed files run only on the embedded database, and --url names another");
    }
    return new RaceRequest(settings, plan, sla, url, engine, setup, faults, null, out, RunCommand.commandLine(spec),
        dbCpus());
  }

  /** --db-cpus, checked: only for the embedded server, 1..the cores dbrace may use; null when not given. */
  Integer dbCpus() {
    Integer cpus = database.dbCpus;
    if (cpus != null) {
      UserError.require(url() == null, "--db-cpus pins the database server dbrace starts; the --url database is yours"
          + " (pin it yourself: taskset -a -cp CPUS PID)");
      int max = dev.dbrace.db.CpuPin.allowed().size();
      UserError.require(cpus >= 1 && cpus <= max, "--db-cpus must be 1.." + max + " (the cores dbrace may use), got " + cpus);
    }
    return cpus;
  }

  /** The scenario, or null. */
  Scenario scenario() {
    return scenario;
  }

  /** The results folder as given, or null. */
  Path out() {
    return race.out;
  }
}
