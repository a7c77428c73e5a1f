package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.ThreadCpu;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU seconds of a process (or a process tree), user and system, read from /proc at {@code atNanos}
 * ({@link System#nanoTime()}): two readings make a {@link RunRecord.ProcessCpu}.
 */
public record CpuReading(double userS, double sysS, long atNanos) {
  private static final double TICKS = ThreadCpu.TICKS;

  /** What the process used from this reading to {@code end}, per 1,000 of the {@code ops} done in between. */
  public RunRecord.ProcessCpu until(CpuReading end, long ops) {
    double user = end.userS - userS;
    double sys = end.sysS - sysS;
    double wallS = (end.atNanos - atNanos) / 1e9;
    return new RunRecord.ProcessCpu(round(user, 100), round(sys, 100),
        ops > 0 ? round((user + sys) * 1e6 / ops, 1000) : 0, round((user + sys) / wallS * 100, 10));
  }

  private static double round(double v, double scale) {
    return Math.round(v * scale) / scale;
  }

  /** This JVM's own CPU (its children's not counted: the worker is one); null when /proc does not show it. */
  public static CpuReading self() {
    try {
      long[] t = ThreadCpu.ticks(Files.readString(Path.of("/proc/self/stat")));
      return new CpuReading(t[0] / TICKS, t[1] / TICKS, System.nanoTime());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The CPU of {@code pid} and its children (those alive, from /proc/PID/task/PID/children, and those it reaped,
   * from its cumulative children's time); null when /proc does not show them.
   */
  public static CpuReading tree(long pid) {
    try {
      Path proc = Path.of("/proc", Long.toString(pid));
      double[] sum = withReaped(Files.readString(proc.resolve("stat")));
      for (String child : Files.readString(proc.resolve("task").resolve(Long.toString(pid)).resolve("children"))
          .trim().split("\\s+")) {
        if (child.isEmpty()) {
          continue;
        }
        try {
          double[] c = withReaped(Files.readString(Path.of("/proc", child, "stat")));
          sum[0] += c[0];
          sum[1] += c[1];
        } catch (IOException ended) {
          // ended since the listing: its time is in the parent's children's time once reaped
        }
      }
      return new CpuReading(sum[0], sum[1], System.nanoTime());
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** User and system seconds of a /proc/PID/stat line, its reaped children's included. */
  private static double[] withReaped(String stat) {
    String[] f = ThreadCpu.statFields(stat);
    // after the command: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17), numbered from 1 in proc(5)
    return new double[] {(Long.parseLong(f[11]) + Long.parseLong(f[13])) / TICKS,
        (Long.parseLong(f[12]) + Long.parseLong(f[14])) / TICKS};
  }
}
