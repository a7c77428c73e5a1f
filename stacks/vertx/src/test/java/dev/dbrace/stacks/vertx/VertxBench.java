package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Stack;
import java.util.List;
import java.util.Map;

/**
 * Throughput of one stack against the dev database, for comparison with pgbench:
 * {@code VertxBench STACK IN_FLIGHT SECONDS [STATEMENTS_PER_OP] [k=v,k=v]}. Warms up for 3 s, then
 * prints {@code STACK IN_FLIGHT ops/s}.
 */
public final class VertxBench {
  private VertxBench() {}

  public static void main(String[] args) throws Exception {
    String name = args[0];
    int inFlight = Integer.parseInt(args[1]);
    double seconds = Double.parseDouble(args[2]);
    int perOp = args.length > 3 ? Integer.parseInt(args[3]) : 1;
    Map<String, String> opts = VertxStackTest.parseOpts(args.length > 4 ? args[4] : null);
    try (Stack stack = VertxStackTest.provider(name)
        .open(VertxStackTest.config(VertxStackTest.PASSWORD, List.of(VertxStackTest.WORLD_BY_ID), opts))) {
      new LoadLoop(stack, perOp, 0, 3).run(inFlight, 60);
      var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
      long cpu0 = os.getProcessCpuTime();
      LoadLoop loop = new LoadLoop(stack, perOp, 0, seconds).run(inFlight, (long) seconds + 60);
      double cpuUsPerOp = (os.getProcessCpuTime() - cpu0) / 1e3 / (loop.ok() + loop.failed() + loop.wrong());
      if (loop.failed() + loop.wrong() > 0) {
        System.out.println("ERRORS " + loop.failed() + " " + loop.firstError() + " " + loop.firstWrong());
      }
      System.out.printf("%s opts=%s inflight=%d perOp=%d ops/s=%.0f stmts/s=%.0f client-cpu-us/op=%.1f%n", name, opts,
          inFlight, perOp, loop.opsPerSecond(), loop.opsPerSecond() * perOp, cpuUsPerOp);
    }
    System.exit(0);
  }
}
