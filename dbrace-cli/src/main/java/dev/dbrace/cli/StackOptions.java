package dev.dbrace.cli;

import dev.dbrace.runner.Defaults;
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

  @Option(names = "--jfr", description = "Record a Flight Recorder file per worker and report its thread states.")
  boolean jfr;

  @Option(names = "--aot", description = "Start each worker JVM from JDK 25's ahead-of-time cache (classes and method"
      + " profiles of an earlier run of the same stack and workload; the first such run records it), so warm-up settles"
      + " sooner; race.json says per run whether it trained or used one.")
  boolean aot;

  @Option(names = "--rounds", paramLabel = "N", description = "Run every stack N times, interleaved and turned a place each"
      + " round (A B C, B C A ...), each a fresh worker, so the machine's drift falls on every stack alike; tables show the"
      + " median and range, and the verdict states a lead only where 3 or more rounds prove it (1.." + Defaults.MAX_ROUNDS
      + "; default: "
      + Defaults.RUN_ROUNDS + " for run, " + Defaults.CURVE_ROUNDS + " for curve; capacity runs 1).")
  Integer rounds;
}
