package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentSpec;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.experiments.vertx.FetchSizeCompanion.Read;
import dev.dbrace.experiments.vertx.FetchSizeCompanion.Variant;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The whole-result read in a JVM of its own with this one's heap. Vert.x decodes rows on its event
 * loop, and the partial RowSet stays referenced by the command in flight: when that runs out of
 * memory the event loop thread dies, the caller's future never completes and the heap stays full,
 * so the worker could neither go on nor report. In a child with {@code -XX:+ExitOnOutOfMemoryError}
 * the out-of-memory is an exit with a message, timed from the moment the read began.
 */
final class WholeResultChild {
  private WholeResultChild() {}

  /** Runs the read in a child JVM; a child that ran out of memory gives a Read with the JVM's message. */
  static Read read(ExperimentContext ctx, Variant v, String table) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("-Xmx") || a.startsWith("-Xms")).forEach(cmd::add);
    cmd.addAll(List.of("-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("java.class.path"),
        WholeResultChild.class.getName(), ctx.target().host(), Integer.toString(ctx.target().port()),
        ctx.target().database(), ctx.target().user(), ctx.target().applicationName(), v.label(), table,
        ctx.target().sslMode().libpq(), ctx.target().sslRootCert() == null ? "" : ctx.target().sslRootCert()));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove(RunSpec.PASSWORD_ENV);
    if (ctx.password() != null) {
      pb.environment().put(RunSpec.PASSWORD_ENV, ctx.password());
    }
    Path stderr = Files.createTempFile("dbrace-vertx-whole-result", ".log");
    pb.redirectError(stderr.toFile());
    Process p = pb.start(); // its stdin stays open: the child exits when it closes (this JVM gone)
    // a child stuck for another reason is killed, which ends its output: an error below, not a hang
    CompletableFuture.delayedExecutor(30, TimeUnit.MINUTES).execute(p::destroyForcibly);
    try (BufferedReader out = p.inputReader(StandardCharsets.UTF_8)) {
      String line = out.readLine();
      long t0 = System.nanoTime(); // "reading": connected, the read begins
      String result = line == null ? null : out.readLine();
      double seconds = (System.nanoTime() - t0) / 1e9;
      p.waitFor();
      String err = Files.readString(stderr);
      if (result != null && result.startsWith("result ")) {
        String[] f = result.split(" ", 5); // result rows seconds peakMb [out-of-memory message]
        return new Read(v, Long.parseLong(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3]),
            f.length > 4 ? f[4] : null);
      }
      // -XX:+ExitOnOutOfMemoryError says "Terminating due to java.lang.OutOfMemoryError: Java heap space"
      // HotSpot prints it on stdout, where the protocol's result line would be, or on stderr
      String oom = Stream.concat(Stream.of(line, result).filter(l -> l != null), err.lines())
          .filter(l -> l.contains("Terminating due to") && l.contains("OutOfMemoryError")).findFirst().orElse(null);
      if (line == null || oom == null) {
        List<String> lines = err.lines().toList();
        throw new IllegalStateException(v.label() + ": the child JVM exited with " + p.exitValue() + ": "
            + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())));
      }
      return new Read(v, 0, seconds, Double.NaN, oom.substring(oom.indexOf("OutOfMemoryError")));
    } finally {
      p.getOutputStream().close();
      Files.deleteIfExists(stderr);
    }
  }

  /**
   * args: host port database user applicationName label table sslmode sslrootcert (empty: none); the password in
   * {@link RunSpec#PASSWORD_ENV}.
   */
  public static void main(String[] args) throws Exception {
    Thread watch = new Thread(() -> {
      try {
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      } catch (IOException e) {
        // treated as the parent gone
      }
      Runtime.getRuntime().halt(4);
    });
    watch.setDaemon(true);
    watch.start();
    ExperimentSpec spec = new ExperimentSpec("fetch-size", args[0], Integer.parseInt(args[1]), args[2], args[3], args[4],
        Map.of(), null, SslMode.of(args[7]), args[8].isEmpty() ? null : args[8]);
    ExperimentContext ctx = new ExperimentContext(spec, System.getenv(RunSpec.PASSWORD_ENV), m -> { });
    System.out.println("reading");
    System.out.flush();
    Read r;
    try (Pg pg = new Pg(ctx)) {
      r = WideRead.read(pg, new Variant(args[5], 0), args[6]);
    }
    System.out.println(String.format(Locale.ROOT, "result %d %f %f", r.rows(), r.seconds(), r.peakHeapMb())
        + (r.ok() ? "" : " " + r.outOfMemory().replace('\n', ' ')));
    System.out.flush();
    System.exit(0);
  }
}
