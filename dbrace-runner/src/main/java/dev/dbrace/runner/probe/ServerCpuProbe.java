package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.ThreadCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The PostgreSQL server's CPU over the measured phase ({@link RunRecord.Probes#serverCpu()}), where the server runs on
 * this machine: read from /proc at the moments the worker's own CPU is ({@link #measuring}, {@link #windowClosed},
 * {@link #measured}), summed over the postmaster and every process it started (backends, background workers); a
 * process that ended and was reaped in between counts in the postmaster's cumulative children's time. The postmaster
 * is found from the runner's own connection: its backend's pid and client port ({@code pg_backend_pid()},
 * {@code inet_client_port()}), checked against that backend's process title (which names the client's port, so a pid of
 * another machine or of another pid namespace is not taken for it), and the backend's parent. Where that fails (a
 * remote server, a restart fault that replaced the postmaster during the phase) the run has no server CPU. Not
 * thread-safe: the runner's thread.
 */
public final class ServerCpuProbe extends CpuProbe {
  private final RunProbe.Admin admin;
  private long postmaster;

  public ServerCpuProbe(RunProbe.Admin admin) {
    this.admin = admin;
  }

  @Override
  public void before() throws IOException {
    try {
      postmaster = postmaster(admin.get());
    } catch (SQLException e) {
      postmaster = 0; // not readable: the run has no server CPU
    }
  }

  @Override
  CpuReading read() {
    return postmaster > 0 ? CpuReading.tree(postmaster) : null;
  }

  @Override
  RunRecord.Probes record(RunRecord.Probes probes, RunRecord.ProcessCpu cpu) {
    return probes.withServerCpu(cpu);
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
}
