package dev.dbrace.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A Debian package whose binaries dbrace runs but does not bundle (Firebird's and MariaDB's
 * servers): whether it is installed, what to tell a user who lacks it, and, for tests and CI only,
 * installing it with apt-get. Immutable; {@link #installIfMissing} is thread-safe.
 *
 * @param name the package, e.g. {@code mariadb-server}
 * @param product what people call it, e.g. "MariaDB server"
 * @param binaries the files that must be executable for dbrace to use it
 */
public record DebianPackage(String name, String product, List<Path> binaries) {

  private static final Set<String> TRIED = new HashSet<>(); // guarded by the class: apt-get once per package per JVM

  /** What to tell a user who lacks the package. */
  public String hint() {
    return product + " not installed (" + binaries.get(0) + " missing): install it with 'apt-get install -y "
        + name + "' (Debian/Ubuntu, as root)";
  }

  /** Null when every binary is there, else {@link #hint()}. */
  public String missing() {
    return binaries.stream().allMatch(Files::isExecutable) ? null : hint();
  }

  /**
   * For tests and CI (and for the build-time packages dbrace needs, e.g. firebird-dev): installs
   * the package with apt-get when it is missing and this JVM runs as root (at most once per package
   * and JVM, within 5 minutes per apt-get call).
   *
   * @return null once installed, else why not (for a JUnit assumption)
   */
  public String installIfMissing(Consumer<String> log) {
    synchronized (DebianPackage.class) {
      if (missing() == null) {
        return null;
      }
      if (!TRIED.add(name)) {
        return hint();
      }
      if (!"root".equals(System.getProperty("user.name"))) {
        return hint() + "; not root, so dbrace did not try";
      }
      log.accept(product + " missing: running apt-get install -y " + name + " (once)");
      boolean ok = apt(log, "install", "-y", name)
          // a fresh machine may have no package lists yet
          || (apt(log, "update") && apt(log, "install", "-y", name));
      return ok && missing() == null ? null : hint() + "; apt-get install failed (see above)";
    }
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
