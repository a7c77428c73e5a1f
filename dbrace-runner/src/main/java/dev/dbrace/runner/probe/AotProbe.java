package dev.dbrace.runner.probe;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.runner.fork.ModuleClasspath;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.fork.WorkerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code --aot}: the worker JVM starts from JDK 25's ahead-of-time cache (JEP 483 and 515: classes loaded and linked,
 * method profiles recorded), so the JIT compiles the hot paths at full optimisation from the start instead of
 * profiling them first, and a run reaches its steady state sooner. One cache per stack, workload, stack options, JDK,
 * JVM arguments and classpath (each jar's size and time): the first run of such a worker trains it
 * ({@code -XX:AOTCacheOutput}, the JVM writes the cache when it exits), every later one uses it
 * ({@code -XX:AOTCache}). The cache holds nothing a measurement reports: the run's figures still come after its own
 * warm-up, by the same rule. A cache the JVM finds stale it ignores and runs without.
 *
 * <p>The JDK takes only jars on such a classpath: a module's {@code target/classes} is replaced by the jar Maven
 * packaged from it, when that jar is not older than any of its classes; where one is missing the run goes without
 * the cache and its record says why.
 */
public final class AotProbe implements RunProbe {
  /** The JDK release whose -XX:AOTCacheOutput (JEP 514) makes a cache in one run. */
  public static final int JDK = 25;

  private final Path file;
  private final Path training;
  private final List<Path> classpath;
  private final String off;

  private AotProbe(Path file, Path training, List<Path> classpath, String off) {
    this.file = file;
    this.training = training;
    this.classpath = classpath;
    this.off = off;
  }

  /**
   * The probe of one run.
   *
   * @param cacheDir dbrace's cache folder; the caches go under {@code aot/} in it
   * @param javaFeature the workers' JDK's feature release (25 for JDK 25)
   * @param key what the JIT's profiles depend on besides the classpath: the stack, workload, stack options, JDK and
   *     JVM arguments, one line each
   */
  public static AotProbe of(Path cacheDir, int javaFeature, String stack, List<Path> classpath, List<String> key) {
    if (javaFeature < JDK) {
      return new AotProbe(null, null, classpath, "the workers' JDK is " + javaFeature + "; the cache needs JDK " + JDK);
    }
    List<Path> jars = new ArrayList<>();
    for (Path p : classpath) {
      Path jar = Files.isDirectory(p) ? packaged(p) : p;
      if (jar == null) {
        return new AotProbe(null, null, classpath, p + " is a folder without a current jar (./dbrace build packages one)");
      }
      jars.add(jar);
    }
    StringBuilder id = new StringBuilder(String.join("\n", key));
    for (Path jar : jars) {
      try {
        id.append('\n').append(jar).append(' ').append(Files.size(jar)).append(' ').append(Files.getLastModifiedTime(jar));
      } catch (IOException e) {
        return new AotProbe(null, null, classpath, jar + " cannot be read: " + e.getMessage());
      }
    }
    Path file = cacheDir.resolve("aot").resolve(stack + "-" + sha256(id.toString()).substring(0, 16) + ".aot");
    Path training = Files.isRegularFile(file) ? null
        : file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".tmp");
    return new AotProbe(file, training, List.copyOf(jars), null);
  }

  /** The jar Maven packaged from {@code classes} ({@code <module>/target/classes}), if none of its classes is newer. */
  static Path packaged(Path classes) {
    Path target = classes.getParent();
    if (target == null || !classes.endsWith(ModuleClasspath.CLASSES)) {
      return null;
    }
    try (Stream<Path> files = Files.list(target)) {
      Path jar = files.filter(f -> f.getFileName().toString().endsWith(".jar")).filter(Files::isRegularFile)
          .filter(f -> !f.getFileName().toString().endsWith("-sources.jar") && !f.getFileName().toString().endsWith("-tests.jar"))
          .findFirst().orElse(null);
      if (jar == null) {
        return null;
      }
      long built = Files.getLastModifiedTime(jar).toMillis();
      try (Stream<Path> all = Files.walk(classes)) {
        return all.filter(Files::isRegularFile).anyMatch(f -> modified(f) > built) ? null : jar;
      }
    } catch (IOException e) {
      return null;
    }
  }

  private static long modified(Path f) {
    try {
      return Files.getLastModifiedTime(f).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sha256(String s) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Jars only when the cache applies; the classpath as it was otherwise. */
  @Override
  public List<Path> classpath(List<Path> given) {
    return off == null ? classpath : given;
  }

  @Override
  public List<String> workerJvmArgs() throws IOException {
    if (off != null) {
      return List.of();
    }
    Files.createDirectories(file.getParent());
    return training == null ? List.of("-XX:AOTCache=" + file) : List.of(WorkerProcess.AOT_CACHE_OUTPUT + training);
  }

  /** The worker is gone: a training run's cache, complete only now, takes its place (atomically). */
  @Override
  public void close() throws IOException {
    if (training == null || !Files.isRegularFile(training)) {
      return;
    }
    try {
      Files.move(training, file, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(training, file, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(training);
    }
  }

  @Override
  public RunRecord after(RunRecord record, RunExecutor.Outcome out) {
    RunRecord.Aot aot = off != null ? new RunRecord.Aot(RunRecord.Aot.OFF, null, off)
        : training == null ? new RunRecord.Aot(RunRecord.Aot.USED, file.getFileName().toString(), null)
        : new RunRecord.Aot(RunRecord.Aot.TRAINED, file.getFileName().toString(),
            Files.isRegularFile(file) ? null : "the worker left no cache (it did not exit normally)");
    return record.withProbes(p -> p.withAot(aot));
  }
}
