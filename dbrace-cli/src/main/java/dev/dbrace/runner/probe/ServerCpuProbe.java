package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.ThreadCpu;
import dev.dbrace.runner.fork.RunExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

/**
 * The PostgreSQL server's CPU over the measured phase ({@link RunRecord.ServerCpu}), where the server runs on this
 * machine: read from /proc at the moments the worker's own CPU is ({@link #measuring}, {@link #measured}), summed
 * over the postmaster and every process it started (backends, background workers); a process that ended and was
 * reaped in between counts in the postmaster's cumulative children's time. The postmaster is found from the runner's
 * own connection: its backend's pid and client port ({@code pg_backend_pid()}, {@code inet_client_port()}), checked
 * against that backend's process title (which names the client's port, so a pid of another machine or of another
 * pid namespace is not taken for it), and the backend's parent. Where that fails (a remote server, a restart fault
 * that replaced the postmaster during the phase) the run has no server CPU. Not thread-safe: the runner's thread.
 */
public final class ServerCpuProbe implements RunProbe {
  private static final double TICKS = ThreadCpu.TICKS;

  private final RunProbe.Admin admin;
  private long postmaster;
  private Cpu start;
  private Cpu end;

  public ServerCpuProbe(RunProbe.Admin admin) {
    this.admin = admin;
  }

  /** CPU seconds of a process tree, user and system, read at {@code atNanos} ({@link System#nanoTime()}). */
  public record Cpu(double userS, double sysS, long atNanos) {}

  @Override
  public void before() throws IOException {
    try {
      postmaster = postmaster(admin.get());
    } catch (SQLException e) {
      postmaster = 0; // not readable: the run has no server CPU
    }
  }

  @Override
  public void measuring(Instant start) {
    this.start = postmaster > 0 ? tree(postmaster) : null;
  }

  @Override
  public void measured(Instant end) {
    this.end = postmaster > 0 ? tree(postmaster) : null;
  }

  /** Both readings were taken during the run: a run cut short keeps them. */
  @Override
  public boolean afterInterrupt() {
    return true;
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) {
    if (start == null || end == null || out.result() == null || end.atNanos() <= start.atNanos()) {
      return record;
    }
    double user = end.userS() - start.userS();
    double sys = end.sysS() - start.sysS();
    long ops = out.result().ops();
    double wallS = (end.atNanos() - start.atNanos()) / 1e9;
    RunRecord.ServerCpu cpu = new RunRecord.ServerCpu(round(user, 100), round(sys, 100),
        ops > 0 ? round((user + sys) * 1e6 / ops, 1000) : 0, round((user + sys) / wallS * 100, 10));
    return record.withProbes(p -> p.withServerCpu(cpu));
  }

  private static double round(double v, double scale) {
    return Math.round(v * scale) / scale;
  }

  /**
   * The pid of the postmaster serving {@code c}, or 0 when it is not a process of this machine that /proc shows.
   */
  public static long postmaster(Connection c) throws SQLException {
    long backend;
    int port;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid(), inet_client_port()")) {
      if (!rs.next()) {
        return 0;
      }
      backend = rs.getLong(1);
      port = rs.getInt(2); // 0 (null) over a Unix socket: no port to check the title against
    }
    try {
      Path proc = Path.of("/proc", Long.toString(backend));
      String title = Files.readString(proc.resolve("cmdline")).replace('\0', ' ');
      if (port <= 0 || !title.contains("(" + port + ")")) {
        return 0;
      }
      long parent = Long.parseLong(ThreadCpu.statFields(Files.readString(proc.resolve("stat")))[1]);
      String comm = Files.readString(Path.of("/proc", Long.toString(parent), "comm")).strip();
      return comm.startsWith("postgres") ? parent : 0;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /**
   * The CPU of {@code pid} and its children (those alive, from /proc/PID/task/PID/children, and those it reaped,
   * from its cumulative children's time); null when /proc does not show them.
   */
  public static Cpu tree(long pid) {
    try {
      Path proc = Path.of("/proc", Long.toString(pid));
      double[] sum = cpu(Files.readString(proc.resolve("stat")));
      for (String child : Files.readString(proc.resolve("task").resolve(Long.toString(pid)).resolve("children"))
          .trim().split("\\s+")) {
        if (child.isEmpty()) {
          continue;
        }
        try {
          double[] c = cpu(Files.readString(Path.of("/proc", child, "stat")));
          sum[0] += c[0];
          sum[1] += c[1];
        } catch (IOException ended) {
          // ended since the listing: its time is in the parent's children's time once reaped
        }
      }
      return new Cpu(sum[0], sum[1], System.nanoTime());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** User and system seconds of a /proc/PID/stat line, its reaped children's included. */
  private static double[] cpu(String stat) {
    String[] f = ThreadCpu.statFields(stat);
    // after the command: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17), numbered from 1 in proc(5)
    return new double[] {(Long.parseLong(f[11]) + Long.parseLong(f[13])) / TICKS,
        (Long.parseLong(f[12]) + Long.parseLong(f[14])) / TICKS};
  }
}
