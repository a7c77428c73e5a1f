package dev.dbrace.runner.inputs;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.StackCatalog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a driver-level race's stacks and their options are checked against before a run starts; each refusal one line. */
public final class StackChecks {
  private StackChecks() {}

  /**
   * The stacks a driver-level race runs on {@code eng}, each checked: known, speaking the engine,
   * able to run the workload (its engine, its transactions) and the --url's TLS mode. The default
   * stacks are PostgreSQL's: on another engine they become every stack that speaks it.
   */
  static List<String> check(List<String> stacks, WorkloadSpec workload, String url, Engine eng) {
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
  private static void checkTls(StackCatalog catalog, List<String> stackList, String url, Engine eng) {
    DbTarget target = tlsTarget(url, eng);
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
  public static DbTarget tlsTarget(String url, Engine eng) {
    if (url == null || eng != Engine.POSTGRESQL) {
      return null;
    }
    try {
      return DbTarget.parse(url, System.getenv(), null);
    } catch (IllegalArgumentException e) {
      throw new UserError(Secrets.redact(e.getMessage()));
    }
  }

  /** The stacks a driver-level race on {@code engine} may name: those that speak it. */
  private static List<String> databaseStacks(StackCatalog catalog, Engine engine) {
    return catalog.entries().stream().filter(e -> e.engines().contains(engine))
        .map(StackCatalog.Entry::name).toList();
  }

  /** {@code --threads} as the stacks get it: 1..{@link Defaults#THREADS_MAX}, or elastic; a list is curve's alone. */
  public static int threads(String value) {
    UserError.require(!value.contains(","), "--threads takes one value here (a number or elastic); a list sweeps it in curve");
    if (value.trim().equalsIgnoreCase("elastic")) {
      return StackConfig.ELASTIC_THREADS;
    }
    int n;
    try {
      n = Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new UserError("--threads must be elastic or 1.." + Defaults.THREADS_MAX + ", got '" + value + "'");
    }
    UserError.require(n >= 1 && n <= Defaults.THREADS_MAX, "--threads must be elastic or 1.." + Defaults.THREADS_MAX + ", got " + n);
    return n;
  }

  /**
   * Splits {@code --stack-opt stack.key=value} into each stack's own options. An option named by a stack applies to
   * every replica of it ({@code jdbc-platform} and {@code jdbc-platform#2} alike, so an A/A race stays equal); one named
   * by a replica ({@code vertx#2.transport=epoll}) to that replica alone, over the stack's.
   */
  static Map<String, Map<String, String>> stackOptions(Map<String, String> raw, List<String> stacks) {
    Map<String, Map<String, String>> out = new HashMap<>();
    stacks.forEach(s -> out.put(s, new LinkedHashMap<>()));
    Map<String, Map<String, String>> byReplica = new HashMap<>();
    raw.forEach((key, value) -> {
      int dot = key.indexOf('.');
      if (dot <= 0 || dot == key.length() - 1) {
        throw new UserError("--stack-opt " + key + "=" + value + ": write it as stack.key=value, e.g. vertx.cachePreparedStatements=false");
      }
      String stack = key.substring(0, dot);
      if (!out.containsKey(stack)) {
        throw new UserError("--stack-opt " + key + ": stack " + stack + " is not in this race (" + String.join(", ", stacks) + ")");
      }
      String option = key.substring(dot + 1);
      if (stack.equals(Replicas.base(stack))) {
        stacks.stream().filter(s -> Replicas.base(s).equals(stack)).forEach(s -> out.get(s).put(option, value));
      } else {
        byReplica.computeIfAbsent(stack, k -> new LinkedHashMap<>()).put(option, value);
      }
    });
    byReplica.forEach((replica, options) -> out.get(replica).putAll(options));
    return out;
  }
}
