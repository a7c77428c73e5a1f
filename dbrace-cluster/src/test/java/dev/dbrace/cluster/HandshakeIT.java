package dev.dbrace.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.Wire;
import dev.dbrace.runner.UserError;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handshake between members on loopback, in this JVM: an agent of the controller's build is accepted with what it
 * announced, one of another build refused with one line, and a member without the cluster key (no TLS, or another key)
 * neither becomes an agent nor receives a message. Across hosts (network namespaces, forked agents):
 * dbrace-cli's AgentClusterIT.
 */
class HandshakeIT {
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
  private static final Duration START = Duration.ofSeconds(60);

  @TempDir
  static Path dir;
  private static ClusterKey key;
  /** A key of another cluster: as good as none. */
  private static ClusterKey otherKey;
  private final List<AutoCloseable> open = new ArrayList<>();

  @BeforeAll
  static void keys() {
    key = ClusterKey.create(dir.resolve("cluster-key.p12"));
    otherKey = ClusterKey.create(dir.resolve("other-key.p12"));
  }

  @AfterEach
  void closeAll() throws Exception {
    for (AutoCloseable c : open.reversed()) {
      c.close();
    }
  }

  @Test
  void anAgentOfTheSameBuildIsAcceptedWithWhatItAnnounced() throws Exception {
    ClusterNode controller = node(key, List.of());
    var joined = new CompletableFuture<AgentHello>();
    var left = new CompletableFuture<AgentHello>();
    Agents agents = Agents.open(controller, BuildId.current(), new Agents.Listener() {
      @Override
      public void joined(AgentHello agent) {
        joined.complete(agent);
      }

      @Override
      public void left(AgentHello agent) {
        left.complete(agent);
      }
    });
    open.add(agents);
    ClusterNode agentNode = node(key, List.of(controller.settings().self()));
    var accepted = new CompletableFuture<String>();
    Agent agent = Agent.start(agentNode, BuildId.current(), Agent.noRuns(), new Agent.Listener() {
      @Override
      public void accepted(String controllerId) {
        accepted.complete(controllerId);
      }
    });
    open.add(agent);

    List<AgentHello> present = agents.await(1, Duration.ofSeconds(30));
    AgentHello hello = present.getFirst();
    assertEquals(agentNode.nodeId(), hello.agentId());
    assertEquals(LOOPBACK.getHostAddress(), hello.address());
    assertEquals(Runtime.getRuntime().availableProcessors(), hello.cores());
    assertEquals(BuildId.current().value(), hello.buildId());
    assertTrue(hello.jdk().contains(String.valueOf(Runtime.version().feature())), hello.jdk());
    assertEquals(hello, joined.get(5, TimeUnit.SECONDS));
    assertEquals(controller.nodeId(), accepted.get(5, TimeUnit.SECONDS));

    agent.close();
    agentNode.close();
    assertEquals(hello, left.get(10, TimeUnit.SECONDS), "the agent's member left, so the agent did");
    assertTrue(agents.present().isEmpty());
  }

  /**
   * Refused, the agent announces itself again after {@link Agent#REFUSED_RETRY} (a refusal for want of reach may not
   * stand), and neither side says a standing refusal twice.
   */
  @Test
  void anAgentOfAnotherBuildIsRefusedWithOneLineNamingBothBuilds() throws Exception {
    ClusterNode controller = node(key, List.of());
    var refused = new CompletableFuture<String>();
    AtomicInteger saidByController = new AtomicInteger();
    AtomicInteger hellos = new AtomicInteger();
    controller.eventBus().addInboundInterceptor(context -> {
      if (Addresses.CONTROLLER_HELLO.equals(context.message().address())) {
        hellos.incrementAndGet();
      }
      context.next();
    });
    Agents agents = Agents.open(controller, BuildId.current(), new Agents.Listener() {
      @Override
      public void refused(AgentHello agent, String reason) {
        saidByController.incrementAndGet();
        refused.complete(reason);
      }
    });
    open.add(agents);
    ClusterNode agentNode = node(key, List.of(controller.settings().self()));
    var told = new CompletableFuture<String>();
    AtomicInteger saidToAgent = new AtomicInteger();
    open.add(Agent.start(agentNode, new BuildId("0123456789abcdef", "test"), Agent.noRuns(), new Agent.Listener() {
      @Override
      public void refused(String controllerId, String reason) {
        saidToAgent.incrementAndGet();
        told.complete(reason);
      }
    }));

    String reason = refused.get(30, TimeUnit.SECONDS);
    assertTrue(reason.contains("0123456789ab") && reason.contains(BuildId.current().shortValue()), reason);
    assertFalse(reason.contains("\n"), reason);
    assertEquals(reason, told.get(5, TimeUnit.SECONDS), "the agent is told the same line");
    UserError timeout = assertThrows(UserError.class, () -> agents.await(1, Duration.ofSeconds(1)));
    assertTrue(timeout.getMessage().contains(reason), timeout.getMessage());

    int first = hellos.get();
    long until = System.nanoTime() + Agent.REFUSED_RETRY.plusSeconds(10).toNanos();
    while (hellos.get() == first && System.nanoTime() < until) {
      Thread.sleep(100);
    }
    assertTrue(hellos.get() > first, "the refused agent announced itself again (" + first + " announcements before)");
    Thread.sleep(1_000); // the second refusal's answer is back at the agent
    assertEquals(1, saidByController.get(), "the controller said the standing refusal once");
    assertEquals(1, saidToAgent.get(), "the agent said the standing refusal once");
  }

  /**
   * A member that knows the cluster's name but not its key joins the cluster manager, yet its hello never arrives: the
   * controller's event bus asks for a certificate of the cluster key.
   */
  @Test
  void aMemberWithoutTheKeyNeverBecomesAnAgent() throws Exception {
    ClusterNode controller = node(key, List.of());
    Agents agents = Agents.open(controller, BuildId.current(), new Agents.Listener() {});
    open.add(agents);
    ClusterSettings rogueSettings = settings(key, List.of(controller.settings().self()));
    // TLS that trusts anyone, its own certificate: refused only because the controller asks for the cluster key's
    Vertx rogue = rogue(rogueSettings, new EventBusOptions().setSsl(true).setKeyCertOptions(otherKey.tlsOptions()).setTrustAll(true));
    AtomicInteger received = new AtomicInteger();
    controller.eventBus().<Buffer>consumer("dbrace.test.inbox", m -> received.incrementAndGet())
        .completion().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    AgentHello forged = new AgentHello("forged", "rogue", LOOPBACK.getHostAddress(), 1, BuildId.current().value(), "any");
    assertNotDelivered(rogue, Addresses.CONTROLLER_HELLO, Wire.encode(forged));
    assertNotDelivered(rogue, "dbrace.test.inbox", Buffer.buffer("work for me"));
    assertEquals(0, received.get(), "the controller took a message from a member without the key");
    assertTrue(controller.members().stream().anyMatch(m -> m.endpoint().equals(rogueSettings.self())),
        "the rogue is a member of the cluster manager's cluster (its traffic is not authenticated)");
    UserError none = assertThrows(UserError.class, () -> agents.await(1, Duration.ofSeconds(1)));
    assertTrue(none.getMessage().contains("never announced themselves") && none.getMessage().contains(rogueSettings.self().toString()),
        none.getMessage());
    assertTrue(agents.present().isEmpty());
  }

  /**
   * A member with another key whose server does not ask for client certificates: the controller must not deliver to it
   * (Vert.x's event bus trusts every server certificate unless trust-all is off).
   */
  @Test
  void aMemberWithAnotherKeyReceivesNothing() throws Exception {
    ClusterNode controller = node(key, List.of());
    ClusterSettings rogueSettings = settings(otherKey, List.of(controller.settings().self()));
    Vertx rogue = rogue(rogueSettings, new EventBusOptions().setSsl(true).setKeyCertOptions(otherKey.tlsOptions()));
    AtomicInteger received = new AtomicInteger();
    rogue.eventBus().<Buffer>consumer("dbrace.test.sink", m -> {
      received.incrementAndGet();
      m.reply(Buffer.buffer("got it"));
    }).completion().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);

    assertNotDelivered(controller.vertx(), "dbrace.test.sink", Buffer.buffer("secret"));
    assertEquals(0, received.get(), "a member with another key received the controller's message");
  }

  /**
   * Sends until the sender sees a consumer at {@code address} (before, a send fails for want of one, which proves
   * nothing), then checks that the send failed all the same.
   */
  private static void assertNotDelivered(Vertx from, String address, Buffer body) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    Throwable failure;
    do {
      failure = from.eventBus().request(address, body, new DeliveryOptions().setSendTimeout(2000))
          .toCompletionStage().toCompletableFuture().handle((m, e) -> e).get();
      assertTrue(failure != null, "a member without the key exchanged a message with a member with it");
    } while (noHandler(failure) && System.nanoTime() < deadline);
    assertFalse(noHandler(failure), "the sender never saw a consumer at " + address + ": nothing was tried");
  }

  private static boolean noHandler(Throwable failure) {
    return failure instanceof ReplyException r && r.failureType() == ReplyFailure.NO_HANDLERS;
  }

  private ClusterNode node(ClusterKey k, List<Endpoint> join) throws IOException {
    ClusterNode node = ClusterNode.start(settings(k, join), START);
    open.add(node);
    return node;
  }

  private static ClusterSettings settings(ClusterKey k, List<Endpoint> join) throws IOException {
    return ClusterSettings.of(LOOPBACK, freePort(), freePort(), join, k);
  }

  /** A clustered Vert.x with the cluster's Hazelcast settings but the event bus {@code bus}: not a ClusterNode. */
  private Vertx rogue(ClusterSettings s, EventBusOptions bus) throws Exception {
    String host = s.bind().getHostAddress();
    bus.setHost(host).setPort(s.busPort()).setClusterPublicHost(host).setClusterPublicPort(s.busPort());
    Vertx vertx = Vertx.builder().with(new VertxOptions().setEventBusOptions(bus))
        .withClusterManager(new HazelcastClusterManager(HazelcastSettings.of(s))).buildClustered()
        .toCompletionStage().toCompletableFuture().get(60, TimeUnit.SECONDS);
    open.add(() -> vertx.close().toCompletionStage().toCompletableFuture().get(20, TimeUnit.SECONDS));
    return vertx;
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
      return s.getLocalPort();
    }
  }
}
