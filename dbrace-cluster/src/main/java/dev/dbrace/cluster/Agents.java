package dev.dbrace.cluster;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.HelloAccepted;
import dev.dbrace.cluster.wire.HelloRefused;
import dev.dbrace.cluster.wire.Wire;
import dev.dbrace.runner.UserError;
import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The controller's side of the handshake: takes the {@link AgentHello}s sent to {@link Addresses#CONTROLLER_HELLO},
 * refuses an agent of another {@link BuildId} (one line naming both builds), checks it can reach every other one on its
 * run address, then accepts it; forgets an agent when its member leaves the cluster. A member that cannot exchange
 * messages with this one (no cluster key, or another) never gets here: the event bus's TLS refuses it. Thread-safe.
 */
public final class Agents implements AutoCloseable {
  /** How long the controller tries to reach a new agent's run address (its registration may still be spreading). */
  static final Duration REACH_TIMEOUT = Duration.ofSeconds(10);
  private static final long REACH_RETRY_MS = 200;

  /** What happens to agents. Called on Vert.x's or the cluster manager's threads: must not block. No-op unless overridden. */
  public interface Listener {
    default void joined(AgentHello agent) {}

    /** @param reason one line naming why */
    default void refused(AgentHello agent, String reason) {}

    default void left(AgentHello agent) {}
  }

  private final ClusterNode node;
  private final BuildId build;
  private final Listener listener;
  private final MessageConsumer<Buffer> hellos;
  private final Runnable stopListening;
  /** Accepted agents by id, in the order they came; guarded by this. */
  private final Map<String, AgentHello> present = new LinkedHashMap<>();
  /** The last refusal per agent id, for the timeout's message; guarded by this. */
  private final Map<String, String> refusals = new LinkedHashMap<>();
  private boolean closed; // guarded by this

  private Agents(ClusterNode node, BuildId build, Listener listener) {
    this.node = node;
    this.build = build;
    this.listener = listener;
    this.stopListening = node.listen(new ClusterListener() {
      @Override
      public void memberLeft(ClusterMember member, int members) {
        gone(member.nodeId());
      }
    });
    this.hellos = node.eventBus().consumer(Addresses.CONTROLLER_HELLO, this::hello);
  }

  /** Starts taking agents' announcements on {@code node}, accepting those of {@code build}. */
  public static Agents open(ClusterNode node, BuildId build, Listener listener) {
    Agents agents = new Agents(node, build, listener);
    try {
      agents.hellos.completion().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      agents.close();
      throw new IllegalStateException("could not register " + Addresses.CONTROLLER_HELLO, e);
    }
    return agents;
  }

  /** The agents accepted and still in the cluster, in the order they came. */
  public synchronized List<AgentHello> present() {
    return List.copyOf(present.values());
  }

  /**
   * Waits until at least {@code count} agents are present and returns them all.
   *
   * @throws UserError when they do not come within {@code timeout}: one line with those that came, those refused and why,
   *     and the members that never announced themselves
   */
  public List<AgentHello> await(int count, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (this) {
      while (present.size() < count) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new UserError(missing(count, timeout));
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
      return List.copyOf(present.values());
    }
  }

  /** Stops taking announcements; the agents stay in the cluster. Idempotent. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    stopListening.run();
    hellos.unregister();
  }

  private void hello(Message<Buffer> message) {
    AgentHello hello;
    try {
      hello = Wire.decode(message.body(), AgentHello.class);
    } catch (IllegalArgumentException e) {
      message.reply(Wire.encode(new HelloRefused(node.nodeId(), "not an agent's announcement: " + e.getMessage())));
      return;
    }
    if (!build.value().equals(hello.buildId())) {
      String reason = "agent " + hello.describe() + " refused: its dbrace build " + shortId(hello.buildId())
          + " is not the controller's " + build.shortValue() + " (run the same dbrace on every host)";
      refuse(message, hello, reason);
      return;
    }
    long deadline = System.nanoTime() + REACH_TIMEOUT.toNanos();
    reach(hello, deadline).onComplete(ar -> {
      if (ar.failed()) {
        String reason = "agent " + hello.describe() + " refused: the controller cannot reach its run address ("
            + ar.cause().getMessage() + ")";
        refuse(message, hello, reason);
        return;
      }
      boolean isNew;
      synchronized (this) {
        refusals.remove(hello.agentId());
        isNew = present.put(hello.agentId(), hello) == null;
        notifyAll();
      }
      message.reply(Wire.encode(new HelloAccepted(node.nodeId())));
      if (isNew) {
        listener.joined(hello);
      }
    });
  }

  /**
   * Refuses an announcement, saying why once per agent and reason: a refused agent announces itself again every
   * {@link Agent#REFUSED_RETRY}, and a refusal that stands (another build) is not news.
   */
  private void refuse(Message<Buffer> message, AgentHello hello, String reason) {
    String before;
    synchronized (this) {
      before = refusals.put(hello.agentId(), reason);
    }
    message.reply(Wire.encode(new HelloRefused(node.nodeId(), reason)));
    if (!reason.equals(before)) {
      listener.refused(hello, reason);
    }
  }

  /** Pings the agent's run address until it answers or the deadline passes. */
  private Future<Void> reach(AgentHello hello, long deadline) {
    long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
    DeliveryOptions ping = new DeliveryOptions().addHeader(Agent.PING_HEADER, "1").setSendTimeout(Math.max(left, 1));
    return node.eventBus().request(Addresses.agentRun(hello.agentId()), Buffer.buffer(), ping).<Void>mapEmpty()
        .recover(e -> {
          if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(REACH_RETRY_MS) >= deadline) {
            return Future.failedFuture(e);
          }
          return node.vertx().timer(REACH_RETRY_MS).compose(t -> reach(hello, deadline));
        });
  }

  private void gone(String nodeId) {
    AgentHello agent;
    synchronized (this) {
      agent = present.remove(nodeId);
      refusals.remove(nodeId);
    }
    if (agent != null) {
      listener.left(agent);
    }
  }

  private synchronized String missing(int count, Duration timeout) {
    StringBuilder sb = new StringBuilder();
    sb.append(count).append(count == 1 ? " agent" : " agents").append(" expected within ").append(timeout.toSeconds())
        .append(" s, ").append(present.size()).append(" came");
    if (!present.isEmpty()) {
      sb.append(": ").append(present.values().stream().map(AgentHello::describe).collect(Collectors.joining(", ")));
    }
    if (!refusals.isEmpty()) {
      sb.append("; ").append(String.join("; ", refusals.values()));
    }
    List<String> silent = new ArrayList<>();
    for (ClusterMember m : node.members()) {
      if (!m.nodeId().equals(node.nodeId()) && !present.containsKey(m.nodeId()) && !refusals.containsKey(m.nodeId())) {
        silent.add(m.endpoint().toString());
      }
    }
    if (!silent.isEmpty()) {
      sb.append("; members that never announced themselves (no cluster key, another one, or no agent): ")
          .append(String.join(", ", silent));
    }
    return sb.toString();
  }

  private static String shortId(String id) {
    return id == null ? "(none)" : id.length() <= 12 ? id : id.substring(0, 12);
  }
}
