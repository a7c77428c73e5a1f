package dev.dbrace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Hosts of the test's own: each reaches the test at the bridge's address from its own, and nothing is left after. */
class TestNetworkIT {
  @Test
  void eachHostReachesTheBridgeFromItsOwnAddressAndNothingIsLeftAfter() throws Exception {
    TestNetwork net = TestNetwork.create(2);
    Process sleeper;
    try (net; ServerSocket server = new ServerSocket(0, 10, InetAddress.getByName(net.bridgeAddress()))) {
      assertNotEquals(net.host(0).address(), net.host(1).address());
      for (TestNetwork.Host host : net.hosts()) {
        // bash's /dev/tcp: a TCP connection from inside the host, no tool needed
        Process p = new ProcessBuilder(host.command(List.of("bash", "-c",
            "exec 3<>/dev/tcp/" + net.bridgeAddress() + "/" + server.getLocalPort() + "; echo hello >&3"))).start();
        try (Socket s = server.accept()) {
          assertEquals(host.address(), s.getInetAddress().getHostAddress(), "the connection comes from the host's address");
        }
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0);
      }
      sleeper = new ProcessBuilder(net.host(0).command(List.of("sleep", "600"))).start();
      assertTrue(sleeper.isAlive());
    }
    assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS), "what still ran in a host is killed");
    String namespaces = run("ip", "netns", "list");
    String links = run("ip", "-o", "link", "show");
    for (TestNetwork.Host host : net.hosts()) {
      assertFalse(namespaces.contains(host.namespace()), namespaces);
    }
    assertFalse(links.contains(net.host(0).namespace().replaceAll("n0$", "")), "the bridge and veths are gone: " + links);
  }

  private static String run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    p.waitFor(10, TimeUnit.SECONDS);
    return out;
  }
}
