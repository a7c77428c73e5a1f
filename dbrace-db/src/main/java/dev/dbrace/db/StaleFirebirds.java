package dev.dbrace.db;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Removes the {@code dbrace-firebird-<jvm pid>-*} roots that dead JVMs left in the temp directory,
 * the Firebird counterpart of {@link StaleRuns}: a JVM killed with SIGKILL runs no shutdown hook,
 * so its server may still be running and is killed first. Roots of live JVMs are left alone.
 * Stateless, hence thread-safe.
 */
final class StaleFirebirds {

  static final String PREFIX = "dbrace-firebird-";
  private static final Pattern ROOT = Pattern.compile(Pattern.quote(PREFIX) + "([0-9]+)-[0-9]+");

  private StaleFirebirds() {}

  static void clean(Path tmp, Consumer<String> log) {
    List<Path> entries;
    try (Stream<Path> s = Files.list(tmp)) {
      entries = s.filter(p -> ROOT.matcher(p.getFileName().toString()).matches()).toList();
    } catch (IOException e) {
      return;
    }
    for (Path root : entries) {
      Matcher m = ROOT.matcher(root.getFileName().toString());
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

  /** Kills the server named in {@code server.pid} if it is a firebird running in that root. */
  private static void killServer(Path root, Consumer<String> log) {
    long pid;
    try {
      pid = Long.parseLong(Files.readString(root.resolve("server.pid")).strip());
    } catch (IOException | RuntimeException e) {
      return; // no server ever started there
    }
    ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(h -> isFirebirdIn(h, root)).ifPresent(h -> {
      h.destroyForcibly(); // its files are about to be deleted anyway
      try {
        h.onExit().get(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // deleteTree copes with a server that is still exiting
      }
      log.accept("killed orphan Firebird (pid " + pid + ") running in " + root);
    });
  }

  /**
   * Guards against pid reuse: the process must be a firebird that started before {@code server.pid}
   * was written (right after the server's start); a process that reused the pid started later. The
   * server's working directory does not tell: it changes to /tmp. The JDK derives start times from
   * the boot time in whole seconds, hence the 2 s of slack.
   */
  private static boolean isFirebirdIn(ProcessHandle h, Path root) {
    ProcessHandle.Info info = h.info();
    boolean firebird = info.command().map(c -> c.endsWith("/firebird")).orElse(false);
    try {
      java.time.Instant written = Files.getLastModifiedTime(root.resolve("server.pid")).toInstant();
      return firebird && info.startInstant().map(started -> !started.isAfter(written.plusSeconds(2))).orElse(false);
    } catch (IOException e) {
      return false; // cannot tell: leave it running rather than kill someone else's server
    }
  }
}
