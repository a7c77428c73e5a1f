package dev.dbrace.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Removes the {@code <prefix><jvm pid>-*} roots that dead JVMs left in the temp directory for the
 * servers dbrace runs itself (Firebird, MariaDB, FerretDB), the counterpart of {@link StaleRuns}:
 * a JVM killed with SIGKILL runs no shutdown hook, so its server may still be running and is
 * killed first. Roots of live JVMs are left alone. Immutable, hence thread-safe.
 *
 * @param prefix the roots' name prefix, e.g. {@code dbrace-firebird-}
 * @param binary the server's file name, e.g. {@code firebird}: only a process running it is killed
 */
public record StaleServers(String prefix, String binary) {

  public static final StaleServers FIREBIRD = new StaleServers("dbrace-firebird-", "firebird");
  public static final StaleServers MARIADB = new StaleServers("dbrace-mariadb-", "mariadbd");
  public static final StaleServers FERRETDB = new StaleServers("dbrace-ferretdb-", "ferretdb");

  public void clean(Path tmp, Consumer<String> log) {
    Pattern rootName = Pattern.compile(Pattern.quote(prefix) + "([0-9]+)-[0-9]+");
    List<Path> entries;
    try (Stream<Path> s = Files.list(tmp)) {
      entries = s.filter(p -> rootName.matcher(p.getFileName().toString()).matches()).toList();
    } catch (IOException e) {
      return;
    }
    for (Path root : entries) {
      Matcher m = rootName.matcher(root.getFileName().toString());
      m.matches();
      long owner = Long.parseLong(m.group(1));
      if (ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
        continue;
      }
      killServer(root, log);
      if (Files2.deleteTree(root)) {
        log.accept("removed stale " + root + " (its JVM, pid " + owner + ", is gone)");
      }
    }
  }

  /** Kills the server named in {@code server.pid} if it is our binary running in that root. */
  private void killServer(Path root, Consumer<String> log) {
    long pid;
    try {
      pid = Long.parseLong(Files.readString(root.resolve("server.pid")).strip());
    } catch (IOException | RuntimeException e) {
      return; // no server ever started there
    }
    ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(h -> isServerIn(h, root)).ifPresent(h -> {
      h.destroyForcibly(); // its files are about to be deleted anyway
      try {
        h.onExit().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // deleteTree copes with a server that is still exiting
      }
      log.accept("killed orphan " + binary + " (pid " + pid + ") running in " + root);
    });
  }

  /**
   * Guards against pid reuse: the process must be our binary that started before {@code server.pid}
   * was written (right after the server's start); a process that reused the pid started later. The
   * server's working directory does not tell: it changes to /tmp. The JDK derives start times from
   * the boot time in whole seconds, hence the 2 s of slack.
   */
  private boolean isServerIn(ProcessHandle h, Path root) {
    ProcessHandle.Info info = h.info();
    boolean firebird = info.command().map(c -> c.endsWith("/" + binary)).orElse(false);
    try {
      Instant written = Files.getLastModifiedTime(root.resolve("server.pid")).toInstant();
      return firebird && info.startInstant().map(started -> !started.isAfter(written.plusSeconds(2))).orElse(false);
    } catch (IOException e) {
      return false; // cannot tell: leave it running rather than kill someone else's server
    }
  }
}
