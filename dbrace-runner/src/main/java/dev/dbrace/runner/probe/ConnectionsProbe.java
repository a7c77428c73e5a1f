package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.fork.RunExecutor;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * How many of the run's connections carried its statements, as the server saw them ({@link RunRecord.Connections}):
 * from the start of the measured phase until the worker is gone, every {@link #PERIOD_MS} ms, the backends named by
 * the run's application_name and the start of each one's latest statement; a backend whose latest statement started
 * after the first reading carried some. Vert.x's pipelining client, for one, puts each statement on the first
 * connection of the caller's event loop that has room, and room is its pipelining limit (256): with a pool of 8 and
 * 2 event loops, 2 connections carry every statement and 6 stay idle. Reads on a virtual thread and a connection of
 * its own, in one transaction (one commit in the server's counts, not one per reading); a fault that restarts the server
 * or cuts that connection costs the readings until it is back, not those taken. Thread-safe.
 */
public final class ConnectionsProbe implements RunProbe {
  /**
   * Once a second: the reader runs in the runner's JVM and its query in the server, both on the cores the race
   * measures; a connection that carries statements shows a fresh query start at any reading.
   */
  static final long PERIOD_MS = 1000;
  /** How long {@link #after} waits for the reader to finish its last reading. */
  private static final long AWAIT_MS = 10_000;

  private final DbTarget target;
  private final String applicationName;
  private final Consumer<String> problem;
  private final CompletableFuture<RunRecord.Connections> reading = new CompletableFuture<>();
  private final CountDownLatch stop = new CountDownLatch(1);
  private volatile Thread reader;
  /** The connection {@link #before} opened, until the reader takes it. */
  private volatile Connection early;

  public ConnectionsProbe(DbTarget target, String applicationName, Consumer<String> problem) {
    this.target = target;
    this.applicationName = applicationName;
    this.problem = problem;
  }

  /**
   * Connects and reads once before the worker starts: a connection's set-up (SCRAM's 4,096 HMAC rounds, the driver's
   * first query) at the measured phase's start would have the runner's JIT compile in its window (docs/decisions.md).
   */
  @Override
  public void before() {
    Connection c = null;
    try {
      c = connect();
      ServerCounters.backends(c, applicationName);
      early = c;
    } catch (SQLException | RuntimeException e) {
      close(c); // the reader connects when the phase begins
    }
  }

  @Override
  public void measuring(Instant start) {
    reader = Thread.ofVirtual().name("dbrace-connections-probe").start(this::read);
  }

  private void read() {
    Set<Integer> open = new HashSet<>();
    Set<Integer> used = new HashSet<>();
    long from = Long.MIN_VALUE;
    String failure = null;
    Connection c = early;
    early = null;
    try {
      while (true) {
        boolean last = stop.getCount() == 0;
        try {
          if (c == null) {
            c = connect();
          }
          ServerCounters.Backends b = ServerCounters.backends(c, applicationName);
          if (from == Long.MIN_VALUE) {
            from = b.nowMicros();
          }
          long since = from;
          b.queryStartMicros().forEach((pid, started) -> {
            open.add(pid);
            if (started > since) {
              used.add(pid);
            }
          });
        } catch (SQLException | RuntimeException e) {
          // a fault restarted the server or cut this connection: read again on a new one; what was seen stays
          failure = String.valueOf(e.getMessage());
          close(c);
          c = null;
        }
        if (last) {
          break;
        }
        stop.await(PERIOD_MS, TimeUnit.MILLISECONDS); // close() ends the pause: one more reading, at once
      }
      if (c != null) {
        c.commit();
      }
    } catch (InterruptedException | SQLException e) {
      // stopped, or the last commit failed: the readings stand
    } finally {
      close(c);
    }
    if (open.isEmpty() && failure != null) {
      problem.accept("could not read which of the run's connections were used: " + Secrets.redact(failure));
    }
    reading.complete(open.isEmpty() ? null : new RunRecord.Connections(open.size(), used.size()));
  }

  /** The probe's own connection, its readings in one transaction (one commit in the server's counts). */
  private Connection connect() throws SQLException {
    Connection c = target.connect();
    try {
      c.setAutoCommit(false);
      return c;
    } catch (SQLException e) {
      close(c);
      throw e;
    }
  }

  /** Closes a probe's own connection, if any; a broken one has nothing to give back. */
  static void close(Connection c) {
    if (c != null) {
      try {
        c.close();
      } catch (SQLException ignored) {
        // a broken connection: nothing to give back
      }
    }
  }

  /** The worker is gone: the reader takes one more reading, at once, and stops (a run never measured: the connection closes). */
  @Override
  public void close() {
    stop.countDown();
    if (reader == null) {
      close(early);
      early = null;
    }
  }

  /** The readings were taken during the run: a run cut short keeps them. */
  @Override
  public boolean afterInterrupt() {
    return true;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) throws InterruptedException {
    if (reader == null) {
      return record;
    }
    RunRecord.Connections c;
    try {
      c = reading.get(AWAIT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      c = null;
    }
    RunRecord.Connections seen = c;
    return record.withProbes(p -> p.withConnections(seen));
  }
}
