package dev.dbrace.cluster.wire;

/** The controller took the agent: it may now be given runs. */
public record HelloAccepted(String controllerId) implements HelloReply {}
