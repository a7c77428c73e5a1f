package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.db.postgres.StatementCounts;
import dev.dbrace.runner.fork.RunExecutor;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * The database's own counters around a run (PostgreSQL only: elsewhere the server's figures are
 * reported as not available): commits and rollbacks, and the pg_stat_statements calls of the run's
 * statements, from just before the worker started (after a service is up, so its start-up's queries
 * are not the run's) until the run's backends had gone and flushed their statistics.
 */
public final class ServerCountersProbe implements RunProbe {
  private final RunProbe.Admin admin;
  private final String applicationName;
  private final List<String> serverSql;
  private ServerCounters.Snapshot before;
  private Long callsBefore;

  public ServerCountersProbe(RunProbe.Admin admin, String applicationName, List<String> serverSql) {
    this.admin = admin;
    this.applicationName = applicationName;
    this.serverSql = serverSql;
  }

  @Override
  public void before() throws IOException {
    before = ServerCounters.read(admin.get());
    callsBefore = StatementCounts.calls(admin.get(), serverSql);
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws IOException {
    // Backends flush their statistics when they exit: wait for the worker's (or the service's) to be gone.
    ServerCounters.awaitBackendsGone(admin.get(), applicationName, Duration.ofSeconds(10));
    ServerCounters.Snapshot after = ServerCounters.read(admin.get());
    Long callsAfter = StatementCounts.calls(admin.get(), serverSql);
    Long calls = callsBefore == null || callsAfter == null ? null : callsAfter - callsBefore;
    return record.withServer(new RunRecord.ServerFigures(
        after.xactCommit() - before.xactCommit(),
        after.xactRollback() - before.xactRollback(),
        calls,
        out.result() == null ? 0 : out.result().totalStatements()));
  }
}
