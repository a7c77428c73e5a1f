package dev.dbrace.cli;

import dev.dbrace.cluster.Agent;
import dev.dbrace.cluster.AgentRuns;
import dev.dbrace.cluster.BuildId;
import dev.dbrace.cluster.ClusterKey;
import dev.dbrace.cluster.ClusterListener;
import dev.dbrace.cluster.ClusterMember;
import dev.dbrace.cluster.ClusterNode;
import dev.dbrace.cluster.ClusterSettings;
import dev.dbrace.cluster.Endpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code dbrace agent}: keeps an agent up on this host until SIGTERM or Ctrl-C, which leave the cluster cleanly. It joins
 * the cluster, announces itself to the controller, and prints one line per member that joins or leaves.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
    description = {"Keep an agent up on this host: it joins the cluster (the controller's address, or any member's), "
        + "announces its host, cores and dbrace build, and waits for runs. SIGTERM or Ctrl-C leaves the cluster.",
        "Every member holds the same cluster key (./dbrace cluster-key); open --port and --bus-port to the other members "
            + "only (docs/scale-out.md)."})
final class AgentCommand implements Callable<Integer> {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

  @Option(names = "--bind", required = true, paramLabel = "ADDR",
      description = "This host's address that the other members reach; both ports listen on it only.")
  String bind;

  @Option(names = "--join", paramLabel = "HOST[:PORT],...", description = "Members to join: the controller, or any member "
      + "of a running cluster (port 5701 unless given). Without it, members join this one.")
  String join;

  @Option(names = "--key", paramLabel = "FILE",
      description = "The cluster key (default: $DBRACE_CLUSTER_KEY, else ~/.config/dbrace/cluster-key.p12).")
  Path key;

  @Option(names = "--port", paramLabel = "N", defaultValue = "" + ClusterSettings.DEFAULT_PORT,
      description = "The cluster manager's (Hazelcast's) port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = "--bus-port", paramLabel = "N", defaultValue = "" + ClusterSettings.DEFAULT_BUS_PORT,
      description = "The event bus's port (default: ${DEFAULT-VALUE}).")
  int busPort;

  @Override
  public Integer call() throws InterruptedException {
    ClusterSettings settings = ClusterSettings.of(ClusterSettings.bindAddress(bind), port, busPort,
        join == null ? List.of() : Endpoint.parseList(join, ClusterSettings.DEFAULT_PORT),
        ClusterKey.load(key != null ? key : ClusterKey.defaultFile()));
    BuildId build = BuildId.current();
    ClusterNode node = ClusterNode.start(settings, Duration.ofMinutes(2));
    CountDownLatch left = new CountDownLatch(1);
    node.listen(new ClusterListener() {
      @Override
      public void memberJoined(ClusterMember member, int members) {
        say("member " + member.endpoint() + " joined (" + members + " members)");
      }

      @Override
      public void memberLeft(ClusterMember member, int members) {
        say("member " + member.endpoint() + " left (" + members + " members)");
      }
    });
    AgentRuns runs = AgentRuns.here(node, AgentCommand::say);
    Agent agent = Agent.start(node, build, runs, new Agent.Listener() {
      @Override
      public void accepted(String controllerId) {
        say("accepted by the controller " + controllerId + "; waiting for runs");
      }

      @Override
      public void refused(String controllerId, String reason) {
        say("refused by the controller " + controllerId + ": " + reason);
      }

      @Override
      public void controllerLeft(String controllerId) {
        say("the controller " + controllerId + " left; announcing to the next one");
      }
    });
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      say("leaving the cluster");
      agent.close();
      runs.close();
      node.close();
      left.countDown();
    }, "dbrace-agent-leave"));
    say("agent " + agent.hello().agentId() + " on " + agent.hello().describe() + ", port " + port + ", event bus " + busPort
        + ", key " + settings.key().fingerprint() + ", build " + build.shortValue() + "; members: "
        + node.members().stream().map(m -> m.endpoint().toString()).collect(Collectors.joining(", ")));
    left.await();
    return 0;
  }

  private static void say(String line) {
    System.err.println("dbrace: " + LocalTime.now().format(TIME) + " " + line);
  }
}
