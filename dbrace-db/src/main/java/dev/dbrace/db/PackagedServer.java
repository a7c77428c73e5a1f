package dev.dbrace.db;

import dev.dbrace.db.postgres.PgCluster;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A database server process that dbrace runs from a Debian package (Firebird, MariaDB) or builds (FerretDB) in a private
 * root directory of its own: stopped by {@link #close()} or, failing that, by a JVM shutdown hook
 * registered at construction (so a Ctrl-C during startup stops it too), with SIGTERM and, after
 * the engine's grace period, SIGKILL; then the root is deleted.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, any number of times.
 */
public final class PackagedServer implements AutoCloseable {

  private final Process process;
  private final Path root;
  private final String label;
  private final long graceSeconds;
  private final Consumer<String> log;
  private final Thread shutdownHook;
  private boolean closed; // guarded by this

  /**
   * @param label the product, for log lines, e.g. "MariaDB"
   * @param graceSeconds how long SIGTERM may take before SIGKILL
   */
  public PackagedServer(Process process, Path root, String label, long graceSeconds, Consumer<String> log) {
    this.process = process;
    this.root = root;
    this.label = label;
    this.graceSeconds = graceSeconds;
    this.log = log;
    this.shutdownHook = new Thread(this::close, "dbrace-" + label.toLowerCase(Locale.ROOT) + "-stop");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  public long pid() {
    return process.pid();
  }

  /** How an engine starts its server on a port: the process, the target to connect to, the log to quote on failure. */
  public interface Launcher {
    Launch launch(int port) throws IOException;
  }

  /**
   * A started server process, where to reach it (null for a server that JDBC does not reach, e.g.
   * FerretDB), and the file whose last lines say why it did not come up.
   */
  public record Launch(Process process, DbTarget target, Path log, int tailLines) {}

  /** A server that accepted a connection: its process handle, target (as launched), version string and port. */
  public record Ready(PackagedServer server, DbTarget target, String version, int port) {}

  /**
   * Asks a server that accepts on its port whether it serves, as a client would: returns its
   * version, or throws (a {@link DbException} is passed on as it is).
   */
  public interface Probe {
    String version(Launch launch, int port) throws Exception;
  }

  /**
   * Starts the server on a free port and waits up to {@code awaitMs} for it to accept a connection,
   * trying another port (up to {@code attempts} in all) when the process died at once: another
   * process may take the free port between the probe and the server's bind.
   *
   * @throws DbException with the last lines of the server's log when it does not come up
   */
  public static Ready start(String label, Path root, long graceSeconds, int attempts, long awaitMs, Consumer<String> log,
      Launcher launcher) throws IOException, InterruptedException {
    return start(label, root, graceSeconds, attempts, awaitMs, log, launcher, PackagedServer::jdbcVersion);
  }

  /** The JDBC servers' probe: a connection to the launch's target and the version its metadata reports. */
  private static String jdbcVersion(Launch l, int port) throws SQLException {
    try (Connection c = l.target().connect()) {
      return c.getMetaData().getDatabaseProductVersion().strip();
    }
  }

  /**
   * {@link #start(String, Path, long, int, long, Consumer, Launcher)} for a server that is not
   * reached through JDBC: once the port accepts, {@code probe} says whether it serves.
   */
  public static Ready start(String label, Path root, long graceSeconds, int attempts, long awaitMs, Consumer<String> log,
      Launcher launcher, Probe probe) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    for (int attempt = 1; ; attempt++) {
      int port = PgCluster.freePort();
      Launch l = launcher.launch(port);
      PackagedServer server = new PackagedServer(l.process(), root, label, graceSeconds, log);
      Files.writeString(root.resolve("server.pid"), l.process().pid() + "\n");
      if (server.awaitPort(port, awaitMs)) {
        String version;
        try {
          version = probe.version(l, port);
        } catch (InterruptedException e) {
          server.close();
          throw e;
        } catch (Exception e) {
          server.close();
          throw e instanceof DbException d ? d
              : new DbException("embedded " + label + " does not accept connections: " + e.getMessage(), e);
        }
        log.accept(String.format("%s %s ready on 127.0.0.1:%d (pid %d) in %.1f s", label, version, port,
            l.process().pid(), (System.nanoTime() - t0) / 1e9));
        return new Ready(server, l.target(), version, port);
      }
      String tail = Files2.tail(l.log(), l.tailLines());
      server.stop(false);
      if (attempt < attempts && !l.process().isAlive()) {
        log.accept(label + " did not start on port " + port + " (" + tail + "); retrying on another port");
        continue;
      }
      throw new DbException("embedded " + label + " did not start on 127.0.0.1:" + port + ": " + tail);
    }
  }

  /**
   * The failure of a start as the user's one line, after the private root is removed: a
   * {@link DbException} as it is, anything else as "cannot start embedded LABEL: ...".
   */
  public static DbException startFailed(String label, Path rootOrNull, Exception e) {
    if (rootOrNull != null) {
      Files2.deleteTree(rootOrNull);
    }
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return e instanceof DbException d ? d : new DbException("cannot start embedded " + label + ": " + e.getMessage(), e);
  }

  public Path root() {
    return root;
  }

  /** Waits until something accepts on 127.0.0.1:port; false if the process died or the time ran out. */
  public boolean awaitPort(int port, long timeoutMs) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000;
    while (System.nanoTime() < deadline && process.isAlive()) {
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return true;
      } catch (IOException e) {
        Thread.sleep(20);
      }
    }
    return false;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Hands the root to the OS user that runs the server (as root only; otherwise the server runs as us). */
  public static void chown(Path root, String user) throws IOException, InterruptedException {
    if (!"root".equals(System.getProperty("user.name"))) {
      return;
    }
    Process p = new ProcessBuilder("chown", "-R", user + ":" + user, root.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (p.waitFor() != 0) {
      throw new DbException("cannot hand " + root + " to the " + user + " user: " + out);
    }
  }

  /** Stops the server and deletes its root. Idempotent. */
  @Override
  public void close() {
    stop(true);
  }

  /** Stops the server; keeps the root when {@code deleteRoot} is false (a failed start retrying in it). */
  public synchronized void stop(boolean deleteRoot) {
    if (closed) {
      return;
    }
    closed = true;
    try {
      process.destroy();
      if (!process.waitFor(graceSeconds, TimeUnit.SECONDS)) {
        log.accept(label + " (pid " + process.pid() + ") did not stop within " + graceSeconds + " s of SIGTERM; killing it");
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          log.accept(label + " (pid " + process.pid() + ") survived SIGKILL for 10 s");
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    if (deleteRoot && !Files2.deleteTree(root)) {
      log.accept("could not delete " + root + " entirely");
    }
    if (Thread.currentThread() != shutdownHook) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // the JVM is already shutting down; the hook will find this instance closed
      }
    }
  }
}
