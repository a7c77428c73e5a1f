package dev.dbrace.cli;

import dev.dbrace.cluster.ClusterKey;
import dev.dbrace.cluster.ClusterSettings;
import dev.dbrace.cluster.ClusterWorkers;
import dev.dbrace.cluster.Endpoint;
import dev.dbrace.cluster.wire.AgentHello;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.shared.SharedRuns;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * {@code --agents N --bind ADDR}: every run of the race shared by N agents ({@code ./dbrace agent} on other hosts,
 * docs/scale-out.md), this process their controller (and, at the service level, the services' host: they listen on
 * --bind). What agents cannot do yet (faults, Flight Recorder, spikes) is refused, never silently done on one box.
 */
final class AgentOptions {
  @Option(names = "--agents", paramLabel = "N", split = ",", description = "Share every run among N agents (./dbrace "
      + "agent on other hosts, joining this one at --bind): each drives its part of the load with a pool of its own; the "
      + "figures are merged (docs/scale-out.md). curve takes a list (1,2,4): a scale curve, the same load per agent.")
  List<Integer> agents;

  /** The one count a race's runs are shared by (a list is a scale curve's); null without --agents. */
  Integer count() {
    UserError.require(agents == null || agents.size() == 1,
        "--agents takes one count here; a list of counts (1,2,4) is curve's scale curve");
    return agents == null ? null : counts().getFirst();
  }

  /** The counts of a scale curve, in rising order, when --agents is a list; null otherwise. */
  List<Integer> scale() {
    return agents == null || agents.size() < 2 ? null : counts().stream().sorted().distinct().toList();
  }

  /** The counts given, each checked. */
  private List<Integer> counts() {
    agents.forEach(k -> UserError.require(k >= 1 && k <= 1000, "--agents must be 1..1000, got " + k));
    return agents;
  }

  @Option(names = "--bind", paramLabel = "ADDR", description = "With --agents: this host's address the agents reach "
      + "(the cluster's ports and the embedded database listen on it).")
  String bind;

  @Option(names = "--join", paramLabel = "HOST[:PORT],...", description = "With --agents: members of a cluster that "
      + "already runs (else the agents join this one).")
  String join;

  @Option(names = "--cluster-key", paramLabel = "FILE", description = "With --agents: the cluster key (default: "
      + "$DBRACE_CLUSTER_KEY, else ~/.config/dbrace/cluster-key.p12; ./dbrace cluster-key makes one).")
  Path key;

  @Option(names = "--agents-timeout", paramLabel = "DURATION", defaultValue = "120s", converter = DurationConverter.class,
      description = "With --agents: how long to wait for them to join (default: ${DEFAULT-VALUE}).")
  long timeoutMs;

  /** The race, its runs shared by the agents once they came; the race itself without --agents. */
  Shared open(RaceRequest request, Consumer<String> log) throws InterruptedException {
    if (agents == null) {
      UserError.require(bind == null && join == null && key == null, "--bind, --join and --cluster-key are for --agents");
      return new Shared(request, null);
    }
    int wanted = counts().stream().mapToInt(Integer::intValue).max().orElseThrow();
    UserError.require(bind != null, "--agents needs --bind ADDR: this host's address the agents reach");
    UserError.require(request.faults() == null, "--faults is not for --agents yet: run it on one box");
    UserError.require(!request.settings().setup().jfr(), "--jfr is not for --agents yet: run it on one box");
    UserError.require(!request.settings().setup().aot(), "--aot is not for --agents yet: run it on one box");
    UserError.require(!(request.settings().loadPlan().load() instanceof LoadModel.Open o) || o.spikes().isEmpty(),
        "--spike is not for --agents yet: run it on one box");
    EmbeddedPostgres.Reach reach = null;
    InetAddress address = ClusterSettings.bindAddress(bind);
    // at the service level the agents reach the services only; the embedded database stays on loopback
    if (request.url() == null && !request.settings().serviceLevel()) {
      UserError.require(request.engine() == Engine.POSTGRESQL, "with --agents the embedded database is PostgreSQL only");
      String password = System.getenv("PGPASSWORD");
      UserError.require(password != null && !password.isEmpty(), "--agents with the embedded database needs PGPASSWORD "
          + "set here and on every agent: the server takes it as its password and each agent reads its own (it never "
          + "travels)");
      reach = new EmbeddedPostgres.Reach(address.getHostAddress(), network(address), password);
    }
    ClusterSettings settings = ClusterSettings.of(address, ClusterSettings.DEFAULT_PORT, ClusterSettings.DEFAULT_BUS_PORT,
        join == null ? List.of() : Endpoint.parseList(join, ClusterSettings.DEFAULT_PORT),
        ClusterKey.load(key != null ? key : ClusterKey.defaultFile()));
    ClusterWorkers workers = ClusterWorkers.open(settings, wanted, Duration.ofMillis(timeoutMs), log);
    List<String> hosts = workers.agents().stream().map(AgentHello::describe).toList();
    return new Shared(request.withShared(new SharedRuns(workers, wanted, hosts, address.getHostAddress(), reach)), workers);
  }

  /** The network of the interface {@code address} is on, in CIDR form: where the agents connect from. */
  private static String network(InetAddress address) {
    try {
      NetworkInterface nic = NetworkInterface.getByInetAddress(address);
      for (InterfaceAddress a : nic.getInterfaceAddresses()) {
        if (a.getAddress().equals(address)) {
          byte[] b = address.getAddress();
          int prefix = a.getNetworkPrefixLength();
          for (int i = 0; i < b.length; i++) {
            int keep = Math.clamp(prefix - 8L * i, 0, 8);
            b[i] &= (byte) (0xff << (8 - keep));
          }
          return InetAddress.getByAddress(b).getHostAddress() + "/" + prefix;
        }
      }
    } catch (SocketException | UnknownHostException | NullPointerException e) {
      // fall through: only this address
    }
    return address.getHostAddress() + (address.getAddress().length == 4 ? "/32" : "/128");
  }

  /** The race to run and the cluster to leave after it (null without --agents). */
  record Shared(RaceRequest request, ClusterWorkers workers) implements AutoCloseable {
    @Override
    public void close() {
      if (workers != null) {
        workers.close();
      }
    }
  }
}
