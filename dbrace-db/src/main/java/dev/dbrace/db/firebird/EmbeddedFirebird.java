package dev.dbrace.db.firebird;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.Files2;
import dev.dbrace.db.PackagedServer;
import dev.dbrace.db.StaleServers;
import dev.dbrace.db.postgres.Connector;
import dev.dbrace.db.postgres.PgCluster;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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
  /**
   * The user of the Node {@code firebird} addon's variants: the addon cuts passwords to 20 bytes, so
   * this user's password is 20 characters of a 64-symbol alphabet (120 bits), SYSDBA's stays longer.
   */
  public static final String ADDON_USER = "DBRACE_LIBFBCLIENT";
  static final int ADDON_PASSWORD_LENGTH = 20;
  private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  private final PackagedServer server;
  private final DbTarget target;
  private final DbTarget addonTarget;
  private volatile String version = "?";

  private EmbeddedFirebird(PackagedServer server, DbTarget target, DbTarget addonTarget) {
    this.server = server;
    this.target = target;
    this.addonTarget = addonTarget;
  }

  /** {@value #ADDON_PASSWORD_LENGTH} characters drawn from 64 symbols by a SecureRandom: 120 bits, 20 bytes. */
  static String addonPassword() {
    SecureRandom random = new SecureRandom();
    StringBuilder b = new StringBuilder(ADDON_PASSWORD_LENGTH);
    for (int i = 0; i < ADDON_PASSWORD_LENGTH; i++) {
      b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return b.toString();
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
    String password = PgCluster.newPassword();
    String addonPassword = addonPassword();
    Path root = null;
    try {
      Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
      StaleServers.FIREBIRD.clean(tmp, log);
      // The JVM's pid in the name lets a later start clean up after a JVM killed without its hooks.
      root = Files.createTempDirectory(tmp, StaleServers.FIREBIRD.prefix() + ProcessHandle.current().pid() + "-");
      Path dir = root;
      Files.createDirectories(root.resolve("lock"));
      Files.writeString(root.resolve("databases.conf"), "");
      Path database = root.resolve("dbrace.fdb");
      boolean[] created = {false};
      // Firebird 3.0.11 started this way exits on SIGTERM at once while it has served no client,
      // but after it has, it ignores SIGTERM and SIGINT (docs/decisions.md). SIGKILL after 2 s then
      // loses nothing: its database, security database and lock files are this run's own.
      PackagedServer.Ready ready = PackagedServer.start("Firebird", root, 2, START_ATTEMPTS, 20_000, log, port -> {
        writeConfig(dir, port);
        if (!created[0]) {
          try {
            PackagedServer.chown(dir, "firebird");
            createDatabases(dir, database, password, addonPassword);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while creating the databases", e);
          }
          created[0] = true;
        }
        Process p = command(dir, List.of(FirebirdInstall.SERVER.toString()))
            .redirectOutput(dir.resolve("server.log").toFile()).start();
        return new PackagedServer.Launch(p, new DbTarget("127.0.0.1", port, database.toString(), "SYSDBA", password,
            Engine.FIREBIRD), dir.resolve("server.log"), 6);
      });
      DbTarget t = ready.target();
      EmbeddedFirebird fb = new EmbeddedFirebird(ready.server(), t,
          new DbTarget(t.host(), t.port(), t.database(), ADDON_USER, addonPassword, Engine.FIREBIRD));
      fb.version = ready.version();
      return fb;
    } catch (IOException | RuntimeException | InterruptedException e) {
      throw PackagedServer.startFailed("Firebird", root, e);
    }
  }

  /** Only what differs from the compiled-in defaults; everything else is Debian's build. */
  static void writeConfig(Path root, int port) throws IOException {
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
   * A fresh security database with SYSDBA's password and {@link #ADDON_USER}'s, and the database,
   * through isql-fb in embedded mode (no server yet, so no password is needed to create them); the
   * same run reads the users' salts, then {@link #mendSalts}.
   */
  static void createDatabases(Path root, Path database, String password, String addonPassword)
      throws IOException, InterruptedException {
    Map<String, String> passwords = Map.of("SYSDBA", password, ADDON_USER, addonPassword);
    String out = isql(root, "create database '" + root.resolve("security3.fdb") + "';\n"
        + setPasswords(passwords.keySet(), passwords)
        + "create database '" + database + "' default character set UTF8;\n"
        + saltQuery(root, passwords.keySet()), "create the Firebird databases", password, addonPassword);
    mendSalts(root, passwords, unreadable(out));
  }

  /**
   * Gives the {@code unreadable} of these users a new Srp salt each until node-firebird (2.17.1, the
   * newest) can read all of them. The server sends a salt as hex text without leading zeros, and
   * node-firebird takes the public key after it from the next 4-byte boundary as if the salt were
   * always 64 characters: with a salt whose first hex digit is 0 (1 in 16 of them), it reads a key one
   * or two characters off and every attach of that user fails ("Your user name and password are not
   * defined"), or crashes the process on a malformed number. Setting the password again draws a fresh
   * salt; a user's password is never changed.
   *
   * @param passwords user name to its password
   * @param unreadable those users whose salt node-firebird cannot read now ({@link #unreadableSalts})
   * @throws DbException if 10 draws in a row left a user's salt unreadable (odds 1 in 16^10)
   */
  static void mendSalts(Path root, Map<String, String> passwords, List<String> unreadable)
      throws IOException, InterruptedException {
    String[] secrets = passwords.values().toArray(String[]::new);
    for (int draw = 0; draw < 10 && !unreadable.isEmpty(); draw++) {
      unreadable = unreadable(isql(root, connectSecurity(root) + setPasswords(unreadable, passwords)
          + saltQuery(root, passwords.keySet()), "set the Firebird users' passwords", secrets));
    }
    if (!unreadable.isEmpty()) {
      throw new DbException("Firebird drew a salt node-firebird cannot read 10 times in a row for " + unreadable);
    }
  }

  /** Those of {@code users} whose salt's hex text is not 64 characters or starts with 0 (see {@link #mendSalts}). */
  static List<String> unreadableSalts(Path root, Collection<String> users) throws IOException, InterruptedException {
    return unreadable(isql(root, saltQuery(root, users), "read the Firebird users' salts"));
  }

  /** isql-fb's embedded connection to the security database, as SYSDBA (embedded: no password). */
  static String connectSecurity(Path root) {
    return "connect '" + root.resolve("security3.fdb") + "' user SYSDBA;\n";
  }

  /** Sets each of {@code users}' password (a new Srp salt with it) and commits. */
  private static String setPasswords(Collection<String> users, Map<String, String> passwords) {
    StringBuilder script = new StringBuilder();
    for (String user : users) {
      script.append("create or alter user ").append(user).append(" password '").append(passwords.get(user))
          .append("' using plugin Srp;\n");
    }
    return script.append("commit;\n").toString();
  }

  /** Lists those of {@code users} whose salt node-firebird cannot read, one PLG$USER_NAME line each, and exits. */
  private static String saltQuery(Path root, Collection<String> users) {
    String in = String.join(", ", users.stream().map(u -> "'" + u + "'").toList());
    return connectSecurity(root) + "set list on;\n"
        + "select PLG$USER_NAME from PLG$SRP where PLG$USER_NAME in (" + in + ")"
        + " and (octet_length(PLG$SALT) < 32 or ascii_val(substring(PLG$SALT from 1 for 1)) < 16);\n"
        + "exit;\n";
  }

  /** The users {@link #saltQuery} listed in isql-fb's output. */
  private static List<String> unreadable(String isqlOutput) {
    return isqlOutput.lines().filter(l -> l.startsWith("PLG$USER_NAME"))
        .map(l -> l.substring("PLG$USER_NAME".length()).trim()).toList();
  }

  /**
   * Runs {@code script} through isql-fb in embedded mode (its stdin, never the command line) and
   * returns what it printed.
   *
   * @throws DbException naming {@code what}, with isql-fb's last lines less {@code secrets}, if it fails
   */
  static String isql(Path root, String script, String what, String... secrets)
      throws IOException, InterruptedException {
    Path out = root.resolve("isql.log");
    Process isql = command(root, List.of(FirebirdInstall.ISQL.toString(), "-q", "-b"))
        .redirectOutput(out.toFile()).start();
    try (var in = isql.getOutputStream()) {
      in.write(script.getBytes(StandardCharsets.UTF_8));
    }
    if (!isql.waitFor(30, TimeUnit.SECONDS)) {
      isql.destroyForcibly();
      throw new DbException("isql-fb did not " + what + " within 30 s");
    }
    if (isql.exitValue() != 0) {
      String tail = Files2.tail(out, 4);
      for (String secret : secrets) {
        tail = Connector.scrub(tail, secret);
      }
      throw new DbException("isql-fb could not " + what + ": " + tail);
    }
    return Files.readString(out, StandardCharsets.UTF_8);
  }

  /** The server and isql-fb see only the private root: its config, its lock files. */
  private static ProcessBuilder command(Path root, List<String> command) {
    List<String> cmd = new ArrayList<>();
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

  /**
   * {@link #ADDON_USER} with its 20-byte password, for the Node {@code firebird} addon's variants; it
   * may read and write dbrace's tables once {@link #grantAddonUser} has run.
   */
  public DbTarget addonTarget() {
    return addonTarget;
  }

  /** Lets {@link #ADDON_USER} read world and fortune and update world (the service contract's SQL). */
  public static void grantAddonUser(Connection admin) throws SQLException {
    try (Statement st = admin.createStatement()) {
      st.execute("GRANT SELECT, UPDATE ON world TO USER " + ADDON_USER);
      st.execute("GRANT SELECT ON fortune TO USER " + ADDON_USER);
    }
    if (!admin.getAutoCommit()) {
      admin.commit();
    }
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
