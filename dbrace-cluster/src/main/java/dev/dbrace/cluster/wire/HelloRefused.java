package dev.dbrace.cluster.wire;

/**
 * The controller will not use the agent.
 *
 * @param reason one line that names why (another dbrace build: both build ids)
 */
public record HelloRefused(String controllerId, String reason) implements HelloReply {}
