package dev.dbrace.cli;

import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Replicas;
import dev.dbrace.runner.UserError;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * What races at the driver level and how often: the stacks, the workload, each stack's own options.
 * A picocli mixin of run, curve, capacity and validate (serve-race races services instead); the
 * values are what the command line said, layered over a scenario's by {@link RequestResolver}.
 */
final class StackOptions {
  @Option(names = "--stacks", split = ",", description = "Stacks to race"
      + " (default: ${DEFAULT-VALUE}; on another engine every stack that speaks it).")
  List<String> stacks;

  @Option(names = "--workload", description = "Workload (see dbrace list; default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(names = "--workload-opt", description = "Workload option key=value, e.g. sleep=0.5 for slow-mix.")
  Map<String, String> workloadOptions = new LinkedHashMap<>();

  @Option(names = "--stack-opt", description = "Stack option stack.key=value, e.g. vertx-pipelined.pipeliningLimit=16.")
  Map<String, String> stackOptions = new LinkedHashMap<>();

  @Option(names = "--threads", paramLabel = "N|elastic",
      description = "Platform threads of jdbc-platform and hibernate-orm (default: ${DEFAULT-VALUE}, like Tomcat), or elastic:"
          + " a cached pool that grows with the operations in flight, as Reactor's elastic scheduler; curve sweeps a list,"
          + " e.g. 50,200,800.")
  String threads;

  /** {@code --threads} as the stacks get it: 1..{@link Defaults#THREADS_MAX}, or elastic; a list is curve's alone. */
  static int threads(String value) {
    UserError.require(!value.contains(","), "--threads takes one value here (a number or elastic); a list sweeps it in curve");
    if (value.trim().equalsIgnoreCase("elastic")) {
      return dev.dbrace.core.spi.StackConfig.ELASTIC_THREADS;
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

  @Option(names = "--jfr", description = "Record a Flight Recorder file per worker and report its thread states.")
  boolean jfr;

  @Option(names = "--rounds", paramLabel = "N", description = "Run every stack N times, interleaved and turned a place each"
      + " round (A B C, B C A ...), each a fresh worker, so the machine's drift falls on every stack alike; tables show the"
      + " median and range, and the verdict states a lead only where 3 or more rounds prove it (1.." + Defaults.MAX_ROUNDS
      + "; default: "
      + Defaults.RUN_ROUNDS + " for run, " + Defaults.CURVE_ROUNDS + " for curve; capacity runs 1).")
  Integer rounds;

  /**
   * Splits {@code --stack-opt stack.key=value} into each stack's own options. An option named by a stack applies to
   * every replica of it ({@code jdbc-platform} and {@code jdbc-platform#2} alike, so an A/A race stays equal); one named
   * by a replica ({@code vertx#2.transport=epoll}) to that replica alone, over the stack's.
   */
  static Map<String, Map<String, String>> split(Map<String, String> raw, List<String> stacks) {
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
