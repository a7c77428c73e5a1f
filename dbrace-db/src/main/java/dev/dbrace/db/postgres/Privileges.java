package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * How initdb and postgres are launched. PostgreSQL refuses to run as root, and these machines run
 * as root: then the binaries run under {@code unshare -U} (an unmapped user namespace where they
 * see uid 65534 and root-owned files as theirs, as zonky 2.x does), or, where unshare is blocked
 * (Docker's default seccomp), under {@code setpriv} as nobody in a directory nobody owns. Both
 * exec the target, so the launched process is the postmaster itself.
 *
 * <p>Immutable, hence thread-safe.
 *
 * @param mode the launch method
 * @param uid for SETPRIV, the user to run as (nobody); otherwise -1
 * @param gid for SETPRIV, that user's group; otherwise -1
 */
public record Privileges(Mode mode, int uid, int gid) {

  enum Mode { DIRECT, UNSHARE, SETPRIV }

  /** Where SETPRIV keeps binaries and data: a directory nobody can reach and owns. */
  public static final Path NOBODY_BASE = Path.of("/var/tmp/dbrace-pg-nobody");

  public static Privileges detect(Consumer<String> log) {
    if (!isRoot()) {
      return new Privileges(Mode.DIRECT, -1, -1);
    }
    if (succeeds(List.of("unshare", "-U", "true"))) {
      log.accept("running as root: PostgreSQL runs under 'unshare -U' (it sees itself as uid 65534)");
      return new Privileges(Mode.UNSHARE, -1, -1);
    }
    Privileges p = setpriv();
    if (succeeds(p.wrap(List.of("true")))) {
      log.accept("running as root and 'unshare -U' is blocked: PostgreSQL runs as nobody via setpriv,"
          + " binaries and data under " + NOBODY_BASE);
      return p;
    }
    throw new DbException("running as root, and neither 'unshare -U' nor 'setpriv' can drop root"
        + " for PostgreSQL: run dbrace as a normal user, or point it at a server with --db-url");
  }

  /** The SETPRIV variant for nobody, whose ids come from the password database. */
  public static Privileges setpriv() {
    int[] ids = {65534, 65534};
    try {
      for (String line : Files.readAllLines(Path.of("/etc/passwd"))) {
        String[] f = line.split(":");
        if (f.length > 3 && f[0].equals("nobody")) {
          ids = new int[] {Integer.parseInt(f[2]), Integer.parseInt(f[3])};
        }
      }
    } catch (IOException | RuntimeException e) {
      // keep 65534, nobody's id on Debian, Ubuntu and RHEL alike
    }
    return new Privileges(Mode.SETPRIV, ids[0], ids[1]);
  }

  List<String> wrap(List<String> command) {
    List<String> out = new ArrayList<>();
    switch (mode) {
      case DIRECT -> { }
      case UNSHARE -> out.addAll(List.of("unshare", "-U"));
      case SETPRIV -> out.addAll(List.of("setpriv", "--reuid=" + uid, "--regid=" + gid,
          "--clear-groups", "--"));
    }
    out.addAll(command);
    return out;
  }

  /** The directory that holds binaries and run dirs: the cache dir, or {@link #NOBODY_BASE}. */
  public Path baseDir(Path cacheDir) throws IOException {
    if (mode != Mode.SETPRIV) {
      Files.createDirectories(cacheDir);
      return cacheDir;
    }
    Path base = NOBODY_BASE;
    // /var/tmp is world-writable: refuse a planted symlink instead of following it as root.
    if (Files.isSymbolicLink(base)) {
      throw new DbException(base + " is a symbolic link; remove it");
    }
    if (!Files.isDirectory(base, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(base);
    }
    giveToServerUser(base);
    Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
    return base;
  }

  /** Makes a file the server user's, so it can read it (pwfile) or create in it (base dir). */
  void giveToServerUser(Path p) throws IOException {
    if (mode == Mode.SETPRIV) {
      Files.setAttribute(p, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
      Files.setAttribute(p, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
    }
  }

  public static boolean isRoot() {
    try {
      // /proc/self belongs to the process's effective uid: no need to fork `id -u`.
      return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    } catch (IOException | RuntimeException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }

  private static boolean succeeds(List<String> command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(5, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return false;
      }
      return p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
