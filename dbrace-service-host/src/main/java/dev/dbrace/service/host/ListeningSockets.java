package dev.dbrace.service.host;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process (and its descendants) listens on, from Linux's /proc: its open socket inodes
 * ({@code /proc/PID/fd}) matched against the kernel's tables of listening sockets ({@code /proc/PID/net/tcp}, {@code
 * tcp6}). How dbrace tells a service that listens, but elsewhere than it was told, from one that is still starting.
 * Empty where /proc cannot say (another OS, a process gone).
 */
final class ListeningSockets {
  /** {@code st} of a listening socket in /proc/net/tcp. */
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /** {@code host:port} of every socket {@code process} or a descendant listens on. */
  static List<String> of(ProcessHandle process) {
    Set<String> inodes = new HashSet<>();
    List<ProcessHandle> all = new ArrayList<>();
    all.add(process);
    process.descendants().forEach(all::add);
    for (ProcessHandle p : all) {
      inodes.addAll(socketInodes(p.pid()));
    }
    if (inodes.isEmpty()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String table : List.of("tcp", "tcp6")) {
      try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(process.pid()), "net", table))) {
        lines.skip(1).map(String::trim).map(l -> l.split("\\s+")).filter(f -> f.length > 9 && LISTEN.equals(f[3])
            && inodes.contains(f[9])).forEach(f -> out.add(address(f[1])));
      } catch (IOException | RuntimeException e) {
        // no such table here, or the process is gone: nothing to say
      }
    }
    return out;
  }

  private static Set<String> socketInodes(long pid) {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      fds.forEach(fd -> {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException | UnsupportedOperationException e) {
          // closed meanwhile
        }
      });
    } catch (IOException | RuntimeException e) {
      // gone, or not ours to read
    }
    return inodes;
  }

  /** {@code 0100007F:1F90} (little-endian words) as {@code 127.0.0.1:8080}; IPv6 likewise. */
  static String address(String hexHostPort) {
    String[] hp = hexHostPort.split(":");
    int port = Integer.parseInt(hp[1], 16);
    byte[] b = new byte[hp[0].length() / 2];
    for (int word = 0; word < b.length / 4; word++) {
      for (int i = 0; i < 4; i++) {
        b[word * 4 + i] = (byte) Integer.parseInt(hp[0].substring(word * 8 + (3 - i) * 2, word * 8 + (3 - i) * 2 + 2), 16);
      }
    }
    try {
      String host = InetAddress.getByAddress(b).getHostAddress();
      return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    } catch (UnknownHostException e) {
      return hexHostPort;
    }
  }
}
