package dev.dbrace.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.dbrace.core.run.Progress;
import dev.dbrace.runner.shared.PartReport;

/**
 * Agent to controller ({@link Addresses#controllerRuns}): what the agent's part of run {@code runId} did, one small
 * record per kind, in the order its worker did it.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "event")
@JsonSubTypes({
  @JsonSubTypes.Type(value = PartEvent.Settled.class, name = "settled"),
  @JsonSubTypes.Type(value = PartEvent.Measuring.class, name = "measuring"),
  @JsonSubTypes.Type(value = PartEvent.WindowClosed.class, name = "window_closed"),
  @JsonSubTypes.Type(value = PartEvent.Progressed.class, name = "progressed"),
  @JsonSubTypes.Type(value = PartEvent.Reported.class, name = "reported")
})
public sealed interface PartEvent {
  String runId();

  String agentId();

  /** Its warm-up rule ended warm-up ({@code ended}: settled, cap, fixed or none); it waits for the go. */
  record Settled(String runId, String agentId, String ended) implements PartEvent {}

  /** Its measured phase began, at {@code atMicros} since the epoch on the agent's clock. */
  record Measuring(String runId, String agentId, long atMicros) implements PartEvent {}

  /** Its measured window closed; its operations in flight drain. */
  record WindowClosed(String runId, String agentId) implements PartEvent {}

  /** Its counts so far. */
  record Progressed(String runId, String agentId, Progress progress) implements PartEvent {}

  /** Its part ended: the figures, or why there are none. */
  record Reported(String runId, String agentId, PartReport report) implements PartEvent {}
}
