package dev.dbrace.cluster.wire;

/**
 * Controller to agent ({@link Addresses#agentControl}): {@link #GO} starts the held part's measured phase (sent to every
 * agent once all settled), {@link #STOP} asks it to stop and report what it measured (Ctrl-C on the controller).
 */
public record RunControl(String runId, String command) {
  public static final String GO = "go";
  public static final String STOP = "stop";
}
