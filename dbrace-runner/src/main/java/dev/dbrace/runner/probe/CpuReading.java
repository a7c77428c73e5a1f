package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.ThreadCpu;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU seconds of a process (or a process tree), user and system, read from /proc at {@code atNanos}
 * ({@link System#nanoTime()}): two readings make a {@link RunRecord.ProcessCpu}.
 */
public record CpuReading(double userS, double sysS, long atNanos) {
  private static final double TICKS = ThreadCpu.TICKS;

  /**
   * What the process used from this reading to {@code end}, per 1,000 of the {@code ops} done in between, and its %
   * from this reading to {@code windowEnd} (the measured window's close, at or before {@code end}).
   */
  public RunRecord.ProcessCpu until(CpuReading windowEnd, CpuReading end, long ops) {
    double user = end.userS - userS;
    double sys = end.sysS - sysS;
    return new RunRecord.ProcessCpu(round(user, 100), round(sys, 100),
        ops > 0 ? round((user + sys) * 1e6 / ops, 1000) : 0,
        round((windowEnd.userS - userS + windowEnd.sysS - sysS) / ((windowEnd.atNanos - atNanos) / 1e9) * 100, 10));
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

  /** How many times {@link #tree} reads again when a child was reaped while it read. */
  static final int TREE_TRIES = 5;

  /**
   * The CPU of {@code pid} and its children: those alive (every process whose parent, field 4 of /proc/PID/stat, it is:
   * /proc/PID/task/TID/children may leave out live children while others exit) and those it reaped (its cumulative
   * children's time); null when /proc does not show the parent. The parent is read last, after its children, so a
   * child reaped in between is in the parent's children's time rather than nowhere; read before them too, so a reading
   * in which its children's time moved (a child was reaped while the tree was read, and may have been counted alive
   * too) is taken again, up to {@link #TREE_TRIES} times. Each child's own reaped children count; theirs alive do not.
   */
  public static CpuReading tree(long pid) {
    return tree(pid, () -> { });
  }

  /** The same, running {@code between} after the children are read and before the parent is (a test's way into the race). */
  static CpuReading tree(long pid, Runnable between) {
    try {
      Path stat = Path.of("/proc", Long.toString(pid), "stat");
      long reaped = reapedTicks(Files.readString(stat));
      for (int tries = 1; ; tries++) {
        double[] sum = children(pid);
        between.run();
        String parent = Files.readString(stat);
        long reapedNow = reapedTicks(parent);
        if (reapedNow == reaped || tries == TREE_TRIES) {
          double[] p = withReaped(parent);
          return new CpuReading(sum[0] + p[0], sum[1] + p[1], System.nanoTime());
        }
        reaped = reapedNow;
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** User and system seconds of every live process whose parent is {@code pid}, their reaped children's included. */
  private static double[] children(long pid) throws IOException {
    double[] sum = new double[2];
    String parent = Long.toString(pid);
    try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc"), p -> isPid(p.getFileName().toString()))) {
      for (Path p : all) {
        String stat;
        try {
          stat = Files.readString(p.resolve("stat"));
        } catch (IOException ended) {
          continue; // ended since the listing: once reaped, its time is in its parent's children's time
        }
        if (ThreadCpu.statFields(stat)[1].equals(parent)) {
          double[] c = withReaped(stat);
          sum[0] += c[0];
          sum[1] += c[1];
        }
      }
    }
    return sum;
  }

  private static boolean isPid(String name) {
    return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
  }

  /** The cumulative children's time (cutime + cstime, fields 16 and 17) of a /proc/PID/stat line, in ticks. */
  private static long reapedTicks(String stat) {
    String[] f = ThreadCpu.statFields(stat);
    return Long.parseLong(f[13]) + Long.parseLong(f[14]);
  }

  /** User and system seconds of a /proc/PID/stat line, its reaped children's included. */
  private static double[] withReaped(String stat) {
    String[] f = ThreadCpu.statFields(stat);
    // after the command: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17), numbered from 1 in proc(5)
    return new double[] {(Long.parseLong(f[11]) + Long.parseLong(f[13])) / TICKS,
        (Long.parseLong(f[12]) + Long.parseLong(f[14])) / TICKS};
  }
}
