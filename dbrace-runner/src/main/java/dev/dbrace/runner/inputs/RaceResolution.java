package dev.dbrace.runner.inputs;

import static dev.dbrace.runner.inputs.Input.DRAIN_TIMEOUT;
import static dev.dbrace.runner.inputs.Input.REQUEST_TIMEOUT;
import static dev.dbrace.runner.inputs.Input.STALL_TIMEOUT;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.CpuPin;
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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A race's inputs resolved: the command line's layer over the scenario's (the user's file, or one shipped under
 * {@code scenarios/} named by {@code --scenario}), over {@link Defaults} (a command's own in {@link Defaults.Command}).
 * Each answer is checked as it is asked for, every refusal a {@link UserError} of one line naming the option; the
 * settings it builds ({@link #stackSettings}, {@link #settings}) and the {@link RaceRequest} are what the engine takes.
 * What was given where stays known: a setting refused where it does not apply is refused when the command line gives
 * it, not when a scenario file does (which says what its whole race is, for any command). Immutable.
 */
public class RaceResolution {
  private final RaceInputs commandLine;
  /** The scenario's layer; none without a scenario. */
  private final RaceInputs file;
  /** The command line over the scenario. */
  private final RaceInputs inputs;
  /** Null without a scenario. */
  private final Scenario scenario;
  private final RaceSettings.Level level;
  private final Defaults.Command command;

  /**
   * Reads the scenario the command line names ({@code file}, else {@code --scenario}), then resolves as
   * {@link #RaceResolution(RaceInputs, Scenario, RaceSettings.Level, Defaults.Command)}.
   *
   * @param file the scenario file given as the command's parameter, or null
   */
  public RaceResolution(RaceInputs commandLine, Path file, RaceSettings.Level level, Defaults.Command command) {
    this(commandLine, scenario(file, commandLine.get(Input.SCENARIO).orElse(null), level), level, command);
  }

  /**
   * @param scenario the scenario the command line names, read; null for none
   * @param level the level the command races at: serve-race's is the service level, another's its --level
   * @param command the command whose defaults apply (serve-race: the only one that races services alone)
   */
  public RaceResolution(RaceInputs commandLine, Scenario scenario, RaceSettings.Level level, Defaults.Command command) {
    this.commandLine = commandLine;
    this.scenario = scenario;
    this.level = level;
    this.command = command;
    this.file = scenario == null ? RaceInputs.none() : RaceInputs.of(scenario.source());
    this.inputs = commandLine.over(file);
    if (scenario != null) {
      checkScenario();
    }
    UserError.require(serviceLevel() || !commandLine.has(REQUEST_TIMEOUT),
        "--request-timeout is for the service level (serve-race, or --level service)");
    if (serviceLevel()) {
      for (Input<?> driverOnly : List.of(Input.STACKS, Input.WORKLOAD, Input.WORKLOAD_OPTIONS, Input.STACK_OPTIONS, Input.THREADS)) {
        UserError.require(!commandLine.has(driverOnly),
            driverOnly + " is for the driver level; at the service level choose --services and --endpoint");
      }
    }
  }

  private static Scenario scenario(Path file, String shipped, RaceSettings.Level level) {
    if (file == null && shipped == null) {
      return null;
    }
    UserError.require(file == null || shipped == null, "give a scenario file or --scenario, not both");
    Set<String> known = StackCatalog.discover(Home.dir()).names();
    return file != null ? Scenario.load(file, known) : Scenario.shipped(shipped, level == RaceSettings.Level.SERVICE, known);
  }

  /** The scenario races at this level, and is the workload where it has operations of its own. */
  private void checkScenario() {
    String named = commandLine.get(Input.SCENARIO).map(name -> "scenario " + name).orElse("a scenario file");
    if (serviceLevel()) {
      UserError.require(scenario.source().service() != null, named + " races stacks; --level service races an --endpoint instead"
          + " (or give the file a service: block, docs/scenario-file.md)");
    } else {
      UserError.require(scenario.racesStacks(), named + " races services, not stacks: use serve-race (or --level service)");
    }
    if (scenario.workload() != null && command != Defaults.Command.SERVE_RACE) {
      UserError.require(!commandLine.has(Input.WORKLOAD) && !commandLine.has(Input.WORKLOAD_OPTIONS),
          "a scenario file is the workload; leave out --workload");
    }
  }

  /** The command line's layer. */
  public RaceInputs commandLine() {
    return commandLine;
  }

  /** The command line's layer over the scenario's. */
  public RaceInputs inputs() {
    return inputs;
  }

  public boolean serviceLevel() {
    return level == RaceSettings.Level.SERVICE;
  }

  /** The scenario, or null. */
  public Scenario scenario() {
    return scenario;
  }

  /** The user's database, or null for the embedded one. */
  public String url() {
    return inputs.get(Input.URL).orElse(null);
  }

  /** The database's engine: the URL's; else --engine, else the scenario's (unless the command line gives a URL), else PostgreSQL. */
  public Engine engine() {
    String url = url();
    String engine = inputs.get(Input.ENGINE).orElse(null);
    Engine given;
    try {
      given = engine == null ? null : Engine.of(engine);
    } catch (IllegalArgumentException e) {
      throw new UserError("--engine: " + e.getMessage());
    }
    if (url == null) {
      return given == null ? Engine.POSTGRESQL : given;
    }
    Engine fromUrl = Engine.ofUrl(url);
    UserError.require(given == null || given == fromUrl,
        "--engine " + given + " contradicts the --url, which is a " + fromUrl.label() + " URL");
    return fromUrl;
  }

  public int pool() {
    int pool = inputs.get(Input.POOL).orElse(Defaults.POOL);
    UserError.require(pool >= 1 && pool <= Defaults.POOL_MAX, "--pool must be 1.." + Defaults.POOL_MAX + ", got " + pool);
    return pool;
  }

  public long seed() {
    return inputs.get(Input.SEED).orElse(Defaults.SEED);
  }

  /** Rounds of each stack, checked 1..{@link Defaults#MAX_ROUNDS}. */
  public int rounds() {
    return RacePlan.checkRounds(inputs.get(Input.ROUNDS).orElse(command.rounds()), "--rounds");
  }

  /** The SLA curve draws and capacity searches for: --sla, else the scenario's (read, and so checked, either way), else null. */
  public Race.Sla sla() {
    Race.Sla fromFile = scenario == null ? null : scenario.sla();
    return commandLine.get(Input.SLA).orElse(fromFile);
  }

  /** The warm-up per run (per step for curve and capacity), in milliseconds or {@code WarmupRule.AUTO}. */
  public long warmup() {
    return inputs.get(Input.WARMUP).orElse(Defaults.WARMUP_MS);
  }

  /** A closed loop's operations in flight (capacity's: its probe's). */
  public int concurrency() {
    return inputs.get(Input.CONCURRENCY).orElse(Defaults.CONCURRENCY);
  }

  /** How open-loop arrivals are shaped: the command line's, else the defaults. */
  public OpenLoad openLoad() {
    return new OpenLoad(inputs.get(Input.MAX_IN_FLIGHT).orElse(Defaults.MAX_IN_FLIGHT), inputs.get(Input.ARRIVAL).orElse(Defaults.ARRIVAL),
        inputs.get(Input.SPIKES).orElse(null));
  }

  /**
   * The load of run, validate and serve-race, checked. A scenario's rate, concurrency and executions are for its own
   * model, and --duration and --executions each replace both of the file's ({@link RaceInputs#over}); with neither a
   * duration nor executions, a run measures the command's default time.
   */
  public LoadModel loadModel() {
    String model = inputs.get(Input.LOAD).orElse(Defaults.LOAD);
    Double rate = inputs.get(Input.RATE).orElse(null);
    Long executions = inputs.get(Input.EXECUTIONS).orElse(null);
    Long durationMs = inputs.get(Input.DURATION).orElse(executions == null ? command.measured().toMillis() : null);
    UserError.require(durationMs == null || durationMs > 0, "--duration must be > 0");
    OpenLoad open = openLoad();
    switch (model) {
      case "closed" -> {
        UserError.require(rate == null, "--rate is for --load open");
        open.noSpikes("a closed loop slows down with the stack, so a spike cannot be offered to it");
        UserError.require(executions == null || executions > 0, "--executions must be > 0");
        UserError.require(executions == null || durationMs == null, "give --executions or --duration, not both");
        int concurrency = concurrency();
        UserError.require(concurrency >= 1 && concurrency <= Defaults.CONCURRENCY_MAX,
            "--concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + concurrency);
        return new LoadModel.Closed(executions == null ? 0 : executions, executions == null ? durationMs : 0, concurrency);
      }
      case "open" -> {
        UserError.require(rate != null, "--load open needs --rate (arrivals per second)");
        UserError.require(executions == null, "--executions is for --load closed; an open load runs for --duration");
        return open.open(rate, durationMs);
      }
      default -> throw new UserError("unknown load model '" + model + "' (known: closed, open)");
    }
  }

  /**
   * The driver level's workload: the scenario's operations; else --workload, else the scenario's
   * built-in workload, else {@code byDefault} (run --faults: ledger) or {@link Defaults#WORKLOAD}.
   */
  public WorkloadSpec workload(String byDefault) {
    if (scenario != null && scenario.workload() != null) {
      return scenario.workload();
    }
    String name = inputs.get(Input.WORKLOAD).orElse(byDefault != null ? byDefault : Defaults.WORKLOAD);
    try {
      return Workloads.byName(name, inputs.get(Input.WORKLOAD_OPTIONS).orElse(Map.of()));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The service level's workload: the endpoint of --endpoint, else of the scenario, else {@link Defaults#ENDPOINT}. */
  public WorkloadSpec endpoint() {
    try {
      return Endpoints.forEndpoint(inputs.get(Input.ENDPOINT).orElse(Defaults.ENDPOINT));
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** The generator's request timeout: --request-timeout (checked), else the scenario's service.request-timeout, else the default. */
  public long requestTimeoutMs() {
    if (commandLine.has(REQUEST_TIMEOUT)) {
      long ms = commandLine.get(REQUEST_TIMEOUT).orElseThrow();
      UserError.require(ms >= 1 && ms <= Defaults.REQUEST_TIMEOUT_MAX_MS,
          "--request-timeout must be 1ms.." + Defaults.REQUEST_TIMEOUT_MAX_MS / 60_000 + "m, got " + ms + " ms");
      return ms;
    }
    return inputs.get(REQUEST_TIMEOUT).orElse(Defaults.REQUEST_TIMEOUT.toMillis());
  }

  /** The service variants asked for (--services, else the scenario's), or null for every one built. */
  public List<String> services() {
    return inputs.get(Input.SERVICES).orElse(null);
  }

  /** Whether {@link #services} are the scenario's, which leave out a variant the engine cannot run where --services refuses it. */
  public boolean servicesFromScenario() {
    return !commandLine.has(Input.SERVICES) && file.has(Input.SERVICES);
  }

  /** The settings of a race of stacks, checked against the catalog and the engine. */
  public RaceSettings stackSettings(WorkloadSpec workload, LoadModel load, int concurrency, long warmupMs) {
    threads(); // checked before the stacks
    List<String> stacks = StackChecks.check(inputs.get(Input.STACKS).orElse(Defaults.STACKS), workload, url(), engine());
    return settings(stacks, workload, load, concurrency, warmupMs);
  }

  /** jdbc-platform's threads: --threads, checked, else {@link Defaults#THREADS}. */
  private int threads() {
    return inputs.get(Input.THREADS).map(StackChecks::threads).orElse(Defaults.THREADS);
  }

  /** The settings of a race of {@code subjects} (stacks, checked, or service variants) on {@code workload}. */
  public RaceSettings settings(List<String> subjects, WorkloadSpec workload, LoadModel load, int concurrency, long warmupMs) {
    int pool = pool();
    long warmupMaxMs = inputs.get(Input.WARMUP_MAX).orElse(command.warmupMax().toMillis());
    Warmups.validate(warmupMs, warmupMaxMs, commandLine.has(Input.WARMUP_MAX));
    List<String> list = List.copyOf(subjects);
    // serve-race has no stack options; curve and capacity at the service level keep one (empty) entry per variant
    boolean servicesOnly = command == Defaults.Command.SERVE_RACE;
    Map<String, Map<String, String>> perStack = servicesOnly ? Map.of()
        : StackChecks.stackOptions(inputs.get(Input.STACK_OPTIONS).orElse(Map.of()), list);
    long timeout = serviceLevel() ? requestTimeoutMs() : 0;
    int threads = servicesOnly ? 0 : threads();
    return RaceSettings.builder().level(level)
        .stacks(list).workload(workload).load(load).pool(pool).concurrency(concurrency).threads(threads)
        .warmupMs(warmupMs).warmupMaxMs(warmupMaxMs).seed(seed()).stackOptions(perStack)
        .workerJvmArgs(workerJvmArgs(inputs.get(Input.JVM_ARGS).orElse(List.of())))
        .java(Path.of(System.getProperty("java.home"), "bin", "java"))
        .jfr(inputs.get(Input.JFR).orElse(false))
        .aot(inputs.get(Input.AOT).orElse(false))
        .guards(new RaceSettings.Guards(outlasting(STALL_TIMEOUT, Defaults.STALL_TIMEOUT.toMillis(), timeout),
            inputs.get(Input.RUN_TIMEOUT).orElse(Defaults.RUN_TIMEOUT.toMillis()),
            outlasting(DRAIN_TIMEOUT, Defaults.DRAIN_TIMEOUT.toMillis(), timeout), timeout))
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
  private long outlasting(Input<Long> guard, long byDefault, long requestTimeoutMs) {
    long guardMs = inputs.get(guard).orElse(byDefault);
    if (requestTimeoutMs == 0 || guardMs > requestTimeoutMs) {
      return guardMs;
    }
    UserError.require(!commandLine.has(guard), guard + " (" + guardMs + " ms) must be longer than the request timeout ("
        + requestTimeoutMs + " ms): requests still in flight would be cut before they time out");
    return requestTimeoutMs + TIMEOUT_ROOM_MS;
  }

  /**
   * The JVM arguments every forked JVM gets (workers and services alike), then the user's {@code extra}. The JIT's CPU
   * is read per compiler thread at a run's readings ({@link dev.dbrace.core.run.ThreadCpu}): HotSpot's compiler threads
   * are kept from start to end, all of them, or on a machine of many cores a thread it starts and retires between two
   * readings would never count (jit_cpu_s, and the warm-up's JIT-quiet check, short of it).
   */
  public static List<String> workerJvmArgs(List<String> extra) {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED", "-XX:-UseDynamicNumberOfCompilerThreads"));
    if (Runtime.version().feature() >= 23) {
      args.add("--sun-misc-unsafe-memory-access=allow"); // Netty 4.1 on JDK 24+ would warn on stderr
    }
    args.addAll(extra);
    return args;
  }

  /**
   * The race as one immutable request on {@code engine}, into {@code out} (null: results/&lt;timestamp&gt;-&lt;workload&gt;).
   *
   * @param typed the command as typed, for rerunning (redacted before it is stored)
   */
  public RaceRequest request(RaceSettings settings, RacePlan plan, Race.Sla sla, FaultPlan faults, Engine engine, Path out,
      String typed) {
    String url = url();
    List<Path> setup = scenario == null ? List.of() : scenario.setupFiles(engine);
    if (url != null && !setup.isEmpty()) {
      throw new UserError(scenario.file() + ": its schema and seed files run only on the embedded database, and --url names another");
    }
    return new RaceRequest(settings, plan, sla, url, engine, setup, faults, null, out, typed, dbCpus());
  }

  /** --db-cpus, checked: only for the embedded server, 1..the cores dbrace may use; null when not given. */
  public Integer dbCpus() {
    Integer cpus = inputs.get(Input.DB_CPUS).orElse(null);
    if (cpus != null) {
      UserError.require(url() == null, "--db-cpus pins the database server dbrace starts; the --url database is yours"
          + " (pin it yourself: taskset -a -cp CPUS PID)");
      int max = CpuPin.allowed().size();
      UserError.require(cpus >= 1 && cpus <= max, "--db-cpus must be 1.." + max + " (the cores dbrace may use), got " + cpus);
    }
    return cpus;
  }
}
