package dev.dbrace.db.mariadb;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;
import dev.dbrace.db.PackagedServer;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.postgres.PgCluster;

import dev.dbrace.core.spi.Engine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A throw-away MariaDB server for one dbrace run, from Debian's {@code mariadb-server} package: a
 * private root directory with its own data directory (made by {@code mariadb-install-db}), socket
 * and logs, 127.0.0.1 on a free port (never the system server's 3306), no binary log, and one
 * database, {@code dbrace} (utf8mb4), owned by user {@code dbrace} with a generated password.
 * Stopped by {@link #close()} or, failing that, by a JVM shutdown hook.
 *
 * <p>As root, {@code mariadbd --user=mysql} drops to the {@code mysql} user itself (so {@link #pid()}
 * is the server); otherwise it runs as the current user. The password reaches the server on the
 * stdin of a {@code --bootstrap} run, never a command line or a file.
 *
 * <p>Thread-safe: the accessors return immutable values and {@link #close()} may be called from
 * any thread, any number of times.
 */
public final class EmbeddedMariaDb implements AutoCloseable {

  /** The database and user the embedded server holds. */
  public static final String DATABASE = "dbrace";
  private static final int START_ATTEMPTS = 3;
  private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

  private final PackagedServer server;
  private final DbTarget target;
  private volatile String version = "?";

  private EmbeddedMariaDb(PackagedServer server, DbTarget target) {
    this.server = server;
    this.target = target;
  }

  /**
   * Removes roots left by dead JVMs (killing their servers), creates the private root
   * {@code dbrace-mariadb-<pid>-<n>} under {@code java.io.tmpdir} and its data directory, then
   * starts the server and waits up to 30 s for it to accept the {@code dbrace} user.
   *
   * @throws DbException with {@link MariaDbInstall#HINT} if the package is missing, or with the
   *     last lines of the server's error log if it does not come up
   */
  public static EmbeddedMariaDb start(Consumer<String> logOrNull) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    if (MariaDbInstall.missing() != null) {
      throw new DbException(MariaDbInstall.HINT);
    }
    String password = PgCluster.newPassword();
    Path root = null;
    try {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      StaleServers.MARIADB.clean(tmp, log);
      root = Files.createTempDirectory(tmp, StaleServers.MARIADB.prefix() + ProcessHandle.current().pid() + "-");
      Path dir = root;
      Path data = root.resolve("data");
      PackagedServer.chown(root, "mysql");
      installDb(root, data);
      bootstrap(root, data, password);
      // SIGTERM is a clean shutdown; 20 s covers flushing a busy buffer pool
      PackagedServer.Ready ready = PackagedServer.start("MariaDB", root, 20, START_ATTEMPTS, 30_000, log, port -> {
        Process p = new ProcessBuilder(serverCommand(dir, data, port))
            .directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(dir.resolve("server.out").toFile()).start();
        return new PackagedServer.Launch(p, new DbTarget("127.0.0.1", port, DATABASE, DATABASE, password, Engine.MARIADB),
            dir.resolve("error.log"), 4);
      });
      EmbeddedMariaDb db = new EmbeddedMariaDb(ready.server(), ready.target());
      db.version = ready.version();
      return db;
    } catch (IOException | RuntimeException | InterruptedException e) {
      throw PackagedServer.startFailed("MariaDB", root, e);
    }
  }

  /**
   * The options every run of mariadbd here gets: no my.cnf of the machine's, the private data
   * directory, and, as root, the {@code mysql} user.
   */
  private static List<String> base(Path root, Path data) {
    List<String> cmd = new ArrayList<>(List.of(MariaDbInstall.SERVER.toString(), "--no-defaults",
        "--datadir=" + data, "--log-error=" + root.resolve("error.log")));
    if (ROOT) {
      cmd.add("--user=mysql");
    }
    return cmd;
  }

  private static List<String> serverCommand(Path root, Path data, int port) {
    List<String> cmd = base(root, data);
    cmd.addAll(List.of("--port=" + port, "--bind-address=127.0.0.1", "--socket=" + root.resolve("mysqld.sock"),
        "--pid-file=" + root.resolve("mysqld.pid"), "--skip-name-resolve", "--skip-log-bin",
        "--max-connections=1100", "--innodb-buffer-pool-size=256M", "--character-set-server=utf8mb4",
        "--collation-server=utf8mb4_bin"));
    return cmd;
  }

  /** The system tables, with a small redo log (the default 96 MB is slow to create). */
  private static void installDb(Path root, Path data) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(MariaDbInstall.INSTALL_DB.toString(), "--no-defaults",
        "--datadir=" + data, "--skip-test-db", "--skip-name-resolve", "--auth-root-authentication-method=socket",
        "--innodb-log-file-size=16M"));
    if (ROOT) {
      cmd.add("--user=mysql");
    }
    run(root, cmd, null, "mariadb-install-db could not create the data directory", root.resolve("install.log"));
  }

  /** The database and its user, through the server's bootstrap mode: the password goes on stdin. */
  private static void bootstrap(Path root, Path data, String password) throws IOException, InterruptedException {
    String script = "FLUSH PRIVILEGES;\n"
        + "CREATE DATABASE " + DATABASE + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;\n"
        + "CREATE USER '" + DATABASE + "'@'127.0.0.1' IDENTIFIED BY '" + password + "';\n"
        + "GRANT ALL PRIVILEGES ON *.* TO '" + DATABASE + "'@'127.0.0.1' WITH GRANT OPTION;\n";
    List<String> cmd = base(root, data);
    cmd.add("--bootstrap"); // after --no-defaults, which must come first
    run(root, cmd, script, "mariadbd --bootstrap could not create the dbrace user", root.resolve("error.log"));
  }

  private static void run(Path root, List<String> cmd, String stdin, String what, Path logFile)
      throws IOException, InterruptedException {
    Path out = root.resolve("setup.out");
    Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())).start();
    try (var in = p.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new DbException(what + " within 60 s");
    }
    if (p.exitValue() != 0) {
      String tail = Files.exists(logFile) ? Files2.tail(logFile, 3) : Files2.tail(out, 3);
      throw new DbException(what + ": " + tail);
    }
  }

  /** User {@code dbrace} on 127.0.0.1, the server's port, database {@code dbrace}. */
  public DbTarget target() {
    return target;
  }

  /** The server's version as it reports it, e.g. "10.11.19-MariaDB-0+deb12u1". */
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

  /** Stops the server (SIGTERM, a clean shutdown; SIGKILL after 20 s) and deletes its root. Idempotent. */
  @Override
  public void close() {
    server.close();
  }
}
