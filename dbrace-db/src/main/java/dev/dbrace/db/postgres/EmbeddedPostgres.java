package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;
import dev.dbrace.db.StaleRuns;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A throw-away PostgreSQL server for one dbrace run: fresh data dir, random password, free port on
 * 127.0.0.1, pg_stat_statements loaded, durability off. Stopped by {@link #close()} or, failing
 * that, by a JVM shutdown hook; servers orphaned by a killed JVM are removed by the next start.
 *
 * <p>Thread-safe: the accessors return immutable values and {@link #close()} may be called from
 * any thread, any number of times.
 */
public final class EmbeddedPostgres implements AutoCloseable {

  private static final int START_ATTEMPTS = 3;

  private volatile Process process; // replaced by restart()
  private final Path dataDir;
  private final DbTarget target;
  private final Consumer<String> log;
  private final Thread shutdownHook;
  private volatile String version = "?";
  private boolean closed; // guarded by this
  private PgBinaries bin; // set once started, for restart()
  private Privileges priv;
  private List<String> settings = List.of(); // the server settings of its start, for restart()

  private EmbeddedPostgres(Process process, Path dataDir, DbTarget target, Consumer<String> log) {
    this.process = process;
    this.dataDir = dataDir;
    this.target = target;
    this.log = log;
    this.shutdownHook = new Thread(this::close, "dbrace-embedded-postgres-stop");
  }

  /**
   * Starts a fresh server; binaries are unpacked once into {@code cacheDir/pg-<version>/}, the data
   * dir is {@code cacheDir/run-<pid>-<n>/} (as root without {@code unshare}: under
   * {@code /var/tmp/dbrace-pg-nobody/}). Waits up to 60 s for it to accept connections.
   *
   * @throws DbException with the last lines of the server log if it does not come up
   */
  public static EmbeddedPostgres start(Path cacheDir, Consumer<String> log) {
    return start(cacheDir, log, false, null);
  }

  /**
   * A server with TLS on ({@code ssl=on}), for tests of what the stacks negotiate: {@code cert} and
   * {@code key} (PEM) are copied into the data dir, the key readable by the server's user only, as
   * PostgreSQL insists. Otherwise as {@link #start(Path, Consumer)}.
   */
  public static EmbeddedPostgres startWithTls(Path cacheDir, Consumer<String> log, Path cert, Path key) {
    return start(cacheDir, log, false, null, new ServerTls(cert, key));
  }

  /** The certificate and key of a server with TLS on; null for dbrace's own server, which keeps TLS off. */
  record ServerTls(Path cert, Path key) {
    static final String CERT = "server.crt";
    static final String KEY = "server.key";

    /** Copies both files into the data dir, owned by the server's user, the key mode 0600. */
    void install(Path dataDir, Privileges priv) throws IOException {
      copy(cert, dataDir.resolve(CERT), priv);
      copy(key, dataDir.resolve(KEY), priv);
    }

    private static void copy(Path from, Path to, Privileges priv) throws IOException {
      Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
      Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rw-------"));
      priv.giveToServerUser(to);
    }

    /** The server settings; relative file names are read from the data dir. */
    List<String> settings() {
      return List.of("ssl=on", "ssl_cert_file=" + CERT, "ssl_key_file=" + KEY);
    }
  }

  /** For tests: {@code preferLocal} skips the bundled binaries, {@code privileges} forces a mode. */
  public static EmbeddedPostgres start(Path cacheDir, Consumer<String> logOrNull, boolean preferLocal,
      Privileges privileges) {
    return start(cacheDir, logOrNull, preferLocal, privileges, null);
  }

  /**
   * Where the clients of a server that agents on other hosts drive reach it.
   *
   * @param address the server listens here as well as on 127.0.0.1, and its target names it
   * @param network the clients' network in CIDR form ({@code 10.231.7.0/24}), admitted with a password
   *     (scram-sha-256) like loopback
   * @param password the superuser's password, which the agents were given by the user (each reads it from its own
   *     PGPASSWORD or ~/.pgpass: it never travels)
   */
  public record Reach(String address, String network, String password) {}

  /** A fresh server as {@link #start(Path, Consumer)}, reachable from {@code reach}'s network. */
  public static EmbeddedPostgres startReachable(Path cacheDir, Consumer<String> log, Reach reach) {
    return start(cacheDir, log, false, null, null, reach);
  }

  private static EmbeddedPostgres start(Path cacheDir, Consumer<String> logOrNull, boolean preferLocal,
      Privileges privileges, ServerTls tls) {
    return start(cacheDir, logOrNull, preferLocal, privileges, tls, null);
  }

  private static EmbeddedPostgres start(Path cacheDir, Consumer<String> logOrNull, boolean preferLocal,
      Privileges privileges, ServerTls tls, Reach reach) {
    long t0 = System.nanoTime();
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    Privileges priv = privileges != null ? privileges : Privileges.detect(log);
    Path base;
    try {
      base = priv.baseDir(cacheDir.toAbsolutePath());
    } catch (IOException e) {
      throw new DbException("cannot create " + cacheDir + ": " + e, e);
    }
    StaleRuns.clean(base, log);
    PgBinaries bin = PgBinaries.resolve(base, preferLocal, log);
    if (!bin.hasPgStatStatements()) {
      log.accept("pg_stat_statements is not installed with " + bin.label()
          + ": starting without it, so statement counts are unavailable");
    }
    Path dataDir = PgCluster.newRunDir(base);
    String password = reach == null ? PgCluster.newPassword() : reach.password();
    String host = reach == null ? "127.0.0.1" : reach.address();
    try {
      PgCluster.initdb(bin, priv, dataDir, password);
      // dbrace's own server keeps TLS off, whatever a postgresql.conf says: its runs read tls=false
      List<String> settings = new ArrayList<>(tls == null ? List.of("ssl=off") : tls.settings());
      if (reach != null) {
        // after dbrace's own listen_addresses on the command line: the last -c of a name wins
        settings.add("listen_addresses=127.0.0.1," + reach.address());
        Files.writeString(dataDir.resolve("pg_hba.conf"), "host all all " + reach.network() + " scram-sha-256\n",
            StandardOpenOption.APPEND);
      }
      if (tls != null) {
        tls.install(dataDir, priv);
      }
      for (int attempt = 1; ; attempt++) {
        int port = PgCluster.freePort();
        DbTarget target = new DbTarget(host, port, "postgres", "postgres", password);
        Process p = PgCluster.start(bin, priv, dataDir, port, bin.hasPgStatStatements(), settings);
        EmbeddedPostgres pg = new EmbeddedPostgres(p, dataDir, target, log);
        pg.settings = List.copyOf(settings);
        pg.bin = bin;
        pg.priv = priv;
        // Registered before the wait, so a Ctrl-C during startup stops the server too.
        Runtime.getRuntime().addShutdownHook(pg.shutdownHook);
        String failure = PgCluster.awaitReady(p, dataDir, 60_000);
        if (failure == null) {
          try {
            pg.version = PgCluster.initialize(target, bin.hasPgStatStatements());
          } catch (RuntimeException e) {
            pg.close();
            throw e;
          }
          log.accept(String.format("PostgreSQL %s ready on " + host + ":%d (pid %d) in %.1f s",
              pg.version, port, p.pid(), (System.nanoTime() - t0) / 1e9));
          return pg;
        }
        String tail = Files2.tail(dataDir.resolve("server.log"), 6);
        pg.shutdown(false); // keep the initialized data dir for another attempt
        // Another process may take the free port between our probe and the server's bind.
        if (attempt < START_ATTEMPTS && tail.contains("could not bind")) {
          log.accept("port " + port + " was taken meanwhile; retrying on another port");
          continue;
        }
        throw new DbException(failure + "; server log: " + tail);
      }
    } catch (IOException | RuntimeException | InterruptedException e) {
      Files2.deleteTree(dataDir);
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e instanceof DbException d ? d
          : new DbException("cannot start embedded PostgreSQL: " + e.getMessage(), e);
    }
  }

  /** The superuser target: 127.0.0.1, the server's port, database and user "postgres". */
  public DbTarget target() {
    return target;
  }

  /** The server's version, e.g. "17.6". */
  public String version() {
    return version;
  }

  /** The postmaster's process id. */
  public long pid() {
    return process.pid();
  }

  /**
   * Stops the server (fast shutdown: every connection is cut) and starts it again on the same
   * port and data dir, as a database restart does to its clients; waits until it accepts
   * connections. For fault runs ({@code --faults restart@...}).
   *
   * @throws DbException if it does not come back within 60 s
   */
  public synchronized void restart() {
    if (closed) {
      throw new IllegalStateException("the server is closed");
    }
    ServerStopper.stop(process, 10_000, log);
    try {
      Process p = PgCluster.start(bin, priv, dataDir, target.port(), bin.hasPgStatStatements(), settings);
      process = p;
      String failure = PgCluster.awaitReady(p, dataDir, 60_000);
      if (failure != null) {
        throw new DbException("restart: " + failure + "; server log: " + Files2.tail(dataDir.resolve("server.log"), 6));
      }
    } catch (IOException e) {
      throw new DbException("restart: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DbException("restart interrupted", e);
    }
  }

  /** The data directory; package-private for tests. */
  public Path dataDir() {
    return dataDir;
  }

  /**
   * Stops the server (SIGINT, i.e. fast shutdown; SIGKILL after 10 s) and deletes its data dir.
   * Idempotent; a second caller waits until the first has finished.
   */
  @Override
  public void close() {
    shutdown(true);
  }

  private synchronized void shutdown(boolean deleteData) {
    if (closed) {
      return;
    }
    closed = true;
    ServerStopper.stop(process, 10_000, log);
    if (deleteData && !Files2.deleteTree(dataDir)) {
      log.accept("could not delete " + dataDir + " entirely; the next start removes it");
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
