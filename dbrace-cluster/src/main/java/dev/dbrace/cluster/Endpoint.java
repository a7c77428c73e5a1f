package dev.dbrace.cluster;

import dev.dbrace.runner.UserError;
import java.util.ArrayList;
import java.util.List;

/**
 * A member's cluster-manager address as a user writes it: {@code HOST[:PORT]}, an IPv6 host in brackets
 * ({@code [fd00::2]:5701}). Immutable.
 *
 * @param host a host name or address, not resolved here (the cluster manager resolves it when it joins)
 * @param port 1-65535
 */
public record Endpoint(String host, int port) {
  public Endpoint {
    UserError.require(host != null && !host.isBlank(), "a member's address has no host");
    UserError.require(port > 0 && port < 65536, "port " + port + " of " + host + " is not in 1-65535");
  }

  /**
   * Parses a comma-separated list of {@code HOST[:PORT]}; a member without a port gets {@code defaultPort}.
   *
   * @throws UserError naming the entry that is not {@code HOST[:PORT]}
   */
  public static List<Endpoint> parseList(String text, int defaultPort) {
    List<Endpoint> out = new ArrayList<>();
    for (String item : text.split(",", -1)) {
      out.add(parse(item.trim(), defaultPort));
    }
    return List.copyOf(out);
  }

  static Endpoint parse(String item, int defaultPort) {
    String host = item;
    String port = null;
    if (item.startsWith("[")) {
      int close = item.indexOf(']');
      UserError.require(close > 1, "'" + item + "' is not HOST[:PORT] (an IPv6 address goes in brackets: [fd00::2]:5701)");
      host = item.substring(1, close);
      String rest = item.substring(close + 1);
      UserError.require(rest.isEmpty() || rest.startsWith(":"), "'" + item + "' is not HOST[:PORT]");
      port = rest.isEmpty() ? null : rest.substring(1);
    } else if (item.indexOf(':') >= 0) {
      UserError.require(item.indexOf(':') == item.lastIndexOf(':'),
          "'" + item + "' is not HOST[:PORT] (an IPv6 address goes in brackets: [fd00::2]:5701)");
      host = item.substring(0, item.indexOf(':'));
      port = item.substring(item.indexOf(':') + 1);
    }
    UserError.require(!host.isBlank(), "'" + item + "' is not HOST[:PORT]: no host");
    if (port == null) {
      return new Endpoint(host, defaultPort);
    }
    try {
      return new Endpoint(host, Integer.parseInt(port));
    } catch (NumberFormatException e) {
      throw new UserError("'" + item + "' is not HOST[:PORT]: '" + port + "' is not a port");
    }
  }

  /** {@code HOST:PORT} as Hazelcast's member list takes it. */
  @Override
  public String toString() {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
