package dev.dbrace.cluster;

import dev.dbrace.cluster.wire.Addresses;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.cluster.wire.PartEvent;
import dev.dbrace.cluster.wire.Wire;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.WorkerRun;
import dev.dbrace.runner.fork.WorkerSite;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.eventbus.MessageConsumer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The controller's side of shared runs: a member of the cluster that waited for its agents and gives every run to all
 * of them at once ({@link SharedRun}). The agents present when a run starts share it (the first {@code count} that
 * came, where more are present); one that leaves during it makes
 * the run degraded, and later runs go to those left. Closing it leaves the cluster. Thread-safe; one run at a time.
 */
public final class ClusterWorkers implements WorkerSite, AutoCloseable {
  private final ClusterNode node;
  private final Agents agents;
  /** How many agents share a run: the first that came, when more are present. */
  private final int wanted;
  private final MessageConsumer<Buffer> events;
  private final Runnable stopListening;
  /** The run going on, which hears the agents' events and departures; null between runs. */
  private volatile SharedRun current;

  private ClusterWorkers(ClusterNode node, Agents agents, int wanted) {
    this.node = node;
    this.agents = agents;
    this.wanted = wanted;
    this.events = node.eventBus().consumer(Addresses.controllerRuns(node.nodeId()), m -> {
      SharedRun run = current;
      if (run != null) {
        try {
          run.heard(Wire.decode(m.body(), PartEvent.class));
        } catch (IllegalArgumentException e) {
          // not one of ours: a member of another build was refused at its hello
        }
      }
    });
    this.stopListening = node.listen(new ClusterListener() {
      @Override
      public void memberLeft(ClusterMember member, int members) {
        SharedRun run = current;
        if (run != null) {
          run.left(member.nodeId());
        }
      }
    });
  }

  /**
   * Joins the cluster as its controller and waits up to {@code timeout} for {@code count} agents of this build.
   *
   * @throws UserError one line naming who came, who was refused and why, when they do not all come in time
   */
  public static ClusterWorkers open(ClusterSettings settings, int count, Duration timeout, Consumer<String> log)
      throws InterruptedException {
    ClusterNode node = ClusterNode.start(settings, Duration.ofMinutes(2));
    try {
      Agents agents = Agents.open(node, BuildId.current(), new Agents.Listener() {
        @Override
        public void joined(AgentHello agent) {
          log.accept("agent " + agent.describe() + " joined");
        }

        @Override
        public void refused(AgentHello agent, String reason) {
          log.accept(reason);
        }

        @Override
        public void left(AgentHello agent) {
          log.accept("agent " + agent.describe() + " left the cluster");
        }
      });
      log.accept("waiting up to " + timeout.toSeconds() + " s for " + count + " agents on " + settings.self() + " ...");
      agents.await(count, timeout);
      ClusterWorkers workers = new ClusterWorkers(node, agents, count);
      workers.events.completion().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
      return workers;
    } catch (UserError | InterruptedException e) {
      node.close();
      throw e;
    } catch (Exception e) {
      node.close();
      throw new IllegalStateException("could not take the controller's place in the cluster: " + e.getMessage(), e);
    }
  }

  /** The agents that share a run by default: of those present now, the first {@code count} that came. */
  public List<AgentHello> agents() {
    return agents(wanted);
  }

  /** The first {@code count} agents present now that came (fewer when fewer are left). */
  List<AgentHello> agents(int count) {
    List<AgentHello> present = agents.present();
    return present.subList(0, Math.min(count, present.size()));
  }

  @Override
  public WorkerRun newRun(RaceSettings settings, RunListener listener) {
    return newRun(settings, listener, null);
  }

  @Override
  public WorkerRun newRun(RaceSettings settings, RunListener listener, Integer count) {
    return new SharedRun(this, settings, listener, count == null ? wanted : count);
  }

  ClusterNode node() {
    return node;
  }

  /** Makes {@code run} the one that hears events; null after it ended. */
  void current(SharedRun run) {
    current = run;
  }

  @Override
  public void close() {
    stopListening.run();
    events.unregister();
    agents.close();
    node.close();
  }
}
