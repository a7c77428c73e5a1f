package dev.dbrace.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Removes what dead JVMs left in the base directory: {@code run-<pid>-<n>} data dirs (with their
 * pwfile and initdb log) and {@code pg-*.tmp-<pid>-*} unpack dirs and archives. A JVM killed with SIGKILL runs
 * no shutdown hook, so its postmaster may still be running: it is killed first. Entries of live
 * JVMs (including this one) are left alone. Stateless, hence thread-safe.
 */
public final class StaleRuns {

  private static final Pattern RUN = Pattern.compile("run-([0-9]+)-[0-9]+(\\..*)?");
  private static final Pattern TMP = Pattern.compile("pg-.*\\.tmp-([0-9]+)-[0-9]+(\\.txz)?");

  private StaleRuns() {}

  public static void clean(Path base, Consumer<String> log) {
    List<Path> entries;
    try (Stream<Path> s = Files.list(base)) {
      entries = s.toList();
    } catch (IOException e) {
      return;
    }
    for (Path p : entries) {
      String name = p.getFileName().toString();
      Matcher run = RUN.matcher(name);
      Matcher tmp = TMP.matcher(name);
      long owner = run.matches() ? Long.parseLong(run.group(1))
          : tmp.matches() ? Long.parseLong(tmp.group(1)) : -1;
      if (owner < 0 || alive(owner)) {
        continue;
      }
      if (run.matches() && Files.isDirectory(p)) {
        killPostmaster(p, log);
      }
      if (Files2.deleteTree(p)) {
        log.accept("removed stale " + p + " (its JVM, pid " + owner + ", is gone)");
      }
    }
  }

  /** Kills the postmaster named in the data dir's postmaster.pid if it still runs from there. */
  private static void killPostmaster(Path dataDir, Consumer<String> log) {
    long pid;
    try {
      List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"),
          StandardCharsets.UTF_8);
      pid = Long.parseLong(lines.get(0).strip());
    } catch (IOException | RuntimeException e) {
      return; // no server ever started there, or it shut down cleanly
    }
    ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(h -> isPostgresIn(h, dataDir))
        .ifPresent(h -> {
          // SIGKILL, not a clean shutdown: the data is about to be deleted anyway.
          List<ProcessHandle> children = h.descendants().toList();
          h.destroyForcibly();
          children.forEach(ProcessHandle::destroyForcibly);
          try {
            h.onExit().get(5, TimeUnit.SECONDS);
          } catch (Exception e) {
            // deleteTree below copes with a server that is still exiting
          }
          log.accept("killed orphan PostgreSQL (pid " + pid + ") running from " + dataDir);
        });
  }

  /** Guards against pid reuse: the process must be a postgres started on this data dir. */
  private static boolean isPostgresIn(ProcessHandle h, Path dataDir) {
    ProcessHandle.Info info = h.info();
    boolean postgres = info.command().map(c -> c.endsWith("postgres")).orElse(false);
    boolean here = info.arguments()
        .map(args -> String.join(" ", args).contains(dataDir.toString()))
        .orElse(true); // arguments are not always visible; the pid file plus name must do
    return postgres && here;
  }

  private static boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }
}
