package dev.dbrace.cluster.wire;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** The controller's answer to an {@link AgentHello}: {@link HelloAccepted} or {@link HelloRefused}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({@JsonSubTypes.Type(value = HelloAccepted.class, name = "accepted"),
    @JsonSubTypes.Type(value = HelloRefused.class, name = "refused")})
public sealed interface HelloReply permits HelloAccepted, HelloRefused {
  /** The controller's cluster node id: the agent announces itself again when that member leaves. */
  String controllerId();
}
