package dev.dbrace.db.firebird;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;
import dev.dbrace.db.PackagedServer;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.postgres.Connector;
import dev.dbrace.db.postgres.PgCluster;

import dev.dbrace.core.spi.Engine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/**
 * A throw-away Firebird 3 SuperServer for one dbrace run, from Debian's {@code firebird3.0-server}
 * package: a private root directory (its own {@code firebird.conf}, security database and lock
 * directory), 127.0.0.1 on a free port (never the system server's 3050), a generated SYSDBA
 * password and one database, {@code dbrace.fdb}, in UTF8. Stopped by {@link #close()} or, failing
 * that, by a JVM shutdown hook.
 *
 * <p>As root the server and isql-fb run as the {@code firebird} user via {@code setpriv} (which
 * replaces itself, so {@link #pid()} is the server); otherwise as the current user. The password
 * reaches isql-fb on its stdin, never a command line.
 *
 * <p>Thread-safe: the accessors return immutable values and {@link #close()} may be called from
 * any thread, any number of times.
 */
public final class EmbeddedFirebird implements AutoCloseable {

  private static final int START_ATTEMPTS = 3;
  private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

  private final PackagedServer server;
  private final DbTarget target;
  private volatile String version = "?";

  private EmbeddedFirebird(PackagedServer server, DbTarget target) {
    this.server = server;
    this.target = target;
  }

  /**
   * Removes roots left by dead JVMs (killing their servers), creates the private root
   * {@code dbrace-firebird-<pid>-<n>} under {@code java.io.tmpdir}, the security database and
   * {@code dbrace.fdb}, then starts the server and waits up to 20 s for its port.
   *
   * @throws DbException with {@link FirebirdInstall#HINT} if the package is missing, or with the
   *     last lines of the server's output if it does not come up
   */
  public static EmbeddedFirebird start(Consumer<String> logOrNull) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    if (FirebirdInstall.missing() != null) {
      throw new DbException(FirebirdInstall.HINT);
    }
    long t0 = System.nanoTime();
    String password = PgCluster.newPassword();
    Path root = null;
    try {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      StaleServers.FIREBIRD.clean(tmp, log);
      // The JVM's pid in the name lets a later start clean up after a JVM killed without its hooks.
      root = Files.createTempDirectory(tmp, StaleServers.FIREBIRD.prefix() + ProcessHandle.current().pid() + "-");
      Files.createDirectories(root.resolve("lock"));
      Files.writeString(root.resolve("databases.conf"), "");
      Path database = root.resolve("dbrace.fdb");
      for (int attempt = 1; ; attempt++) {
        int port = PgCluster.freePort();
        writeConfig(root, port);
        if (attempt == 1) {
          PackagedServer.chown(root, "firebird");
          createDatabases(root, database, password);
        }
        Process p = command(root, List.of(FirebirdInstall.SERVER.toString()))
            .redirectOutput(root.resolve("server.log").toFile()).start();
        DbTarget target = new DbTarget("127.0.0.1", port, database.toString(), "SYSDBA", password,
            Engine.FIREBIRD);
        // Firebird 3.0.11 started this way exits on SIGTERM at once while it has served no client,
        // but after it has, it ignores SIGTERM and SIGINT (seen: 10 minutes). SIGKILL after 2 s then
        // loses nothing: its database, security database and lock files are this run's own.
        EmbeddedFirebird fb = new EmbeddedFirebird(new PackagedServer(p, root, "Firebird", 2, log), target);
        Files.writeString(root.resolve("server.pid"), p.pid() + "\n");
        if (fb.server.awaitPort(port, 20_000)) {
          try (Connection c = target.connect()) {
            fb.version = c.getMetaData().getDatabaseProductVersion().strip();
          } catch (SQLException | RuntimeException e) {
            fb.close();
            throw e instanceof DbException d ? d
                : new DbException("embedded Firebird does not accept connections: " + e.getMessage(), e);
          }
          log.accept(String.format("Firebird %s ready on 127.0.0.1:%d (pid %d) in %.1f s", fb.version,
              port, p.pid(), (System.nanoTime() - t0) / 1e9));
          return fb;
        }
        String tail = Files2.tail(root.resolve("server.log"), 6);
        fb.server.stop(false);
        // Another process may take the free port between our probe and the server's bind.
        if (attempt < START_ATTEMPTS && !p.isAlive()) {
          log.accept("Firebird did not start on port " + port + " (" + tail + "); retrying on another port");
          continue;
        }
        throw new DbException("embedded Firebird did not start on 127.0.0.1:" + port + ": " + tail);
      }
    } catch (IOException | RuntimeException | InterruptedException e) {
      if (root != null) {
        Files2.deleteTree(root);
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw e instanceof DbException d ? d
          : new DbException("cannot start embedded Firebird: " + e.getMessage(), e);
    }
  }

  /** Only what differs from the compiled-in defaults; everything else is Debian's build. */
  private static void writeConfig(Path root, int port) throws IOException {
    Files.writeString(root.resolve("firebird.conf"), String.join("\n",
        "# written by dbrace for one run",
        "RemoteServicePort = " + port,
        "RemoteBindAddress = 127.0.0.1",
        "SecurityDatabase = " + root.resolve("security3.fdb"),
        "DatabaseAccess = Restrict " + root,
        "UdfAccess = None",
        ""));
  }

  /**
   * A fresh security database with SYSDBA's password, and the database, through isql-fb in
   * embedded mode (no server yet, so no password is needed to create them).
   */
  private static void createDatabases(Path root, Path database, String password)
      throws IOException, InterruptedException {
    String script = "create database '" + root.resolve("security3.fdb") + "';\n"
        + "create or alter user SYSDBA password '" + password + "' using plugin Srp;\n"
        + "commit;\n"
        + "create database '" + database + "' default character set UTF8;\n"
        + "exit;\n";
    Path out = root.resolve("isql.log");
    Process isql = command(root, List.of(FirebirdInstall.ISQL.toString(), "-q", "-b"))
        .redirectOutput(out.toFile()).start();
    try (var in = isql.getOutputStream()) {
      in.write(script.getBytes(StandardCharsets.UTF_8));
    }
    if (!isql.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      isql.destroyForcibly();
      throw new DbException("isql-fb did not create the Firebird databases within 30 s");
    }
    if (isql.exitValue() != 0) {
      String tail = Files2.tail(out, 4);
      throw new DbException("isql-fb could not create the Firebird databases: "
          + Connector.scrub(tail, password));
    }
  }

  /** The server and isql-fb see only the private root: its config, its lock files. */
  private static ProcessBuilder command(Path root, List<String> command) {
    List<String> cmd = new java.util.ArrayList<>();
    if (ROOT) {
      cmd.addAll(List.of("setpriv", "--reuid=firebird", "--regid=firebird", "--init-groups"));
    }
    cmd.addAll(command);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true);
    pb.environment().put("FIREBIRD", root.toString());
    pb.environment().put("FIREBIRD_LOCK", root.resolve("lock").toString());
    pb.environment().put("FIREBIRD_MSG", "/usr/lib/x86_64-linux-gnu/firebird/3.0");
    pb.environment().remove("ISC_USER");
    pb.environment().remove("ISC_PASSWORD");
    return pb;
  }

  /** SYSDBA on 127.0.0.1, the server's port, database {@code <root>/dbrace.fdb}. */
  public DbTarget target() {
    return target;
  }

  /** The server's version as it reports it, e.g. "LI-V3.0.11.33637 Firebird 3.0". */
  public String version() {
    return version;
  }

  /** The server's process id. */
  public long pid() {
    return server.pid();
  }

  /** The private root directory; package-private for tests. */
  Path root() {
    return server.root();
  }

  /** Stops the server (SIGTERM; SIGKILL after 2 s, see {@link #start}) and deletes its root. Idempotent. */
  @Override
  public void close() {
    server.close();
  }
}
