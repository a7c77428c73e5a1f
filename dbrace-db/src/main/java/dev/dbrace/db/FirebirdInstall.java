package dev.dbrace.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Where Debian's Firebird 3 server is, and how to get it. dbrace does not bundle Firebird: it runs
 * the {@code firebird3.0-server} package's binaries with a private configuration
 * ({@link EmbeddedFirebird}). Stateless, hence thread-safe.
 */
public final class FirebirdInstall {

  static final Path SERVER = Path.of("/usr/sbin/firebird");
  static final Path ISQL = Path.of("/usr/bin/isql-fb");
  /** What to tell a user who has no Firebird server. */
  public static final String HINT = "Firebird server not installed (" + SERVER + " missing):"
      + " install it with 'apt-get install -y firebird3.0-server' (Debian/Ubuntu, as root)";
  private static boolean tried; // guarded by the class: apt-get runs at most once per JVM

  private FirebirdInstall() {}

  /** Null when the server and isql-fb are installed, else {@link #HINT}. */
  public static String missing() {
    return Files.isExecutable(SERVER) && Files.isExecutable(ISQL) ? null : HINT;
  }

  /**
   * For tests and CI: installs the package with apt-get when it is missing and this JVM runs as
   * root (at most once per JVM, within 5 minutes).
   *
   * @return null once installed, else why not (for a JUnit assumption)
   */
  public static synchronized String installIfMissing(Consumer<String> log) {
    if (missing() == null) {
      return null;
    }
    if (tried) {
      return HINT;
    }
    tried = true;
    if (!"root".equals(System.getProperty("user.name"))) {
      return HINT + "; not root, so dbrace did not try";
    }
    log.accept("Firebird missing: running apt-get install -y firebird3.0-server (once)");
    boolean ok = apt(log, "install", "-y", "firebird3.0-server")
        // a fresh machine may have no package lists yet
        || (apt(log, "update") && apt(log, "install", "-y", "firebird3.0-server"));
    return ok && missing() == null ? null : HINT + "; apt-get install failed (see above)";
  }

  private static boolean apt(Consumer<String> log, String... args) {
    String[] cmd = new String[args.length + 1];
    cmd[0] = "apt-get";
    System.arraycopy(args, 0, cmd, 1, args.length);
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
      pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
      Path out = Files.createTempFile("dbrace-apt-", ".log");
      Process p = pb.redirectOutput(out.toFile()).start();
      boolean done = p.waitFor(5, TimeUnit.MINUTES);
      if (!done) {
        p.destroyForcibly();
      }
      boolean ok = done && p.exitValue() == 0;
      if (!ok) {
        log.accept("apt-get " + String.join(" ", args) + " failed: " + Files2.tail(out, 3));
      }
      Files.deleteIfExists(out);
      return ok;
    } catch (IOException e) {
      log.accept("cannot run apt-get: " + e.getMessage());
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
