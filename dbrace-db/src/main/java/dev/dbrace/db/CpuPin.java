package dev.dbrace.db;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Pins an embedded database server to N cores ({@code --db-cpus}, E5's database on one core):
 * {@code taskset -a -cp LIST PID} on the server process and each of its current children, every
 * thread of each. Children forked later inherit the mask (PostgreSQL's new backends). LIST is the
 * first N of the cores dbrace itself may run on. Stateless.
 */
public final class CpuPin {
  private CpuPin() {}

  /** The cores this process may run on, from /proc/self/status (Cpus_allowed_list), ascending. */
  public static List<Integer> allowed() {
    return allowed(ProcessHandle.current().pid());
  }

  /** The cores process {@code pid} may run on (its Cpus_allowed_list), ascending; empty when unreadable. */
  public static List<Integer> allowed(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return parse(line.substring(line.indexOf(':') + 1).strip());
        }
      }
    } catch (IOException e) {
      // gone or not Linux
    }
    return List.of();
  }

  /** A cpu list such as {@code 0-2,5} as its cores. */
  static List<Integer> parse(String list) {
    List<Integer> cores = new ArrayList<>();
    for (String part : list.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] ends = part.strip().split("-");
      int from = Integer.parseInt(ends[0]);
      int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
      for (int c = from; c <= to; c++) {
        cores.add(c);
      }
    }
    return cores;
  }

  /**
   * Pins process {@code pid} and its current descendants to the first {@code n} cores dbrace may use.
   *
   * @return the cores, as taskset's list (e.g. {@code 0})
   * @throws DbException in one line when n is out of range or taskset fails
   */
  public static String pin(long pid, int n) {
    List<Integer> cores = allowed();
    if (n < 1 || n > cores.size()) {
      throw new DbException("--db-cpus must be 1.." + cores.size() + " (the cores dbrace may use), got " + n);
    }
    String list = cores.subList(0, n).stream().map(String::valueOf).collect(Collectors.joining(","));
    List<Long> pids = Stream.concat(Stream.of(pid), ProcessHandle.of(pid).stream().flatMap(ProcessHandle::descendants)
        .map(ProcessHandle::pid)).toList();
    for (long p : pids) {
      taskset(list, p);
    }
    return list;
  }

  private static void taskset(String list, long pid) {
    try {
      Process p = new ProcessBuilder("taskset", "-a", "-cp", list, Long.toString(pid)).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        if (ProcessHandle.of(pid).isPresent()) { // a backend that just exited needs no pinning
          throw new DbException("taskset -a -cp " + list + " " + pid + " failed: " + out);
        }
      }
    } catch (IOException e) {
      throw new DbException("cannot run taskset (util-linux) to pin the database server: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DbException("interrupted while pinning the database server", e);
    }
  }
}
