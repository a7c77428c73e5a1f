package dev.dbrace.db.mongo;

import dev.dbrace.db.DbException;
import dev.dbrace.db.Files2;
import dev.dbrace.db.PackagedServer;
import dev.dbrace.db.StaleServers;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A throw-away FerretDB server (the MongoDB wire protocol) for one dbrace run: the binary from
 * {@link FerretDbBinary}, its SQLite backend in a private root directory, 127.0.0.1 on a free port
 * (never MongoDB's 27017), telemetry off and no debug HTTP listener. No authentication: like
 * MongoDB's own default, and it listens on loopback only. Stopped by {@link #close()} or, failing
 * that, by a JVM shutdown hook; the root, data included, is deleted.
 *
 * <p>Thread-safe: the accessors return immutable values and {@link #close()} may be called from
 * any thread, any number of times.
 */
public final class EmbeddedFerretDb implements AutoCloseable {

  private static final int START_ATTEMPTS = 3;

  private final PackagedServer server;
  private final int port;
  private final String version;

  private EmbeddedFerretDb(PackagedServer server, int port, String version) {
    this.server = server;
    this.port = port;
    this.version = version;
  }

  /**
   * Builds the binary if missing (once per cache), removes roots left by dead JVMs (killing their
   * servers), creates the private root {@code dbrace-ferretdb-<pid>-<n>} under {@code java.io.tmpdir},
   * then starts the server and waits up to 30 s for it to accept on its port. That is when it serves:
   * v1.24 sets up its backend before it binds its listener. (A MongoDB-level check needs a driver,
   * which dbrace-db has in its tests only: {@code EmbeddedFerretDbIT}.)
   *
   * @throws DbException naming what to install if Go is missing, or with the last lines of the
   *     server's log if it does not come up
   */
  public static EmbeddedFerretDb start(Consumer<String> logOrNull) {
    return start(logOrNull, null);
  }

  /**
   * As {@link #start(Consumer)}, its {@code data/} first filled with a copy of {@code seedData}'s
   * files (SQLite databases a {@link #stopKeepingData} saved), or empty when {@code seedData} is null.
   */
  public static EmbeddedFerretDb start(Consumer<String> logOrNull, Path seedData) {
    Consumer<String> log = logOrNull != null ? logOrNull : m -> { };
    Path binary = FerretDbBinary.ensure(log);
    Path root = null;
    try {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      StaleServers.FERRETDB.clean(tmp, log);
      root = Files.createTempDirectory(tmp, StaleServers.FERRETDB.prefix() + ProcessHandle.current().pid() + "-");
      Path dir = root;
      Files.createDirectories(root.resolve("data"));
      if (seedData != null) {
        try (Stream<Path> files = Files.list(seedData)) {
          for (Path f : files.filter(Files::isRegularFile).toList()) {
            Files.copy(f, root.resolve("data").resolve(f.getFileName()));
          }
        }
      }
      // SIGTERM is a clean shutdown (it closes the SQLite databases); 10 s is plenty
      PackagedServer.Ready ready = PackagedServer.start("FerretDB", root, 10, START_ATTEMPTS, 30_000, log, port -> {
        Process p = new ProcessBuilder(serverCommand(binary, dir, port))
            .directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(dir.resolve("server.log").toFile()).start();
        return new PackagedServer.Launch(p, null, dir.resolve("server.log"), 4);
      }, (launch, port) -> FerretDbBinary.version(binary)); // accepting is serving (see above): the version is all we ask
      return new EmbeddedFerretDb(ready.server(), ready.port(), ready.version());
    } catch (IOException | RuntimeException | InterruptedException e) {
      throw PackagedServer.startFailed("FerretDB", root, e);
    }
  }

  /**
   * The server's options (see {@code ferretdb --help} of v1.24): SQLite databases under the root's
   * {@code data/}, its state file in the root, loopback only, and nothing that reaches out: telemetry
   * disabled (the default "undecided" would report after an hour) and no debug HTTP listener (by
   * default on 127.0.0.1:8088, which two servers would share).
   */
  static List<String> serverCommand(Path binary, Path root, int port) {
    return List.of(binary.toString(), "--handler=sqlite", "--sqlite-url=file:" + root.resolve("data") + "/",
        "--listen-addr=127.0.0.1:" + port, "--state-dir=" + root, "--debug-addr=-", "--telemetry=disable",
        "--log-level=warn");
  }

  /** {@code mongodb://127.0.0.1:<port>/}: no credentials, hence printable. */
  public String mongoUrl() {
    return "mongodb://127.0.0.1:" + port + "/";
  }

  public int port() {
    return port;
  }

  /** The version the binary reports, e.g. "v1.24.2". */
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

  /**
   * Stops the server cleanly (SIGTERM: FerretDB closes its SQLite databases, their write-ahead logs
   * folded in), moves its {@code data/} to {@code target} (which must not exist; same file system
   * as {@code java.io.tmpdir} or not) and deletes the rest of the root.
   */
  public void stopKeepingData(Path target) throws IOException {
    server.stop(false);
    try {
      Path data = server.root().resolve("data");
      try {
        Files.move(data, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException | DirectoryNotEmptyException e) {
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(data)) {
          for (Path f : files.toList()) {
            Files.move(f, target.resolve(f.getFileName()));
          }
        }
      }
    } finally {
      Files2.deleteTree(server.root());
    }
  }

  /** Stops the server (SIGTERM; SIGKILL after 10 s) and deletes its root. Idempotent. */
  @Override
  public void close() {
    server.close();
  }
}
