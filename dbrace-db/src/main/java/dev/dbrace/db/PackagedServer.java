package dev.dbrace.db;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A database server process that dbrace runs from a Debian package (Firebird, MariaDB) in a private
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
    this.shutdownHook = new Thread(this::close, "dbrace-" + label.toLowerCase(java.util.Locale.ROOT) + "-stop");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  public long pid() {
    return process.pid();
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
