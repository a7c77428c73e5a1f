package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Base64;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs initdb and the postmaster for {@link EmbeddedPostgres}. Output goes straight to log files
 * through {@link ProcessBuilder.Redirect}, so no pipe can fill up and stall the server. Stateless,
 * hence thread-safe.
 */
public final class PgCluster {

  /** Longest unix socket path the kernel takes (sun_path is 108 bytes with the NUL). */
  private static final int MAX_SOCKET_PATH = 107;

  private static final AtomicInteger RUNS = new AtomicInteger();

  private PgCluster() {}

  /** Creates {@code dataDir}; the password goes through a pwfile beside it, deleted afterwards. */
  public static void initdb(PgBinaries bin, Privileges priv, Path dataDir, String password)
      throws IOException, InterruptedException {
    Path pwfile = dataDir.resolveSibling(dataDir.getFileName() + ".pwfile");
    Path log = dataDir.resolveSibling(dataDir.getFileName() + ".initdb.log");
    try {
      Files.writeString(pwfile, password + "\n", StandardCharsets.UTF_8);
      Files.setPosixFilePermissions(pwfile, PosixFilePermissions.fromString("rw-------"));
      priv.giveToServerUser(pwfile);
      List<String> cmd = List.of(bin.bin().resolve("initdb").toString(), "-D", dataDir.toString(),
          "-U", "postgres", "-A", "scram-sha-256", "--pwfile=" + pwfile, "--no-sync",
          "-E", "UTF8", "--locale=C", "--no-instructions");
      Process p = launch(priv.wrap(cmd), log);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new DbException("initdb did not finish within 60 s: " + Files2.tail(log, 5));
      }
      if (p.exitValue() != 0) {
        throw new DbException("initdb failed (exit " + p.exitValue() + "): " + Files2.tail(log, 5));
      }
    } finally {
      Files.deleteIfExists(pwfile);
      Files.deleteIfExists(log);
    }
  }

  /**
   * Starts the postmaster on 127.0.0.1:port, with {@code settings} ({@code name=value}) beside
   * dbrace's own; the caller waits with {@link #awaitReady}.
   */
  public static Process start(PgBinaries bin, Privileges priv, Path dataDir, int port, boolean pgss, List<String> settings)
      throws IOException {
    // A long cache path would overflow the socket path: TCP is all dbrace uses, so go without.
    String socketDir = dataDir.toString().length() + "/.s.PGSQL.65535.lock".length()
        <= MAX_SOCKET_PATH ? dataDir.toString() : "";
    List<String> cmd = new ArrayList<>(List.of(bin.bin().resolve("postgres").toString(),
        "-D", dataDir.toString(), "-p", Integer.toString(port),
        "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=" + socketDir,
        "-c", "max_connections=400",
        // A lab database whose data is regenerated at will: durability only costs speed here.
        "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"));
    if (pgss) {
      cmd.addAll(List.of("-c", "shared_preload_libraries=pg_stat_statements"));
    }
    for (String setting : settings) {
      cmd.addAll(List.of("-c", setting));
    }
    return launch(priv.wrap(cmd), dataDir.resolve("server.log"));
  }

  /**
   * Waits for "ready" in postmaster.pid (what {@code pg_ctl -w} watches).
   *
   * @return null when ready, else why not (the process exited, or the timeout passed)
   */
  public static String awaitReady(Process p, Path dataDir, long timeoutMillis)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
    Path pidFile = dataDir.resolve("postmaster.pid");
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        return "PostgreSQL exited (code " + p.exitValue() + ") while starting";
      }
      try {
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        if (lines.size() >= 8 && lines.get(7).strip().equals("ready")) {
          return null;
        }
      } catch (IOException | RuntimeException e) {
        // not written yet, or caught mid-write: try again
      }
      Thread.sleep(20);
    }
    return "PostgreSQL did not accept connections within " + timeoutMillis / 1000 + " s";
  }

  private static Process launch(List<String> cmd, Path log) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    // A user's PG* settings (PGDATA, PGPORT...) must not redirect the embedded server.
    pb.environment().keySet().removeIf(k -> k.startsWith("PG"));
    pb.environment().put("LC_ALL", "C");
    return pb.start();
  }

  static Path newRunDir(Path base) {
    long pid = ProcessHandle.current().pid();
    Path dir;
    do {
      dir = base.resolve("run-" + pid + "-" + RUNS.incrementAndGet());
    } while (Files.exists(dir));
    return dir;
  }

  public static String newPassword() {
    byte[] b = new byte[18];
    new SecureRandom().nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /** Creates pg_stat_statements and reads the version over a first real connection. */
  static String initialize(DbTarget target, boolean pgss) {
    try (Connection c = target.connect(); Statement s = c.createStatement()) {
      if (pgss) {
        s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      }
      return ServerCounters.serverVersion(c);
    } catch (SQLException e) {
      throw new DbException("embedded PostgreSQL started but setup failed: " + e.getMessage(), e);
    }
  }
}
