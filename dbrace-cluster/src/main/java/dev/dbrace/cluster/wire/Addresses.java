package dev.dbrace.cluster.wire;

/** The event-bus addresses dbrace's members talk on. */
public final class Addresses {
  /** The controller's: agents send {@link AgentHello} here (request-reply), the answer is a {@link HelloReply}. */
  public static final String CONTROLLER_HELLO = "dbrace.controller.hello";

  private Addresses() {}

  /** Where the controller {@code controllerId} hears of its runs' parts ({@link PartEvent}). */
  public static String controllerRuns(String controllerId) {
    return "dbrace.controller." + controllerId + ".runs";
  }

  /** Where the agent {@code agentId} takes the controller's go and stop for the part it drives ({@link RunControl}). */
  public static String agentControl(String agentId) {
    return "dbrace.agent." + agentId + ".control";
  }

  /** Where the agent {@code agentId} takes the runs it is given. */
  public static String agentRun(String agentId) {
    return "dbrace.agent." + agentId + ".run";
  }
}
