package dev.dbrace.cluster.wire;

import dev.dbrace.core.run.RunSpec;
import java.util.List;

/**
 * Controller to agent ({@link Addresses#agentRun}, request-reply: an empty answer is yes, a failure says why not): drive
 * your part of a run. The spec is the part's ({@code RunSpec#sharedAs}: its share of the load, held for the go); the
 * agent writes its files where it likes and reads the database password from its own environment (PGPASSWORD, else
 * ~/.pgpass): the spec has none, and none travels.
 *
 * @param controllerId where the agent reports ({@link Addresses#controllerRuns}), and whose leaving ends the part
 * @param stack the stack's name in the agent's catalog (its module's classpath on that host)
 * @param workerJvmArgs the arguments every worker JVM of the race gets
 */
public record RunOrder(String runId, String controllerId, String stack, RunSpec spec, List<String> workerJvmArgs,
    long stallTimeoutMs, long runTimeoutMs, long drainTimeoutMs) {}
