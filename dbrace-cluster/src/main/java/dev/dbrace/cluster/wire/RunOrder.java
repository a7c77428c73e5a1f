package dev.dbrace.cluster.wire;

import dev.dbrace.core.run.RunSpec;
import dev.dbrace.runner.RaceSettings;
import java.util.List;

/**
 * Controller to agent ({@link Addresses#agentRun}, request-reply: an empty answer is yes, a failure says why not): drive
 * your part of a run. The spec is the part's ({@code RunSpec#sharedAs}: its share of the load, held for the go); the
 * agent writes its files where it likes and reads the database password from its own environment (PGPASSWORD, else
 * ~/.pgpass): the spec has none, and none travels.
 *
 * @param controllerId where the agent reports ({@link Addresses#controllerRuns}), and whose leaving ends the part
 * @param level the race's level: at the service level the stack is a load generator ({@code <home>/generators}) driving
 *     a service on the controller's host, and only answers count as progress
 * @param stack the stack's name in the agent's catalog of that level (its module's classpath on that host)
 * @param workerJvmArgs the arguments every worker JVM of the race gets
 * @param requestTimeoutMs the service level's request timeout; 0 at the driver level
 */
public record RunOrder(String runId, String controllerId, RaceSettings.Level level, String stack, RunSpec spec,
    List<String> workerJvmArgs, long stallTimeoutMs, long runTimeoutMs, long drainTimeoutMs, long requestTimeoutMs) {}
