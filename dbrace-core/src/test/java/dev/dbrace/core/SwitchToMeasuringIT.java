package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dbrace.core.load.ClosedLoop;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Workloads;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;
import org.junit.jupiter.api.Test;

/**
 * The switch from warm-up to measuring runs the load generator's compiled code as it is: no way through it that the
 * whole warm-up never took. Each such way is one the JIT leaves out of its compiled code, and the first measured
 * operation that takes it sends the method, with every completion callback it was inlined into, back to the
 * interpreter until it is compiled again, in a race's worker through much of the first second measured
 * (docs/decisions.md). Read here from the Flight Recorder's own events: the load generator's methods compiled by C2
 * during warm-up, then no deoptimization in its package while measuring.
 */
class SwitchToMeasuringIT {
  private static final String LOAD = "dev.dbrace.core.load.";

  /** Completes every operation on one thread of its own, as a driver's event loop does. */
  private static final class OneThreadStack implements Stack {
    final ExecutorService thread = Executors.newSingleThreadExecutor();

    @Override
    public CompletionStage<OpResult> execute(Operation op) {
      return CompletableFuture.supplyAsync(() -> WorldRows.answer(op, false), thread);
    }

    @Override
    public void close() {
      thread.shutdownNow();
    }
  }

  /**
   * In a JVM of its own, whose JIT has compiled nothing of the load generator yet (in the test JVM other tests have
   * compiled it already, and their profiles are not a race's).
   */
  @Test
  void measuringStartsOnTheCodeTheWarmUpCompiled() throws Exception {
    List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
    assumeTrue(args.stream().noneMatch(a -> a.startsWith("-XX:TieredStopAtLevel") || a.equals("-Xint")),
        "needs C2: this JVM was started with " + args);
    Process child = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
        "-cp", System.getProperty("java.class.path"), Child.class.getName())
        .redirectErrorStream(true).start();
    String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(child.waitFor(90, TimeUnit.SECONDS), "the child finished");
    assertEquals(0, child.exitValue(), out);
    assertTrue(out.contains("deoptimized while measuring: []"), out);
  }

  /** The warm-up, the switch and the measured second, reading the JIT's events; prints what it found. */
  public static final class Child {
    public static void main(String[] a) throws Exception {
      List<RecordedEvent> compiled = new CopyOnWriteArrayList<>();
      Set<Long> c2Compilations = ConcurrentHashMap.newKeySet();
      Set<Long> issueInlinedBy = ConcurrentHashMap.newKeySet();
      List<RecordedEvent> deoptimized = new CopyOnWriteArrayList<>();
      OneThreadStack stack = new OneThreadStack();
      try (RecordingStream jfr = new RecordingStream()) {
        jfr.setReuse(false); // the events are kept
        jfr.enable("jdk.Compilation").withThreshold(Duration.ZERO);
        jfr.enable("jdk.CompilerInlining");
        jfr.enable("jdk.Deoptimization");
        jfr.onEvent("jdk.Compilation", e -> {
          if (e.getInt("compileLevel") == 4) {
            c2Compilations.add(e.getLong("compileId"));
            if (in(e, LOAD + "ClosedLoop")) {
              compiled.add(e);
            }
          }
        });
        // C2 may compile the issue path into its callers (the users' callback) rather than on its own
        jfr.onEvent("jdk.CompilerInlining", e -> {
          RecordedMethod callee = e.getValue("callee");
          if (e.getBoolean("succeeded") && callee != null && callee.getName().equals("issueFrom")
              && callee.getType().getName().equals(LOAD + "ClosedLoop")) {
            issueInlinedBy.add(e.getLong("compileId"));
          }
        });
        jfr.onEvent("jdk.Deoptimization", deoptimized::add);
        jfr.startAsync();
        ClosedLoop loop = new ClosedLoop(stack, new OperationSequence(Workloads.byName("point-select", Map.of()), 1),
            new LoadModel.Closed(0, 120_000, 4));
        loop.start();
        // warm-up until C2 has compiled the issue path (JFR delivers about once a second); the users' callback is
        // compiled into the futures' completion, whose compilations name the future's method, not the callback
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        BooleanSupplier issuePathCompiled = () -> compiledMethod(compiled, "issueFrom")
            || issueInlinedBy.stream().anyMatch(c2Compilations::contains);
        while (!issuePathCompiled.getAsBoolean() && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        check(issuePathCompiled.getAsBoolean(), "C2 compiled ClosedLoop.issueFrom (on its own or into a caller) within 30 s"
            + " of warm-up; compiled: " + compiled.stream().map(e -> name(e)).toList());
        Thread.sleep(1_000); // and whatever else the warm-up still compiles
        Instant from = Instant.now();
        loop.startMeasuring();
        Thread.sleep(1_500);
        Instant to = Instant.now();
        loop.stop();
        check(loop.await(30, TimeUnit.SECONDS), "the users finished");
        loop.finish();
        jfr.stop(); // delivers every event recorded so far
        check(loop.measured().errors() == 0, "every answer verified: " + loop.measured().errorSamples());
        check(loop.measured().ok() > 10_000, "measured operations: " + loop.measured().ok());
        List<String> whileMeasuring = deoptimized.stream()
            .filter(e -> !e.getStartTime().isBefore(from) && e.getStartTime().isBefore(to) && in(e, LOAD))
            .map(e -> name(e) + " bci " + e.getInt("bci") + " " + e.getString("reason") + " " + e.getString("action"))
            .toList();
        System.out.println("deoptimized while measuring: " + whileMeasuring);
      } finally {
        stack.close();
      }
      System.exit(0);
    }

    private static void check(boolean ok, String what) {
      if (!ok) {
        System.out.println("failed: " + what);
        System.exit(1);
      }
    }
  }

  private static boolean compiledMethod(List<RecordedEvent> compiled, String method) {
    return compiled.stream().anyMatch(e -> method(e).getName().equals(method));
  }

  private static RecordedMethod method(RecordedEvent e) {
    return e.getValue("method");
  }

  private static boolean in(RecordedEvent e, String typePrefix) {
    RecordedMethod m = method(e);
    return m != null && m.getType().getName().startsWith(typePrefix);
  }

  private static String name(RecordedEvent e) {
    return method(e).getType().getName() + "." + method(e).getName();
  }
}
