package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** What the runner needs for a race, validated by the command that builds it. */
record RaceSettings(
    List<String> stacks,
    WorkloadSpec workload,
    LoadModel load,
    int pool,
    int concurrency,
    int threads,
    long warmupMs,
    long seed,
    Map<String, Map<String, String>> stackOptions,
    List<String> workerJvmArgs,
    Path java,
    long stallTimeoutMs,
    long runTimeoutMs,
    long drainTimeoutMs) {}
