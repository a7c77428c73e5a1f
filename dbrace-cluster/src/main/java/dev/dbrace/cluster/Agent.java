package dev.dbrace.cluster;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.HelloAccepted;
import dev.dbrace.cluster.wire.HelloRefused;
import dev.dbrace.cluster.wire.HelloReply;
import dev.dbrace.cluster.wire.Wire;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.DeliveryOptions;
import io.vertx.core.eventbus.Message;
import io.vertx.core.eventbus.MessageConsumer;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The agent's side of the handshake. It takes runs on {@link Addresses#agentRun} (registered before it announces
 * itself), then sends its {@link AgentHello} to the controller every {@link #RETRY} until a controller answers: accepted,
 * it idles until given runs; refused, it says why (once per reason) and announces itself again after
 * {@link #REFUSED_RETRY}: a controller that could not yet reach its run address (the event bus's subscriptions still
 * spreading after two clusters merged) may accept it then, and one that refused its build refuses it again. When that
 * controller leaves the cluster it announces itself again, to the next controller. A message on the run address with
 * the {@link #PING_HEADER} header is the controller's check that it can reach the agent and is answered here; every
 * other goes to the run handler. Thread-safe.
 */
public final class Agent implements AutoCloseable {
  /** How often an agent announces itself while no controller has answered. */
  public static final Duration RETRY = Duration.ofSeconds(1);
  /** The header of the controller's reachability check on the run address (answered by the agent, not its run handler). */
  public static final String PING_HEADER = "dbrace-ping";
  /** How long a refused agent waits before it announces itself to the same controller again. */
  static final Duration REFUSED_RETRY = Duration.ofSeconds(10);
  /** How long an announcement waits for the controller's answer (the controller checks it can reach the agent first). */
  static final Duration HELLO_TIMEOUT = Duration.ofSeconds(15);

  /** What happens to the agent's announcement. Called on Vert.x's threads: must not block. No-op unless overridden. */
  public interface Listener {
    default void accepted(String controllerId) {}

    default void refused(String controllerId, String reason) {}

    /** The controller this agent answered to left the cluster: it announces itself again. */
    default void controllerLeft(String controllerId) {}
  }

  private final ClusterNode node;
  private final AgentHello hello;
  /** The announcement as sent, encoded once: an agent without a controller sends it every second. */
  private final Buffer encodedHello;
  private final Listener listener;
  private final MessageConsumer<Buffer> runs;
  private final Runnable stopListening;
  private final long timer;
  /** The controller that answered (accepted or refused), or null while announcing. Guarded by this. */
  private String controllerId;
  private boolean inFlight;
  private boolean closed;
  /** The last refusal's reason, said once however often it is repeated. Guarded by this. */
  private String lastRefusal;

  private Agent(ClusterNode node, AgentHello hello, Listener listener, Handler<Message<Buffer>> runHandler) {
    this.node = node;
    this.hello = hello;
    this.encodedHello = Wire.encode(hello);
    this.listener = listener;
    this.runs = node.eventBus().<Buffer>consumer(Addresses.agentRun(hello.agentId()), message -> {
      if (message.headers().contains(PING_HEADER)) {
        message.reply(Buffer.buffer());
      } else {
        runHandler.handle(message);
      }
    });
    this.stopListening = node.listen(new ClusterListener() {
      @Override
      public void memberLeft(ClusterMember member, int members) {
        controllerGone(member.nodeId());
      }
    });
    this.timer = node.vertx().setPeriodic(0, RETRY.toMillis(), id -> announce());
  }

  /**
   * Starts announcing this member as an agent once its run address is registered.
   *
   * @param runHandler takes the runs the controller sends to {@link Addresses#agentRun} (on a Vert.x event loop)
   */
  public static Agent start(ClusterNode node, BuildId build, Handler<Message<Buffer>> runHandler, Listener listener) {
    AgentHello hello = new AgentHello(node.nodeId(), hostName(node.settings().bind()), node.settings().bind().getHostAddress(),
        Runtime.getRuntime().availableProcessors(), build.value(),
        System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " " + Runtime.version());
    Agent agent = new Agent(node, hello, listener, runHandler);
    try {
      agent.runs.completion().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      agent.close();
      throw new IllegalStateException("could not register the agent's run address " + Addresses.agentRun(hello.agentId()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      agent.close();
      throw new IllegalStateException("interrupted while registering the agent's run address", e);
    }
    return agent;
  }

  /** A run handler for an agent that takes no runs yet: it fails every message. */
  public static Handler<Message<Buffer>> noRuns() {
    return message -> message.fail(501, "this agent takes no runs yet");
  }

  /** What this agent announces. */
  public AgentHello hello() {
    return hello;
  }

  /** Stops announcing and takes no more runs; the cluster member stays (closing it is the caller's). */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    node.vertx().cancelTimer(timer);
    stopListening.run();
    runs.unregister();
  }

  private void announce() {
    synchronized (this) {
      if (closed || controllerId != null || inFlight) {
        return;
      }
      inFlight = true;
    }
    node.eventBus().request(Addresses.CONTROLLER_HELLO, encodedHello.copy(), new DeliveryOptions().setSendTimeout(HELLO_TIMEOUT.toMillis()))
        .onComplete(ar -> {
          // no controller yet (no handler, or it did not answer) or a garbled answer: the next tick tries again
          HelloReply reply = ar.succeeded() ? replyOf(ar.result()) : null;
          synchronized (this) {
            inFlight = false;
            if (reply == null || closed) {
              return;
            }
            controllerId = reply.controllerId();
          }
          switch (reply) {
            case HelloAccepted a -> {
              synchronized (this) {
                lastRefusal = null;
              }
              listener.accepted(a.controllerId());
            }
            case HelloRefused r -> refused(r);
          }
        });
  }

  /** Says a new refusal and announces again to the same controller after {@link #REFUSED_RETRY}. */
  private void refused(HelloRefused r) {
    boolean anew;
    synchronized (this) {
      anew = !r.reason().equals(lastRefusal);
      lastRefusal = r.reason();
    }
    if (anew) {
      listener.refused(r.controllerId(), r.reason());
    }
    node.vertx().setTimer(REFUSED_RETRY.toMillis(), id -> {
      synchronized (this) {
        if (r.controllerId().equals(controllerId)) {
          controllerId = null; // the periodic announcement goes out again at its next tick
        }
      }
    });
  }

  private static HelloReply replyOf(Message<Object> message) {
    try {
      return Wire.decode((Buffer) message.body(), HelloReply.class);
    } catch (IllegalArgumentException | ClassCastException e) {
      return null;
    }
  }

  private void controllerGone(String nodeId) {
    synchronized (this) {
      if (closed || !nodeId.equals(controllerId)) {
        return;
      }
      controllerId = null;
    }
    listener.controllerLeft(nodeId);
  }

  /** The kernel's host name as is: resolving it (InetAddress.getLocalHost) can wait on a name server. */
  static String hostName(InetAddress bind) {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
    } catch (IOException e) {
      return bind.getHostAddress();
    }
  }
}
