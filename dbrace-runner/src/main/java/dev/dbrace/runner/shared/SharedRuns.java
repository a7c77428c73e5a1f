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
 */
public record SharedRuns(WorkerSite site, int agents, List<String> hosts, EmbeddedPostgres.Reach reach) {
  public SharedRuns {
    hosts = List.copyOf(hosts);
  }
}
