package dev.dbrace.core.run;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * CPU seconds of a process and of its JIT compiler threads, read from /proc: the process's
 * {@code /proc/PID/stat} (every thread, dead ones included) and, per thread,
 * {@code /proc/PID/task/TID/stat} of the threads whose name starts with {@code C1 CompilerThre}
 * or {@code C2 CompilerThre} (HotSpot's compiler threads, cut to 15 characters by the kernel).
 *
 * <p>This is CPU, not the wall time {@code CompilationMXBean.getTotalCompilationTime()} reports:
 * that one sums the elapsed time of compilations over the compiler threads, so on two busy cores
 * it can exceed the CPU the compilers really had (it once read 10.2 s for a worker that used
 * 10.4 s of CPU in all). Each thread's last reading is remembered, so a compiler thread retired after
 * a reading keeps counting; one that HotSpot started and retired between two readings is never seen,
 * and its CPU is then in the process's alone: dbrace's forked JVMs keep all their compiler threads
 * from start to end ({@code -XX:-UseDynamicNumberOfCompilerThreads}). One instance per process
 * watched; not thread-safe (one reader).
 */
public final class ThreadCpu {
  /** The kernel's clock ticks per second (USER_HZ), the unit of /proc's CPU times. */
  public static final double TICKS = clockTicks();

  private final Path proc;
  /** Thread id to its last (utime + stime) ticks, for compiler threads only. */
  private final Map<Long, Long> compilerTicks = new HashMap<>();
  /** Thread ids known not to be compiler threads (their name never changes to one). */
  private final Set<Long> others = new HashSet<>();

  public ThreadCpu(long pid) {
    this.proc = Path.of("/proc", Long.toString(pid));
  }

  /** This JVM. */
  public static ThreadCpu self() {
    return new ThreadCpu(ProcessHandle.current().pid());
  }

  /** One reading: the process's CPU and its compiler threads' CPU, in seconds; null if the process is gone. */
  public record Reading(double processS, double compilerS) {}

  public Reading read() {
    try {
      String stat = Files.readString(proc.resolve("stat"));
      long[] t = ticks(stat);
      try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
        for (Path task : tasks) {
          long tid = Long.parseLong(task.getFileName().toString());
          if (others.contains(tid)) {
            continue;
          }
          try {
            String threadStat = Files.readString(task.resolve("stat"));
            if (isCompiler(threadStat)) {
              long[] tt = ticks(threadStat);
              compilerTicks.put(tid, tt[0] + tt[1]);
            } else {
              others.add(tid);
            }
          } catch (IOException ended) {
            // the thread ended while we listed: its last reading (if any) stands for it
          }
        }
      }
      long compiler = 0;
      for (long v : compilerTicks.values()) {
        compiler += v;
      }
      return new Reading((t[0] + t[1]) / TICKS, compiler / TICKS);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** Whether a /proc stat line is a HotSpot compiler thread's: its name is between the parentheses. */
  static boolean isCompiler(String stat) {
    int open = stat.indexOf('(');
    String name = open < 0 ? "" : stat.substring(open + 1, stat.lastIndexOf(')'));
    return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
  }

  /** utime and stime (fields 14 and 15 of proc(5)) of a /proc/PID/stat line, in clock ticks ({@link #TICKS} a second). */
  public static long[] ticks(String stat) {
    String[] f = statFields(stat);
    return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
  }

  /**
   * The fields of a /proc/PID/stat line after the command, which may hold spaces and parentheses: index 0 is
   * state (field 3 of proc(5)), so field N is at index N - 3.
   */
  public static String[] statFields(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
  }

  private static double clockTicks() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor();
      return Double.parseDouble(out);
    } catch (IOException | RuntimeException | InterruptedException e) {
      return 100; // Linux's USER_HZ on every common configuration
    }
  }
}
