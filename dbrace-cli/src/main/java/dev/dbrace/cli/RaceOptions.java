package dev.dbrace.cli;

import dev.dbrace.cli.console.ConsoleOutput;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.StackCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options every racing command shares (run, curve, capacity, serve-race, validate): the
 * scenario, the seed, the results folder and how wide the console's table is, beside the {@link DatabaseOptions}, {@link GuardOptions}
 * and, at the driver level, {@link StackOptions} mixins. Also the checks those commands share.
 * The fields are what the command line said; {@link RequestResolver} layers them over a scenario's.
 */
public final class RaceOptions {
  @Option(names = "--scenario", description = "A scenario shipped with dbrace (scenarios/NAME.yaml, read like your own scenario file;"
      + " options given here override it): hibernate (E2: Hibernate ORM and Reactive beside the raw stacks beneath them on queries-20;"
      + " at the service level quarkus-orm and quarkus-reactive on /queries?queries=20), notification (E4, service level:"
      + " /notifications with 1,000 users at once, remote calls of 1-3 s) or node-e5 (E5, service level: the six Node.js"
      + " connection styles on /relations, 10000 requests 5 at a time, pool 5; on Firebird also the four async styles on the"
      + " firebird addon's libfbclient calls, node-fbclient-*).")
  String scenario;

  @Option(names = "--seed", description = "Seed of the parameter sequence (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = "--out", description = "Results folder (default: results/<timestamp>-<workload or endpoint>).")
  Path out;

  @Option(names = "--wide", description = "Print every column of the table at the end (some 300 characters wide: p99.9, max,"
      + " status, unfinished, CPU user/sys, page faults, context switches, the server's figures...); by default it shows the"
      + " figures compared first and fits 120 columns. race.json and summary.csv have every figure either way.")
  boolean wide;

  /** A race on this process's console: stdout for the results, stderr for progress (redrawn where it is a terminal). */
  RunListener console() {
    return new ConsoleOutput(System.out, System.err, RunCommand.tty(), wide);
  }

  /** The race's engine: the URL's scheme, else {@code engine}, else PostgreSQL; a mismatch is the user's error. */
  static Engine engine(String engine, String url) {
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

  /**
   * The stacks a driver-level race runs on {@code eng}, each checked: known, speaking the engine,
   * able to run the workload (its engine, its transactions) and the --url's TLS mode. The default
   * stacks are PostgreSQL's: on another engine they become every stack that speaks it.
   */
  static List<String> checkStacks(List<String> stacks, dev.dbrace.core.workload.WorkloadSpec workload, String url, Engine eng) {
    StackCatalog catalog = StackCatalog.discover(Home.dir());
    List<String> stackList = new ArrayList<>(Replicas.numbered(stacks));
    if (eng != Engine.POSTGRESQL && stackList.equals(Defaults.STACKS)) {
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
    boolean builtIn = !workload.options().containsKey("scenario");
    if (eng != Engine.POSTGRESQL && builtIn && !List.of("point-select", "queries-20").contains(workload.name())) {
      throw new UserError("workload " + workload.name() + " needs PostgreSQL; on " + eng.label() + " use point-select or queries-20");
    }
    if (workload.transactional()) {
      String op = workload.mix().stream().filter(o -> o.transaction()).findFirst().orElseThrow().name();
      for (String s : stackList) {
        UserError.require(catalog.get(s).transactions(), "stack " + s + " cannot run operation '" + op
            + "' in one transaction (transaction: true); leave it out with --stacks");
      }
    }
    checkTls(catalog, stackList, url, eng);
    return stackList;
  }

  /**
   * Refuses, naming the stack, a race whose --url asks for a TLS mode one of its stacks cannot do
   * (verify-ca/verify-full without sslrootcert on a driver with no default root certificate): the
   * stacks must connect alike or not race. A malformed URL is left to the database session to report.
   */
  static void checkTls(StackCatalog catalog, List<String> stackList, String url, Engine eng) {
    dev.dbrace.db.DbTarget target = tlsTarget(url, eng);
    if (target != null && target.sslMode().verifies() && target.sslRootCert() == null) {
      for (String name : stackList) {
        UserError.require(catalog.get(name).verifiesWithoutRootCert(), "stack " + name + " cannot do sslmode=" + target.sslMode()
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

  /**
   * The JVM arguments every forked JVM gets (workers and services alike), then the user's {@code extra}. The JIT's CPU
   * is read per compiler thread at a run's readings ({@link dev.dbrace.core.run.ThreadCpu}): HotSpot's compiler threads
   * are kept from start to end, all of them, or on a machine of many cores a thread it starts and retires between two
   * readings would never count (jit_cpu_s, and the warm-up's JIT-quiet check, short of it).
   */
  static List<String> workerJvmArgs(List<String> extra) {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED", "-XX:-UseDynamicNumberOfCompilerThreads"));
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
      UserError.require(min >= 0 && max >= min, option + " must be MIN-MAX with 0 <= MIN <= MAX, got " + text);
      return new int[] {min, max};
    } catch (NumberFormatException e) {
      throw new UserError(option + " must be MIN-MAX in milliseconds, e.g. 1000-3000, got " + text);
    }
  }
}
