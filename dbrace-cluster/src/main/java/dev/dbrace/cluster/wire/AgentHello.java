package dev.dbrace.cluster.wire;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An agent announcing itself to the controller ({@link Addresses#CONTROLLER_HELLO}). Read leniently (fields it does not
 * know are ignored): it is the one message a member of another build sends, and the controller must read it to say why it
 * refuses it.
 *
 * @param agentId the agent's cluster node id, unique in the cluster: its run address is {@link Addresses#agentRun}
 * @param host the agent's host name
 * @param address the address it joined the cluster on
 * @param cores the processors its JVM sees ({@code availableProcessors})
 * @param buildId its dbrace build ({@code BuildId.value()})
 * @param jdk its JVM: vendor, name and version
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentHello(String agentId, String host, String address, int cores, String buildId, String jdk) {
  /** {@code host/address}: how race.json's {@code agents[].host} names the agent. */
  public String label() {
    return label(host, address);
  }

  /** {@code host/address}, as {@link #label()}, for an agent that has no hello at hand. */
  public static String label(String host, String address) {
    return host + "/" + address;
  }

  /** {@code host (address), N cores}, for one-line messages. */
  public String describe() {
    return host + " (" + address + "), " + cores + (cores == 1 ? " core" : " cores");
  }
}
