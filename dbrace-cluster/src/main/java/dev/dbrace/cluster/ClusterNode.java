package dev.dbrace.cluster;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import dev.dbrace.runner.UserError;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.eventbus.EventBus;
import io.vertx.core.eventbus.EventBusOptions;
import io.vertx.core.http.ClientAuth;
import io.vertx.spi.cluster.hazelcast.HazelcastClusterManager;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One member of a dbrace cluster: a clustered Vert.x whose cluster manager is Hazelcast ({@link HazelcastSettings}) and
 * whose event bus listens on the member's own address with TLS from the {@link ClusterKey}: a peer must show the key's
 * certificate (client certificates required) and this member trusts no other (trust-all off: Vert.x's event bus trusts
 * every server certificate unless told, which delivered messages to a member without the key). Membership changes go
 * to each {@link ClusterListener} that {@link #listen}s. {@link #close} leaves the cluster and stops Vert.x and
 * Hazelcast; Hazelcast's threads keep a JVM alive until then. Thread-safe.
 */
public final class ClusterNode implements AutoCloseable {
  /** Vert.x's Hazelcast cluster manager keeps each member's Vert.x node id in this member attribute. */
  private static final String NODE_ID_ATTRIBUTE = "__vertx.nodeId";
  private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(20);

  private final ClusterSettings settings;
  private final Vertx vertx;
  private final HazelcastClusterManager manager;

  private ClusterNode(ClusterSettings settings, Vertx vertx, HazelcastClusterManager manager) {
    this.settings = settings;
    this.vertx = vertx;
    this.manager = manager;
  }

  /**
   * Starts the member and returns once it is in a cluster (the one of its join list, or one of its own when none of the
   * list answered: it keeps looking for them, see {@link HazelcastSettings#MERGE_DELAY_SECONDS}).
   *
   * @throws UserError when a port is taken or the member cannot start
   */
  public static ClusterNode start(ClusterSettings settings, Duration timeout) {
    quietLogs();
    HazelcastClusterManager manager = new HazelcastClusterManager(HazelcastSettings.of(settings));
    String host = settings.bind().getHostAddress();
    EventBusOptions bus = new EventBusOptions().setHost(host).setPort(settings.busPort())
        .setClusterPublicHost(host).setClusterPublicPort(settings.busPort())
        .setSsl(true).setKeyCertOptions(settings.key().tlsOptions()).setTrustOptions(settings.key().tlsOptions())
        .setClientAuth(ClientAuth.REQUIRED).setTrustAll(false);
    VertxOptions options = new VertxOptions().setEventBusOptions(bus);
    Vertx vertx;
    try {
      vertx = Vertx.builder().with(options).withClusterManager(manager).buildClustered().toCompletionStage().toCompletableFuture()
          .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new UserError("cannot start the cluster member on " + host + " (ports " + settings.port() + " and " + settings.busPort()
          + "): " + rootMessage(e.getCause()));
    } catch (TimeoutException e) {
      throw new UserError("the cluster member on " + host + " did not start within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserError("interrupted while joining the cluster");
    }
    return new ClusterNode(settings, vertx, manager);
  }

  /**
   * From now on, tells {@code listener} of every member that joins or leaves (those present now are in {@link #members()}).
   *
   * @return stops telling it (nothing to stop once this member closed)
   */
  public Runnable listen(ClusterListener listener) {
    var hazelcast = manager.getHazelcastInstance();
    UUID id = hazelcast.getCluster().addMembershipListener(new Membership(listener));
    return () -> {
      if (hazelcast.getLifecycleService().isRunning()) {
        hazelcast.getCluster().removeMembershipListener(id);
      }
    };
  }

  /** This member's Vert.x node id, as others see it in membership events. */
  public String nodeId() {
    return manager.getNodeId();
  }

  public ClusterSettings settings() {
    return settings;
  }

  public Vertx vertx() {
    return vertx;
  }

  public EventBus eventBus() {
    return vertx.eventBus();
  }

  /** The members now in the cluster, this one included. */
  public List<ClusterMember> members() {
    return manager.getHazelcastInstance().getCluster().getMembers().stream().map(ClusterNode::member).toList();
  }

  /** Leaves the cluster, then stops Vert.x and Hazelcast; waits for it at most {@link #CLOSE_TIMEOUT}. Idempotent. */
  @Override
  public void close() {
    try {
      vertx.close().toCompletionStage().toCompletableFuture().get(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      // Vert.x could not leave in time: Hazelcast's threads must still go, or the JVM stays up
      manager.getHazelcastInstance().getLifecycleService().terminate();
    }
  }

  /**
   * Hazelcast through SLF4J (also the lines it logs before it reads its configuration), warnings and errors only, less
   * warnings that are no news here: that it could run faster with --add-opens, that its CP subsystem (which dbrace
   * does not use) is off, and the merge of two clusters, which is how a controller joins agents that outlived the one
   * before it (they kept their cluster; dbrace says who joined and who left in lines of its own). A level the user set
   * (a system property) stays.
   */
  private static void quietLogs() {
    setIfAbsent("hazelcast.logging.type", "slf4j");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast", "warn");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.instance.impl.HazelcastInstanceFactory", "error");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.cp.CPSubsystem", "error");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.internal.cluster.impl.TcpIpJoiner", "error");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.internal.cluster.impl.operations.MergeClustersOp", "error");
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.internal.cluster.ClusterService", "error");
    // dbrace turns it off (HazelcastSettings), and Hazelcast warns that it is off
    setIfAbsent("org.slf4j.simpleLogger.log.com.hazelcast.spi.impl.operationexecutor.slowoperationdetector", "error");
  }

  private static void setIfAbsent(String property, String value) {
    if (System.getProperty(property) == null) {
      System.setProperty(property, value);
    }
  }

  private static ClusterMember member(Member m) {
    String nodeId = m.getAttribute(NODE_ID_ATTRIBUTE);
    return new ClusterMember(nodeId == null ? m.getUuid().toString() : nodeId,
        new Endpoint(m.getAddress().getHost(), m.getAddress().getPort()));
  }

  private static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  /** Hazelcast's membership events as {@link ClusterListener} calls, members present at the start excepted. */
  private static final class Membership implements MembershipListener {
    private final ClusterListener listener;

    Membership(ClusterListener listener) {
      this.listener = listener;
    }

    @Override
    public void memberAdded(MembershipEvent event) {
      listener.memberJoined(member(event.getMember()), event.getMembers().size());
    }

    @Override
    public void memberRemoved(MembershipEvent event) {
      listener.memberLeft(member(event.getMember()), event.getMembers().size());
    }
  }
}
