package dev.dbrace.runner.shared;

import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.fork.WorkerSite;
import java.util.List;

/**
 * A race whose every run agents share ({@code --agents}): where the runs run (the cluster's agents) and how the
 * agents reach the embedded database (null with the user's --url, which they reach as given).
 *
 * @param agents how many agents share each run
 * @param hosts the agents' hosts as they announced them, for the race's header
 * @param address this host's address the agents reach (--bind): where a service listens at the service level
 */
public record SharedRuns(WorkerSite site, int agents, List<String> hosts, String address, EmbeddedPostgres.Reach reach) {
  public SharedRuns {
    hosts = List.copyOf(hosts);
  }
}
