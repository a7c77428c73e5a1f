package dev.dbrace.core.load;

import com.sun.management.OperatingSystemMXBean;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.ColumnCheck;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.OperationSpec;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.core.workload.WorkloadSpec;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * How fast the open-loop generator itself can go: {@link OpenLoop} against a stack that answers
 * at once, at a series of offered rates. For each rate it prints the achieved rate, how late
 * operations were issued against their schedule, the CPU used (the whole process, and the
 * scheduler thread alone, as a fraction of one core) and the fraction of time the scheduler
 * thread was ready to run but waiting for a CPU (the machine's share of the lateness). The generator
 * is good enough when it sustains rates well above what any real stack reaches, with a lateness far
 * below the latencies being measured.
 *
 * <p>Not a unit test: run it with {@code bench/open-loop-generator.sh}. Arguments:
 * {@code [--rates 100000,...] [--seconds 3] [--warmup 1] [--reference 115000]}; the default reference is the
 * best closed-loop rate a dbrace stack reached on a 2-core machine (vertx-pipelined, 8 connections, 256 in flight,
 * {@code bench/vs-pgbench.sh -i 256}), so the printed ratio is the generator's headroom over the fastest stack.
 */
public final class GeneratorBench {
  /** What "sustained" means: issued on time (p99 lateness below this), nothing left unsent, the rate achieved. */
  private static final long MAX_P99_LATENESS_NS = TimeUnit.MILLISECONDS.toNanos(1);

  private static final double MIN_ACHIEVED_FRACTION = 0.99;

  /** One statement, one row holding 1: enough for the real Verifier to check every answer. */
  private static final WorkloadSpec NOOP = new WorkloadSpec("noop", "SELECT 1, answered in memory",
      List.of(new OperationSpec("select-1", 1, 1,
          List.of(new StatementSpec("SELECT 1", List.of(), 1, List.of(new ColumnCheck.IntRange(0, 1, 1)))))),
      Map.of());

  private static final CompletableFuture<OpResult> ANSWER =
      CompletableFuture.completedFuture(OpResult.ofRows(List.of(List.<Object[]>of(new Object[] {1}))));

  /** Completes every operation at once, on the caller's thread: all the cost left is the generator's. */
  private static final Stack NO_OP = new Stack() {
    @Override
    public CompletionStage<OpResult> execute(Operation op) {
      return ANSWER;
    }

    @Override
    public void close() {}
  };

  private record Step(double offered, double achieved, long notIssued, long errors, Histogram lateness,
      double processCores, double schedulerCores, double schedulerWaiting) {

    boolean sustained() {
      return notIssued == 0 && errors == 0 && achieved >= MIN_ACHIEVED_FRACTION * offered
          && lateness.getValueAtPercentile(99) < MAX_P99_LATENESS_NS;
    }
  }

  private GeneratorBench() {}

  public static void main(String[] args) throws Exception {
    List<Double> rates = List.of(100_000.0, 200_000.0, 400_000.0, 800_000.0, 1_200_000.0, 1_600_000.0);
    double seconds = 3;
    double warmup = 1;
    double reference = 115_000;
    try {
      for (int i = 0; i < args.length; i++) {
        String value = i + 1 < args.length ? args[i + 1] : null;
        switch (args[i]) {
          case "--rates" -> rates = Arrays.stream(required(args[i], value).split(",")).map(r -> number("--rates", r)).toList();
          case "--seconds" -> seconds = number(args[i], required(args[i], value));
          case "--warmup" -> warmup = number(args[i], required(args[i], value));
          case "--reference" -> reference = number(args[i], required(args[i], value));
          default -> throw new IllegalArgumentException("unknown argument " + args[i]);
        }
        i++;
      }
      if (rates.isEmpty() || seconds <= 0.2 || warmup < 0 || !(reference > 0)) {
        throw new IllegalArgumentException("needs rates, --seconds > 0.2, --warmup >= 0, --reference > 0");
      }
      for (double rate : rates) {
        new LoadModel.Open(rate, 1000, 1, "constant"); // validates the rate
      }
    } catch (IllegalArgumentException e) {
      System.err.println("generator bench: " + e.getMessage());
      System.exit(2);
      return;
    }

    System.out.printf("open-loop generator, no-op stack, %.1f s per rate after %.1f s warm-up, %d cpus%n",
        seconds, warmup, Runtime.getRuntime().availableProcessors());
    System.out.printf("%10s %10s %10s %12s %12s %12s %10s %10s %10s %10s%n", "offered/s", "achieved/s", "not-issued",
        "late-p50-us", "late-p99-us", "late-max-us", "cpu-cores", "cpu-us/op", "sched-cpu", "sched-wait");
    List<Step> steps = new ArrayList<>();
    for (double rate : rates) {
      Step s = step(rate, seconds, warmup);
      steps.add(s);
      System.out.printf("%10.0f %10.0f %10d %12.1f %12.1f %12.1f %10.2f %10.2f %10s %10s%n", s.offered, s.achieved,
          s.notIssued, us(s.lateness.getValueAtPercentile(50)), us(s.lateness.getValueAtPercentile(99)),
          us(s.lateness.getMaxValue()), s.processCores, s.achieved > 0 ? s.processCores * 1e6 / s.achieved : 0,
          fraction(s.schedulerCores), fraction(s.schedulerWaiting));
    }
    System.out.println("late: hand-off to the stack minus scheduled time; sched-cpu / sched-wait: fraction of a core"
        + " the scheduler thread ran / was runnable but waiting for a CPU (the machine's doing, not the generator's)");
    Histogram machine = machineWakeUpLateness(TimeUnit.SECONDS.toNanos(1));
    System.out.printf("machine baseline: a bare thread parking 20 us at a time wakes late by p50 %.1f us,"
        + " p99 %.1f us, max %.1f us%n", us(machine.getValueAtPercentile(50)), us(machine.getValueAtPercentile(99)),
        us(machine.getMaxValue()));
    Step best = steps.stream().filter(Step::sustained).reduce((a, b) -> b.offered > a.offered ? b : a).orElse(null);
    if (best == null) {
      System.out.printf("no rate sustained with p99 lateness < 1 ms (reference %.0f/s)%n", reference);
    } else {
      System.out.printf("highest rate sustained with p99 lateness < 1 ms: %.0f/s = %.1fx the reference %.0f/s%n",
          best.offered, best.offered / reference, reference);
    }
  }

  private static Step step(double rate, double seconds, double warmup) throws InterruptedException {
    long durationMs = Math.round(seconds * 1000);
    OpenLoop loop = new OpenLoop(NO_OP, new OperationSequence(NOOP, 1),
        new LoadModel.Open(rate, durationMs, 1_000, "constant"), 1);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    loop.start();
    Thread.sleep(Math.round(warmup * 1000));
    long schedulerId = schedulerThreadId();
    loop.startMeasuring();
    // CPU over the first 80 % of the measured span: read well before the schedule ends, because
    // the scheduler thread's CPU time is gone once it has exited.
    long wall0 = System.nanoTime();
    long cpu0 = processCpuNanos();
    long sched0 = threads.getThreadCpuTime(schedulerId);
    long wait0 = schedulerRunQueueNanos();
    Thread.sleep(durationMs * 8 / 10);
    long wait1 = schedulerRunQueueNanos();
    long sched1 = threads.getThreadCpuTime(schedulerId);
    long cpu1 = processCpuNanos();
    long wall1 = System.nanoTime();
    // A generator that fell behind would take long to work off its backlog: stop it shortly
    // after the schedule's end; the arrivals it had not reached count as not issued.
    if (!loop.await(600, TimeUnit.MILLISECONDS)) {
      loop.stop();
      loop.await(10, TimeUnit.SECONDS);
    }
    loop.finish();
    double wall = wall1 - wall0;
    PhaseStats m = loop.measured();
    double achieved = m.ok() / loop.measuredSeconds();
    double schedulerCores = sched0 < 0 || sched1 < 0 ? Double.NaN : (sched1 - sched0) / wall;
    double schedulerWaiting = wait0 < 0 || wait1 < 0 ? Double.NaN : (wait1 - wait0) / wall;
    return new Step(rate, achieved, m.notIssued(), m.errors(), loop.issueLateness(), (cpu1 - cpu0) / wall,
        schedulerCores, schedulerWaiting);
  }

  /**
   * How late the machine wakes a parked thread, with no generator around it: the floor under the
   * generator's lateness. On a busy machine it is the run queue, not the generator, that makes
   * operations late.
   */
  private static Histogram machineWakeUpLateness(long spanNanos) throws InterruptedException {
    Histogram lateness = new Histogram(PhaseStats.MAX_LATENCY_NS, 3);
    Thread probe = new Thread(() -> {
      long end = System.nanoTime() + spanNanos;
      long park = TimeUnit.MICROSECONDS.toNanos(20);
      for (long due = System.nanoTime() + park; due - end < 0; due = System.nanoTime() + park) {
        LockSupport.parkNanos(park);
        lateness.recordValue(Math.max(0, System.nanoTime() - due));
      }
    }, "wake-up-probe");
    probe.start();
    probe.join();
    return lateness;
  }

  private static long schedulerThreadId() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("dbrace-arrivals") && t.isAlive())
        .mapToLong(Thread::threadId)
        .findFirst()
        .orElse(-1);
  }

  /**
   * Nanoseconds the scheduler thread has spent runnable but waiting for a CPU (Linux
   * {@code schedstat}), or -1. High means the machine, not the generator, made arrivals late.
   */
  private static long schedulerRunQueueNanos() {
    try (var tasks = Files.list(Path.of("/proc/self/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        if (Files.readString(task.resolve("comm")).strip().equals("dbrace-arrivals")) {
          return Long.parseLong(Files.readString(task.resolve("schedstat")).strip().split(" ")[1]);
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1; // not Linux, or the thread has just exited
    }
    return -1;
  }

  private static String fraction(double v) {
    return Double.isNaN(v) ? "n/a" : String.format("%.2f", v);
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** The option's value; an IllegalArgumentException naming the option when there is none (HarnessBench too). */
  static String required(String option, String value) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }

  /** The value as a number; an IllegalArgumentException naming the option when it is not one (HarnessBench too). */
  static double number(String option, String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number, got '" + text + "'");
    }
  }

  private static double us(long nanos) {
    return nanos / 1e3;
  }
}
