package dev.dbrace.core.experiment;

import dev.dbrace.core.run.RunStatus;
import java.util.Map;

/**
 * experiment.json: one run of one experiment, as the CLI writes it and the report reads it.
 *
 * @param status {@code ok}, {@code failed} (the experiment raised an error) or {@code crashed}
 *     (the worker died without a result)
 * @param result null unless ok
 */
public record ExperimentRun(
    String id,
    String experiment,
    String description,
    String command,
    String startedAt,
    String finishedAt,
    RunStatus status,
    String message,
    String database,
    String serverVersion,
    Map<String, String> options,
    ExperimentResult result) {}
