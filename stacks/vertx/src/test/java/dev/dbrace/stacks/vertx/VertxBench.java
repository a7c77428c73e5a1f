package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Stack;
import java.util.List;
import java.util.Map;

/**
 * Throughput of one stack against the dev database, for comparison with pgbench:
 * {@code VertxBench STACK IN_FLIGHT SECONDS [STATEMENTS_PER_OP] [k=v,k=v]}. Warms up for 3 s, then
 * prints {@code STACK IN_FLIGHT ops/s}.
 */
@SuppressWarnings("try")
public final class VertxBench {
  private VertxBench() {}

  /** CPU time of the Vert.x event-loop threads: the client's per-query work, without JIT and GC threads. */
  static long eventLoopCpuNanos() {
    java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (java.lang.management.ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
      if (ti != null && ti.getThreadName().startsWith("vert.x-eventloop")) {
        sum += Math.max(0, mx.getThreadCpuTime(ti.getThreadId()));
      }
    }
    return sum;
  }

  /** utime and stime of this process in clock ticks (1/100 s), from /proc/self/stat. */
  static long[] ticks() {
    try {
      String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12])};
    } catch (Exception e) {
      return new long[2];
    }
  }

  public static void main(String[] args) throws Exception {
    String name = args[0];
    int inFlight = Integer.parseInt(args[1]);
    double seconds = Double.parseDouble(args[2]);
    int perOp = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    Map<String, String> opts = VertxStackTest.parseOpts(args.length > 4 ? args[4] : null);
    try (Stack stack = VertxStackTest.provider(name)
        .open(VertxStackTest.config(VertxStackTest.PASSWORD, List.of(VertxStackTest.WORLD_BY_ID), opts))) {
      new LoadLoop(stack, perOp, 0, Double.parseDouble(System.getProperty("warmup", "3"))).run(inFlight, 600);
      var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
      long cpu0 = os.getProcessCpuTime();
      long[] t0 = ticks();
      long el0 = eventLoopCpuNanos();
      LoadLoop loop = new LoadLoop(stack, perOp, 0, seconds).run(inFlight, (long) seconds + 60);
      long[] t1 = ticks();
      long el1 = eventLoopCpuNanos();
      double cpuUsPerOp = (os.getProcessCpuTime() - cpu0) / 1e3 / (loop.ok() + loop.failed() + loop.wrong());
      if (loop.failed() + loop.wrong() > 0) {
        System.out.println("ERRORS " + loop.failed() + " " + loop.firstError() + " " + loop.firstWrong());
      }
      long ops = loop.ok() + loop.failed() + loop.wrong();
      System.out.printf("%s opts=%s inflight=%d perOp=%d ops/s=%.0f stmts/s=%.0f client-cpu-us/op=%.1f (user %.1f sys %.1f) eventloop-cpu-us/op=%.1f%n",
          name, opts, inFlight, perOp, loop.opsPerSecond(), loop.opsPerSecond() * perOp, cpuUsPerOp,
          (t1[0] - t0[0]) * 1e4 / ops, (t1[1] - t0[1]) * 1e4 / ops, (el1 - el0) / 1e3 / ops);
    }
    System.exit(0);
  }
}
