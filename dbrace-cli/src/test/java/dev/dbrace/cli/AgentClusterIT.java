package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cluster.Agents;
import dev.dbrace.cluster.BuildId;
import dev.dbrace.cluster.ClusterKey;
import dev.dbrace.cluster.ClusterListener;
import dev.dbrace.cluster.ClusterMember;
import dev.dbrace.cluster.ClusterNode;
import dev.dbrace.cluster.ClusterSettings;
import dev.dbrace.cluster.Endpoint;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.runner.UserError;
import dev.dbrace.testkit.TestNetwork;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbrace agent} on hosts of its own (network namespaces): forked agents join the controller of this JVM on the
 * bridge's address and announce themselves; one of another build is refused with one line; one with another key never
 * becomes an agent; a killed one is seen leaving at once, a stopped one within the missed heartbeats, a SIGTERM'd one
 * leaves cleanly. Needs root and ip (else skipped). Prints the join and leave times and an agent's RSS.
 */
class AgentClusterIT {
  private static final Duration COME = Duration.ofSeconds(90);

  @TempDir
  static Path dir;
  private static TestNetwork net;
  private static Path key;
  private static Path otherKey;
  private static ClusterNode controller;
  private static Agents agents;
  /** When each agent (by address) joined, was refused, left; and when members (by address) joined: nanoTime. */
  private static final Map<String, Long> joined = new ConcurrentHashMap<>();
  private static final Map<String, String> refused = new ConcurrentHashMap<>();
  private static final Map<String, Long> left = new ConcurrentHashMap<>();
  private static final Map<String, Long> members = new ConcurrentHashMap<>();
  private static final List<Process> started = new ArrayList<>();

  @BeforeAll
  static void cluster() throws Exception {
    net = TestNetwork.create(7); // hosts of each test's own
    key = dir.resolve("cluster-key.p12");
    otherKey = dir.resolve("other-key.p12");
    assertEquals(0, Cli.run("cluster-key", "--out", key.toString()).exit());
    assertEquals(0, Cli.run("cluster-key", "--out", otherKey.toString()).exit());
    InetAddress bridge = InetAddress.getByName(net.bridgeAddress());
    ClusterSettings settings = ClusterSettings.of(bridge, freePort(bridge), freePort(bridge), List.of(), ClusterKey.load(key));
    controller = ClusterNode.start(settings, Duration.ofSeconds(60));
    controller.listen(new ClusterListener() {
      @Override
      public void memberJoined(ClusterMember member, int count) {
        members.put(member.endpoint().host(), System.nanoTime());
      }
    });
    agents = Agents.open(controller, BuildId.current(), new Agents.Listener() {
      @Override
      public void joined(AgentHello agent) {
        joined.put(agent.address(), System.nanoTime());
      }

      @Override
      public void refused(AgentHello agent, String reason) {
        refused.put(agent.address(), reason);
      }

      @Override
      public void left(AgentHello agent) {
        left.put(agent.address(), System.nanoTime());
      }
    });
  }

  @AfterAll
  static void everythingGone() throws Exception {
    if (net == null) {
      return;
    }
    if (agents != null) {
      agents.close();
    }
    if (controller != null) {
      controller.close();
    }
    net.close();
    for (Process p : started) {
      assertTrue(p.waitFor(10, TimeUnit.SECONDS), "an agent outlived the test");
    }
    String namespaces = output("ip", "netns", "list");
    net.hosts().forEach(h -> assertFalse(namespaces.contains(h.namespace()), "namespace left: " + namespaces));
    String links = output("ip", "-o", "link", "show");
    String prefix = net.host(0).namespace().replaceFirst("n0$", "");
    assertFalse(links.contains(prefix), "a link left: " + links);
  }

  @Test
  void twoAgentsOnTwoHostsAnnounceThemselvesAndAreSeenLeaving() throws Exception {
    long start = System.nanoTime();
    Process a = agent(0, key, Map.of());
    Process b = agent(1, key, Map.of());
    awaitAgent(net.host(0).address());
    awaitAgent(net.host(1).address());
    List<AgentHello> present = agents.present();
    Map<String, AgentHello> byAddress = present.stream().collect(Collectors.toMap(AgentHello::address, h -> h));
    String hostName = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
    for (int i = 0; i < 2; i++) {
      AgentHello hello = byAddress.get(net.host(i).address());
      assertTrue(hello != null, "no agent from " + net.host(i).address() + " among " + present);
      assertEquals(Runtime.getRuntime().availableProcessors(), hello.cores(), "the same machine's cores");
      assertEquals(hostName, hello.host(), "namespaces share the host name");
      assertEquals(BuildId.current().value(), hello.buildId());
      System.err.printf("[cluster] agent %s: a member %.1f s, an agent %.1f s after its JVM was started; RSS %d MB%n",
          hello.address(), (members.get(hello.address()) - start) / 1e9, (joined.get(hello.address()) - start) / 1e9,
          rssMb(i == 0 ? a : b));
    }
    assertEventually(() -> stderr(0).contains("accepted by the controller " + controller.nodeId()), "agent 0 told it was accepted");
    System.err.println("[cluster] agent 0's log:\n" + stderr(0));

    long killed = System.nanoTime();
    a.destroyForcibly(); // SIGKILL
    double killSeen = secondsUntilLeft(net.host(0).address(), killed, 5);
    System.err.printf("[cluster] SIGKILLed agent seen leaving after %.2f s%n", killSeen);
    assertTrue(killSeen < 2, "a killed agent is seen leaving within 2 s, took " + killSeen);

    long stopped = System.nanoTime();
    signal(b, "STOP");
    double stopSeen = secondsUntilLeft(net.host(1).address(), stopped, 15);
    System.err.printf("[cluster] SIGSTOPped agent seen leaving after %.2f s%n", stopSeen);
    assertTrue(stopSeen < 8, "a hung agent is seen leaving within 8 s (5 s without heartbeat), took " + stopSeen);
    b.destroyForcibly();
  }

  @Test
  void sigtermLeavesTheClusterCleanly() throws Exception {
    Process c = agent(2, key, Map.of());
    awaitAgent(net.host(2).address());
    long term = System.nanoTime();
    c.destroy(); // SIGTERM
    assertTrue(c.waitFor(30, TimeUnit.SECONDS), "the agent exits on SIGTERM");
    double seen = secondsUntilLeft(net.host(2).address(), term, 10);
    System.err.printf("[cluster] SIGTERMed agent left after %.2f s, exit %d%n", seen, c.exitValue());
    assertTrue(stderr(2).contains("leaving the cluster"), stderr(2));
  }

  @Test
  void anAgentOfAnotherBuildIsRefusedWithOneLine() throws Exception {
    String address = net.host(3).address();
    agent(3, key, Map.of(BuildId.TEST_OVERRIDE_ENV, "feedfacefeedface"));
    assertEventually(() -> refused.containsKey(address), "the controller refused the agent of another build");
    String reason = refused.get(address);
    assertTrue(reason.startsWith("agent ") && reason.contains(address) && reason.contains("feedfacefeed")
        && reason.contains(BuildId.current().shortValue()), reason);
    assertFalse(joined.containsKey(address));
    assertEventually(() -> stderr(3).contains("refused by the controller " + controller.nodeId() + ": " + reason),
        "the agent is told the same line");
  }

  @Test
  void anAgentWithAnotherKeyJoinsTheClusterManagerButNeverBecomesAnAgent() throws Exception {
    String address = net.host(4).address();
    agent(4, otherKey, Map.of());
    assertEventually(() -> members.containsKey(address) && controller.members().stream()
        .anyMatch(m -> m.endpoint().host().equals(address)), "the agent with another key joined the cluster manager");
    Thread.sleep(5_000); // five announcements, each refused by TLS
    assertFalse(agents.present().stream().anyMatch(h -> h.address().equals(address)), "an agent with another key was accepted");
    int expected = agents.present().size() + 1;
    UserError e = assertThrows(UserError.class, () -> agents.await(expected, Duration.ofSeconds(1)));
    assertTrue(e.getMessage().contains("never announced themselves") && e.getMessage().contains(address + ":5701"), e.getMessage());
  }

  /**
   * Agents are daemons that outlive a controller: started first, each forms a cluster of its own, then finds the
   * controller of its join list when it comes (Hazelcast's merge of clusters, looked for every 5 s); when that controller
   * goes, they announce themselves to the next.
   */
  @Test
  void agentsStartedBeforeTheirControllerFindItWhenItComesAndTheNextOneToo() throws Exception {
    InetAddress bridge = InetAddress.getByName(net.bridgeAddress());
    ClusterSettings later = ClusterSettings.of(bridge, freePort(bridge), freePort(bridge), List.of(), ClusterKey.load(key));
    agent(5, key, Map.of(), later.self());
    agent(6, key, Map.of(), later.self());
    assertEventually(() -> stderr(5).contains(" agent ") && stderr(6).contains(" agent "), "both agents up");
    for (String round : List.of("the first controller", "the next controller")) {
      long start = System.nanoTime();
      try (ClusterNode node = ClusterNode.start(later, Duration.ofSeconds(60));
          Agents theirs = Agents.open(node, BuildId.current(), new Agents.Listener() {})) {
        List<AgentHello> present = theirs.await(2, Duration.ofSeconds(60));
        System.err.printf("[cluster] agents up before %s: both present %.1f s after it started%n", round,
            (System.nanoTime() - start) / 1e9);
        assertEquals(Set.of(net.host(5).address(), net.host(6).address()),
            present.stream().map(AgentHello::address).collect(Collectors.toSet()));
      }
    }
    assertTrue(stderr(5).contains("left; announcing to the next one"), stderr(5));
  }

  private static Process agent(int host, Path k, Map<String, String> env) throws IOException {
    return agent(host, k, env, controller.settings().self());
  }

  private static Process agent(int host, Path k, Map<String, String> env, Endpoint join) throws IOException {
    Path out = dir.resolve("agent-" + host + "-" + System.nanoTime());
    Files.createDirectories(out);
    List<String> cmd = net.host(host).command(ForkedCli.javaCommand("agent", "--bind", net.host(host).address(),
        "--join", join.toString(), "--key", k.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.resolve("stdout").toFile())
        .redirectError(out.resolve("stderr").toFile());
    pb.environment().putAll(env);
    Files.writeString(dir.resolve("agent-" + host + ".dir"), out.toString());
    Process p = pb.start();
    synchronized (started) {
      started.add(p);
    }
    return p;
  }

  private static String stderr(int host) {
    try {
      return Files.readString(Path.of(Files.readString(dir.resolve("agent-" + host + ".dir"))).resolve("stderr"));
    } catch (IOException e) {
      return "";
    }
  }

  private static void awaitAgent(String address) throws InterruptedException {
    assertEventually(() -> agents.present().stream().anyMatch(h -> h.address().equals(address)), "agent " + address);
  }

  private static double secondsUntilLeft(String address, long since, int maxSeconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
    while (System.nanoTime() < deadline) {
      Long t = left.get(address);
      if (t != null && t >= since) {
        return (t - since) / 1e9;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("agent " + address + " not seen leaving within " + maxSeconds + " s");
  }

  private static void assertEventually(BooleanSupplier check, String what) throws InterruptedException {
    long deadline = System.nanoTime() + COME.toNanos();
    while (!check.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "not within " + COME.toSeconds() + " s: " + what);
      Thread.sleep(100);
    }
  }

  private static void signal(Process p, String signal) throws Exception {
    assertEquals(0, new ProcessBuilder("kill", "-" + signal, String.valueOf(p.pid())).start().waitFor());
  }

  private static long rssMb(Process p) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(p.pid()), "status"))) {
      if (line.startsWith("VmRSS:")) {
        return Long.parseLong(line.replaceAll("\\D", "")) / 1024;
      }
    }
    throw new IOException("no VmRSS for " + p.pid());
  }

  private static String output(String... cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    return new String(p.getInputStream().readAllBytes());
  }

  private static int freePort(InetAddress address) throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, address)) {
      return s.getLocalPort();
    }
  }
}
