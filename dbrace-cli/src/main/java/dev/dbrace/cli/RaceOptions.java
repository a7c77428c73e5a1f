package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.StackCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options every racing command shares (run, curve, capacity): what races, on which database,
 * with which pool, and how runs are guarded. A picocli mixin; the commands add their load options.
 */
public final class RaceOptions {
  static final String DEFAULT_STACKS = "jdbc-platform,jdbc-virtual,r2dbc,vertx";

  @Option(names = "--stacks", split = ",", defaultValue = DEFAULT_STACKS, description = "Stacks to race (default: ${DEFAULT-VALUE}; on Firebird every stack that speaks it).")
  public List<String> stacks;

  @Option(names = "--workload", defaultValue = "point-select", description = "Workload (see dbrace list; default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--workload-opt", description = "Workload option key=value, e.g. sleep=0.5 for slow-mix.")
  Map<String, String> workloadOptions = new LinkedHashMap<>();

  @Option(names = "--scenario", description = "A ready scenario: hibernate (E2: Hibernate ORM and Reactive beside the raw stacks beneath them, on queries-20 unless --workload is given; with --level service the Quarkus services quarkus-orm and quarkus-reactive on /queries?queries=20).")
  String scenario;

  @Option(names = "--pool", defaultValue = "16", description = "Connection pool size, the same for every stack (default: ${DEFAULT-VALUE}).")
  public int pool;

  @Option(names = "--threads", defaultValue = "200", description = "Platform threads of jdbc-platform (default: ${DEFAULT-VALUE}, like Tomcat).")
  int threads;

  @Option(names = "--seed", defaultValue = "42", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  public long seed;

  @Option(names = "--url", description = "Your database: postgresql://user@host:5432/db (password from PGPASSWORD or ~/.pgpass)"
      + " or firebird://user@host:3050//path/db.fdb (password from ISC_PASSWORD or DBRACE_PASSWORD).")
  public String url;

  @Option(names = "--engine", description = "postgresql (default), mariadb or firebird: the engine of the embedded database; with --url, the URL says it.")
  public String engine;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<workload>).")
  Path out;

  @Option(names = "--stack-opt", description = "Stack option stack.key=value, e.g. vertx-pipelined.pipeliningLimit=16.")
  Map<String, String> stackOptions = new LinkedHashMap<>();

  @Option(names = "--jvm-arg", description = "Extra argument for every worker JVM, e.g. -Xmx512m.")
  List<String> jvmArgs = new ArrayList<>();

  @Option(names = "--rounds", paramLabel = "N", description = "Run every stack N times, interleaved (A B C, A B C ...), each a fresh worker, "
      + "so the machine's drift falls on every stack alike; tables show the median and range (1..20; default: 2 for run, 1 for curve; capacity runs 1).")
  public Integer rounds;

  /** {@code --rounds} (or the scenario file's load.rounds), else {@code byDefault}; checked 1..20. */
  public int rounds(int byDefault) {
    return RacePlan.checkRounds(rounds == null ? byDefault : rounds, "--rounds");
  }

  @Option(names = "--jfr", description = "Record a Flight Recorder file per worker and report its thread states.")
  boolean jfr;

  @Option(names = "--stall-timeout", converter = Durations.class, defaultValue = "60s", description = "Stop a run when no operation completes for this long (default: ${DEFAULT-VALUE}).")
  long stallTimeoutMs;

  @Option(names = "--run-timeout", converter = Durations.class, defaultValue = "30m", description = "Stop a run that takes longer than this (default: ${DEFAULT-VALUE}).")
  long runTimeoutMs;

  @Option(names = "--drain-timeout", converter = Durations.class, defaultValue = "30s", description = "Wait this long for in-flight operations at the end of a run (default: ${DEFAULT-VALUE}).")
  long drainTimeoutMs;

  @Option(names = "--warmup-max", converter = Durations.class, defaultValue = DEFAULT_WARMUP_MAX, description = "With --warmup auto: the longest warm-up; a run that is not steady by then is measured anyway and marked not settled (default: ${DEFAULT-VALUE}).")
  public long warmupMaxMs;

  public static final String DEFAULT_WARMUP_MAX = "60s";

  /** The race's engine: the URL's scheme, else {@code --engine}, else PostgreSQL; a mismatch is the user's error. */
  public Engine engine() {
    return engine(engine, url);
  }

  /** {@link #engine()} for a command with its own {@code --engine} and {@code --url}. */
  public static Engine engine(String engine, String url) {
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
    require(given == null || given == fromUrl, "--engine " + given + " contradicts the --url, which is a " + fromUrl.label() + " URL");
    return fromUrl;
  }

  /**
   * E2's stacks, unless the command line named its own; the workload too. At the service level the
   * scenario names services and an endpoint instead ({@link ServiceLevel#applyScenario}); {@code service}
   * is null for commands that have no service level.
   */
  void applyScenario(picocli.CommandLine.Model.CommandSpec spec, ServiceLevel service) {
    if (scenario == null) {
      return;
    }
    var given = spec.commandLine().getParseResult();
    if (service != null && service.on()) {
      service.applyScenario(scenario, given);
      if (scenario.equals("node-e5") && !given.hasMatchedOption("--pool")) {
        pool = ServiceLevel.NODE_E5_POOL;
      }
      return;
    }
    if (!scenario.equals("hibernate")) {
      throw new UserError("unknown scenario '" + scenario + "' (known: hibernate)");
    }
    if (!given.hasMatchedOption("--stacks")) {
      stacks = List.of("hibernate-orm", "hibernate-reactive", "jdbc-platform", "vertx");
    }
    if (!given.hasMatchedOption("--workload")) {
      workload = "queries-20";
    }
  }

  WorkloadSpec workloadSpec() {
    try {
      return Workloads.byName(workload, workloadOptions);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
  }

  /** Validates everything and builds the settings; {@code load} is the race's (first) load model. */
  RaceSettings settings(WorkloadSpec spec, LoadModel load, int concurrency, long warmupMs) {
    require(pool >= 1 && pool <= 1000, "--pool must be 1..1000, got " + pool);
    require(threads >= 1 && threads <= 10_000, "--threads must be 1..10000, got " + threads);
    StackCatalog catalog = StackCatalog.discover(Main.home());
    List<String> stackList = new ArrayList<>(new LinkedHashSet<>(stacks));
    Engine eng = engine();
    if (eng != Engine.POSTGRESQL && stackList.equals(List.of(DEFAULT_STACKS.split(",")))) {
      // the default stacks are PostgreSQL's: on another engine the default is every stack that speaks it
      stackList = databaseStacks(catalog, eng);
    }
    for (String name : stackList) {
      if (!catalog.get(name).engines().contains(eng)) {
        throw new UserError("stack " + name + " does not speak " + eng.label() + " (it speaks "
            + catalog.get(name).engines().stream().map(Engine::label).sorted().toList() + "); "
            + "choose among " + databaseStacks(catalog, eng) + " with --stacks");
      }
    }
    // film-title reads Pagila's view, slow-mix calls pg_sleep, ledger is the fault runs': PostgreSQL only.
    // A scenario file's own SQL runs wherever its stacks do.
    boolean builtIn = !spec.options().containsKey("scenario");
    if (eng != Engine.POSTGRESQL && builtIn && !List.of("point-select", "queries-20").contains(spec.name())) {
      throw new UserError("workload " + spec.name() + " needs PostgreSQL; on " + eng.label()
          + " use point-select or queries-20");
    }
    stackList.forEach(catalog::get);
    if (spec.transactional()) {
      String op = spec.mix().stream().filter(o -> o.transaction()).findFirst().orElseThrow().name();
      for (String s : stackList) {
        require(catalog.get(s).transactions(), "stack " + s + " cannot run operation '" + op
            + "' in one transaction (transaction: true); leave it out with --stacks");
      }
    }
    checkTls(catalog, stackList, eng);
    return settings(stackList, spec, load, concurrency, warmupMs);
  }

  /**
   * Refuses, naming the stack, a race whose --url asks for a TLS mode one of its stacks cannot do
   * (verify-ca/verify-full without sslrootcert on a driver with no default root certificate): the
   * stacks must connect alike or not race. A malformed URL is left to the database session to report.
   */
  private void checkTls(StackCatalog catalog, List<String> stackList, Engine eng) {
    dev.dbrace.db.DbTarget target = tlsTarget(url, eng);
    if (target != null && target.sslMode().verifies() && target.sslRootCert() == null) {
      for (String name : stackList) {
        require(catalog.get(name).verifiesWithoutRootCert(), "stack " + name + " cannot do sslmode=" + target.sslMode()
            + " without a root certificate (its driver has no default one): add sslrootcert=FILE to --url");
      }
    }
  }

  /**
   * The --url's target, for its TLS settings, before any connection: null without a URL (the embedded
   * server, libpq's default prefer) or off PostgreSQL. A malformed URL is the user's error.
   */
  static dev.dbrace.db.DbTarget tlsTarget(String url, Engine eng) {
    if (url == null || eng != Engine.POSTGRESQL) {
      return null;
    }
    try {
      return dev.dbrace.db.DbTarget.parse(url, System.getenv(), null);
    } catch (IllegalArgumentException e) {
      throw new UserError(Secrets.redact(e.getMessage()));
    }
  }

  /** The stacks a driver-level race on {@code engine} may name: those that speak it. */
  static List<String> databaseStacks(StackCatalog catalog, Engine engine) {
    return catalog.entries().stream().filter(e -> e.engines().contains(engine))
        .map(StackCatalog.Entry::name).toList();
  }

  /** The same for subjects that are not stacks (service variants), already checked by the caller. */
  RaceSettings settings(List<String> subjects, WorkloadSpec spec, LoadModel load, int concurrency, long warmupMs) {
    require(pool >= 1 && pool <= 1000, "--pool must be 1..1000, got " + pool);
    WarmupConverter.validate(warmupMs, warmupMaxMs,
        mixee != null && mixee.commandLine().getParseResult().hasMatchedOption("--warmup-max"));
    List<String> stackList = List.copyOf(subjects);
    Map<String, Map<String, String>> perStack = StackOptions.split(stackOptions, stackList);
    return new RaceSettings(stackList, spec, load, pool, concurrency, threads, warmupMs, seed, perStack,
        workerJvmArgs(jvmArgs), Path.of(System.getProperty("java.home"), "bin", "java"), stallTimeoutMs, runTimeoutMs,
        drainTimeoutMs, jfr, warmupMaxMs);
  }

  /** The command these options are mixed into: whether --warmup-max was typed (it is refused with a fixed warm-up). */
  @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
  picocli.CommandLine.Model.CommandSpec mixee;

  /** The JVM arguments every forked JVM gets (workers and services alike), then the user's {@code extra}. */
  static List<String> workerJvmArgs(List<String> extra) {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) {
      args.add("--sun-misc-unsafe-memory-access=allow"); // Netty 4.1 on JDK 24+ would warn on stderr
    }
    args.addAll(extra);
    return args;
  }

  /** "MIN-MAX" as two non-negative integers; a malformed one is the user's error naming {@code option}. */
  static int[] range(String text, String option) {
    String[] p = text.trim().split("-", 2);
    try {
      int min = Integer.parseInt(p[0].trim());
      int max = p.length == 2 ? Integer.parseInt(p[1].trim()) : min;
      require(min >= 0 && max >= min, option + " must be MIN-MAX with 0 <= MIN <= MAX, got " + text);
      return new int[] {min, max};
    } catch (NumberFormatException e) {
      throw new UserError(option + " must be MIN-MAX in milliseconds, e.g. 1000-3000, got " + text);
    }
  }

  public static void require(boolean ok, String message) {
    if (!ok) {
      throw new UserError(message);
    }
  }
}
