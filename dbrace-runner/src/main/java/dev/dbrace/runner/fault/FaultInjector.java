package dev.dbrace.runner.fault;

import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.fault.FaultPlan.Fault;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Injects a run's faults on their schedule, from the start of the measured phase, on a thread of
 * its own, and records when each one actually began and ended. {@link #close} ends a fault still
 * going on (the run ended early), so nothing outlives its run. Thread-safe: started and closed by
 * the runner's thread, read after close.
 */
public final class FaultInjector implements AutoCloseable {
  /** One fault as it happened: wall-clock start and end, and what it did. */
  public record Applied(Fault fault, Instant start, Instant end, String detail) {}

  /** How often kill-connections with a duration terminates the stack's backends again. */
  static final long KILL_EVERY_MS = 250;

  private final FaultPlan plan;
  private final DbTarget target;
  private final EmbeddedPostgres embedded;
  private final FaultProxy proxy;
  private final String applicationName;
  private final int pool;
  private final boolean ledger;
  private final List<Applied> applied = new ArrayList<>();
  private Thread thread;
  private volatile Instant measureStart;
  private volatile BiConsumer<List<Applied>, Instant> onApplied = (a, t) -> { };
  private volatile boolean closing;
  private volatile boolean restarting;

  /**
   * @param embedded the server dbrace started, or null (a restart was refused at parse time then)
   * @param proxy the proxy the worker connects through, or null when no fault needs one
   * @param ledger whether the workload writes the ledger table (exhaust then also locks it)
   */
  public FaultInjector(FaultPlan plan, DbTarget target, EmbeddedPostgres embedded, FaultProxy proxy, String applicationName,
      int pool, boolean ledger) {
    this.plan = plan;
    this.target = target;
    this.embedded = embedded;
    this.proxy = proxy;
    this.applicationName = applicationName;
    this.pool = pool;
    this.ledger = ledger;
  }

  /** Told the faults so far and the measured phase's start after each fault, on the injector's thread. */
  public FaultInjector onApplied(BiConsumer<List<Applied>, Instant> action) {
    onApplied = action;
    return this;
  }

  /** Starts the schedule; {@code measureStart} is time zero of the faults' AT. */
  public synchronized void start(Instant measureStart) {
    if (thread != null) {
      return;
    }
    this.measureStart = measureStart;
    long zero = System.nanoTime() - Duration.between(measureStart, Instant.now()).toNanos();
    thread = Thread.ofPlatform().daemon().name("dbrace-faults").start(() -> runAll(zero));
  }

  private void runAll(long zeroNanos) {
    for (Fault f : plan.faults()) {
      if (!sleepUntil(zeroNanos + TimeUnit.MILLISECONDS.toNanos(f.atMs()))) {
        return;
      }
      Instant start = Instant.now();
      String detail;
      try {
        detail = apply(f);
      } catch (SQLException | RuntimeException e) {
        detail = "failed: " + Secrets.redact(String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
      }
      synchronized (applied) {
        applied.add(new Applied(f, start, Instant.now(), detail));
      }
      try {
        onApplied.accept(applied(), measureStart);
      } catch (RuntimeException e) {
        // saving what is known so far is a courtesy; the run's own result is written at its end
      }
    }
  }

  /** Applies one fault for its duration, then undoes it; returns what it did. */
  private String apply(Fault f) throws SQLException {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(f.forMs());
    switch (f.kind()) {
      case KILL_CONNECTIONS -> {
        int killed = 0;
        int rounds = 0;
        try (Connection c = target.connect()) {
          do {
            killed += terminate(c);
            rounds++;
          } while (System.nanoTime() < end && sleepUntil(Math.min(end, System.nanoTime() + KILL_EVERY_MS * 1_000_000)));
        }
        return "terminated " + killed + " backends of the stack" + (rounds > 1 ? " in " + rounds + " rounds" : "");
      }
      case RESTART -> {
        long t0 = System.nanoTime();
        restarting = true; // never interrupted halfway: the server must come back up
        try {
          embedded.restart();
        } finally {
          restarting = false;
        }
        return String.format(Locale.ROOT, "server down and up again in %.1f s", (System.nanoTime() - t0) / 1e9);
      }
      case LATENCY -> {
        proxy.latency(f.value());
        sleepUntil(end);
        proxy.latency(0);
        return "+" + f.value() + " ms on every answer from the server";
      }
      case STALL -> {
        proxy.stall(true);
        sleepUntil(end);
        proxy.stall(false);
        return "no traffic either way, connections kept open";
      }
      case EXHAUST -> {
        return exhaust(f, end);
      }
      default -> throw new IllegalStateException(f.kind().toString());
    }
  }

  private int terminate(Connection c) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        + "WHERE application_name = ? AND pid <> pg_backend_pid()")) {
      ps.setString(1, applicationName);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /**
   * {@code exhaust=N} (default: the pool size) connections of the fault's own each sleep in the
   * server for the duration, and on the ledger workload one of them holds a lock on the ledger
   * table, so the workload's inserts wait behind it: what a burst of long queries does.
   */
  private String exhaust(Fault f, long endNanos) throws SQLException {
    int want = (int) (f.value() > 0 ? f.value() : pool);
    List<Connection> held = new ArrayList<>();
    List<Thread> sleepers = new ArrayList<>();
    String refused = null;
    try {
      for (int i = 0; i < want; i++) {
        try {
          Connection c = target.connect();
          held.add(c);
        } catch (RuntimeException e) {
          refused = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
          break; // the server's connections are taken: that is the fault
        }
      }
      boolean locked = false;
      if (ledger && !held.isEmpty()) {
        Connection c = held.getFirst();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
          s.execute("LOCK TABLE " + Workloads.LEDGER_TABLE + " IN EXCLUSIVE MODE");
          locked = true;
        }
      }
      double seconds = Math.max(0, (endNanos - System.nanoTime()) / 1e9);
      for (Connection c : held.subList(locked ? 1 : 0, held.size())) {
        sleepers.add(Thread.ofVirtual().start(() -> {
          try (Statement s = c.createStatement()) {
            s.execute(String.format(Locale.ROOT, "SELECT pg_sleep(%.3f)", seconds));
          } catch (SQLException e) {
            // cancelled or cut: the fault ends either way
          }
        }));
      }
      sleepUntil(endNanos);
      for (Thread t : sleepers) {
        t.join(2_000);
      }
      return held.size() + " connections sleeping in the server" + (locked ? ", one holding the ledger table locked" : "")
          + (held.size() < want ? " (" + want + " wanted; the server refused more: " + Secrets.redact(refused) + ")" : "");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return held.size() + " connections sleeping in the server (cut short)";
    } finally {
      for (Connection c : held) {
        try {
          c.close();
        } catch (SQLException e) {
          // closing anyway
        }
      }
    }
  }

  /** False if interrupted (the run is over). */
  private boolean sleepUntil(long deadlineNanos) {
    try {
      long left;
      while ((left = deadlineNanos - System.nanoTime()) > 0) {
        TimeUnit.NANOSECONDS.sleep(left);
      }
      return !closing;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The faults applied so far, in order. */
  public List<Applied> applied() {
    synchronized (applied) {
      return List.copyOf(applied);
    }
  }

  /** Stops the schedule and undoes a fault going on now; waits for a restart to finish. */
  @Override
  public synchronized void close() throws InterruptedException {
    closing = true;
    if (proxy != null) {
      proxy.latency(0);
      proxy.stall(false);
    }
    if (thread != null) {
      if (!restarting) {
        thread.interrupt();
      }
      thread.join(70_000);
    }
  }
}
