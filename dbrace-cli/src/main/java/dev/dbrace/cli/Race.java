package dev.dbrace.cli;

import dev.dbrace.core.workload.WorkloadSpec;
import java.util.List;
import java.util.Map;

/** Everything race.json holds: enough to understand and rerun the race. */
public record Race(
    String id,
    String command,
    String started,
    String finished,
    Environment environment,
    Settings settings,
    WorkloadSpec workload,
    List<RunRecord> runs) {

  /** Where the race ran. {@code database} is a URL without password. */
  public record Environment(
      String dbraceVersion,
      String gitRevision,
      String jdk,
      String os,
      int cores,
      long memoryMb,
      String database,
      boolean embeddedDatabase,
      String serverVersion) {}

  /** The settings shared by every run of the race. */
  public record Settings(
      List<String> stacks,
      String workload,
      Map<String, String> workloadOptions,
      String load,
      int pool,
      int concurrency,
      int threads,
      long warmupMs,
      long seed,
      Map<String, Map<String, String>> stackOptions,
      List<String> workerJvmArgs) {}
}
