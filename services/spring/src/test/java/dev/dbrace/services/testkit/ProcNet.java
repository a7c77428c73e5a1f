package dev.dbrace.services.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Who listens on a TCP port, from {@code /proc/net/tcp} and {@code tcp6}: to check a service binds only where told. */
public final class ProcNet {
  private static final String LISTEN = "0A";

  private ProcNet() {}

  /**
   * The local addresses listening on {@code port}, e.g. "127.0.0.1" or "0.0.0.0"; an IPv6
   * socket bound to an IPv4-mapped address (as Java binds) shows as the IPv4 address.
   */
  public static List<String> listeners(int port) throws IOException {
    String hexPort = String.format(":%04X", port);
    List<String> addresses = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path file = Path.of(table);
      if (!Files.exists(file)) {
        continue;
      }
      for (String line : Files.readAllLines(file)) {
        String[] f = line.strip().split("\\s+");
        if (f.length > 3 && f[1].endsWith(hexPort) && f[3].equals(LISTEN)) {
          addresses.add(decode(f[1].substring(0, f[1].length() - hexPort.length())));
        }
      }
    }
    return addresses;
  }

  /** The kernel's hex: 4-byte words, each in host (little-endian) order. */
  static String decode(String hex) throws UnknownHostException {
    byte[] address = new byte[hex.length() / 2];
    for (int word = 0; word < address.length / 4; word++) {
      for (int b = 0; b < 4; b++) {
        int at = (word * 4 + 3 - b) * 2;
        address[word * 4 + b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
      }
    }
    // getByAddress gives an Inet4Address for an IPv4-mapped IPv6 address.
    return InetAddress.getByAddress(address).getHostAddress();
  }
}
