package dev.dbrace.runner.probe;

import dev.dbrace.core.run.ThreadCpu;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A process's resource counters read from /proc, from outside, so measuring does not perturb
 * it. CPU comes from /proc/PID/stat (whole process, dead threads included); context switches
 * are summed over the threads in /proc/PID/task. Linux keeps no process-wide count there, and a
 * thread that ends takes its count with it, so {@link #read} remembers each thread's
 * last count across readings: a thread pool that retires threads during a run (Vert.x's, a
 * virtual-thread scheduler's carriers) then cannot make the run's difference negative.
 *
 * @param minorFaults page faults served without disk since the process started (minflt, field 10 of
 *     /proc/PID/stat), dead threads included
 * @param majorFaults page faults that read from disk (majflt, field 12)
 * @param atNanos {@link System#nanoTime()} when read: with another reading, the wall time between them
 */
public record ProcStats(
    double userS, double sysS, long ctxVoluntary, long ctxInvoluntary, int threads, long hwmKb, long rssKb, double jitS,
    long minorFaults, long majorFaults, long atNanos) {

  private static final double TICKS = ThreadCpu.TICKS;

  /**
   * Null when the process is gone or /proc is unreadable. The context switches are those of every
   * thread seen in {@code lastSeen} (thread id to its last {voluntary, involuntary}), which this
   * reading updates: an ended thread counts with its last reading.
   */
  public static ProcStats read(long pid, Map<Long, long[]> lastSeen) {
    return read(pid, lastSeen, null);
  }

  /** The same, with the JIT compiler threads' CPU from {@code jit} (a reader kept per process); 0 without. */
  public static ProcStats read(long pid, Map<Long, long[]> lastSeen, ThreadCpu jit) {
    return read(pid, lastSeen, jit, true);
  }

  /**
   * A reading that does not walk the threads (a file each, hundreds in a thread-per-request worker): CPU, threads,
   * memory and faults; the context switches as {@code lastSeen} holds them, no JIT CPU (0).
   */
  public static ProcStats readProcess(long pid, Map<Long, long[]> lastSeen) {
    return read(pid, lastSeen, null, false);
  }

  private static ProcStats read(long pid, Map<Long, long[]> lastSeen, ThreadCpu jit, boolean walk) {
    Path proc = Path.of("/proc", Long.toString(pid));
    try {
      String stat = Files.readString(proc.resolve("stat"));
      String[] f = ThreadCpu.statFields(stat);
      long now = System.nanoTime();
      // fields after the command: state(3) ... minflt(10) majflt(12) utime(14) stime(15), numbered from 1 in proc(5)
      long minflt = Long.parseLong(f[7]);
      long majflt = Long.parseLong(f[9]);
      double user = Long.parseLong(f[11]) / TICKS;
      double sys = Long.parseLong(f[12]) / TICKS;
      if (walk) {
        switches(proc, lastSeen);
      }
      long vol = 0;
      long invol = 0;
      for (long[] c : lastSeen.values()) {
        vol += c[0];
        invol += c[1];
      }
      int threads = 0;
      long hwm = 0;
      long rss = 0;
      for (String line : Files.readAllLines(proc.resolve("status"))) {
        if (line.startsWith("Threads:")) {
          threads = Integer.parseInt(line.substring(8).trim());
        } else if (line.startsWith("VmHWM:")) {
          hwm = Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        } else if (line.startsWith("VmRSS:")) {
          rss = Long.parseLong(line.substring(6).trim().split("\\s+")[0]);
        }
      }
      ThreadCpu.Reading compilers = jit == null ? null : jit.read();
      return new ProcStats(user, sys, vol, invol, threads, hwm, rss, compilers == null ? 0 : compilers.compilerS(),
          minflt, majflt, now);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Each thread's context switches into {@code lastSeen}: a thread that ended keeps its last reading there. */
  private static void switches(Path proc, Map<Long, long[]> lastSeen) throws IOException {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
      for (Path task : tasks) {
        try {
          // the file's last two lines, found without splitting the other fifty-odd (hundreds of threads a walk)
          String status = Files.readString(task.resolve("status"));
          lastSeen.put(Long.parseLong(task.getFileName().toString()),
              new long[] {field(status, "\nvoluntary_ctxt_switches:"), field(status, "\nnonvoluntary_ctxt_switches:")});
        } catch (IOException threadEnded) {
          // the thread ended while we listed: its last reading (if any) stands for it
        }
      }
    }
  }

  /** The number after {@code key} (a line's start, its newline included) in a /proc status file; 0 when absent. */
  private static long field(String status, String key) {
    int at = status.indexOf(key);
    if (at < 0) {
      return 0;
    }
    int from = at + key.length();
    int end = status.indexOf('\n', from);
    return Long.parseLong(status.substring(from, end < 0 ? status.length() : end).trim());
  }
}
