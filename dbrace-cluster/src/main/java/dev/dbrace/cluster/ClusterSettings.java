package dev.dbrace.cluster;

import dev.dbrace.runner.UserError;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.List;

/**
 * How one member takes part: the address it binds both its ports to, the cluster manager's port and the event bus's,
 * whom it asks to join, and the key. Validated when made, so a bad one fails before anything listens. Immutable.
 *
 * @param bind an address of one of this host's interfaces (neither the wildcard nor another host's)
 * @param port the cluster manager's (Hazelcast's) port, exactly: no trying the next one when it is taken
 * @param busPort the event bus's port
 * @param join members of the cluster to join; empty starts a cluster (others join this one)
 */
public record ClusterSettings(String clusterName, InetAddress bind, int port, int busPort, List<Endpoint> join, ClusterKey key) {
  /** The cluster name every dbrace member uses: it keeps other Hazelcast clusters apart, it is no secret. */
  public static final String CLUSTER_NAME = "dbrace";
  /** Hazelcast's usual port. */
  public static final int DEFAULT_PORT = 5701;
  /** The event bus's port unless told. */
  public static final int DEFAULT_BUS_PORT = 5711;

  public ClusterSettings {
    UserError.require(clusterName != null && !clusterName.isBlank(), "the cluster needs a name");
    UserError.require(port > 0 && port < 65536, "--port " + port + " is not in 1-65535");
    UserError.require(busPort > 0 && busPort < 65536, "--bus-port " + busPort + " is not in 1-65535");
    UserError.require(port != busPort, "--port and --bus-port are both " + port + ": the cluster manager and the event bus need one each");
    join = List.copyOf(join);
  }

  /** Settings with dbrace's cluster name. */
  public static ClusterSettings of(InetAddress bind, int port, int busPort, List<Endpoint> join, ClusterKey key) {
    return new ClusterSettings(CLUSTER_NAME, bind, port, busPort, join, key);
  }

  /**
   * The address {@code text} names, if it is one of this host's.
   *
   * @throws UserError when it does not resolve, is the wildcard, or belongs to no interface here
   */
  public static InetAddress bindAddress(String text) {
    InetAddress address;
    try {
      address = InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      throw new UserError("--bind " + text + ": no such host");
    }
    UserError.require(!address.isAnyLocalAddress(),
        "--bind " + text + ": the wildcard address binds no member: give one interface's address");
    try {
      UserError.require(NetworkInterface.getByInetAddress(address) != null,
          "--bind " + text + ": " + address.getHostAddress() + " is not an address of this host (see: ip -brief addr)");
    } catch (SocketException e) {
      throw new UserError("--bind " + text + ": cannot list this host's interfaces: " + e.getMessage());
    }
    return address;
  }

  /** This member's own cluster-manager address. */
  public Endpoint self() {
    return new Endpoint(bind.getHostAddress(), port);
  }
}
