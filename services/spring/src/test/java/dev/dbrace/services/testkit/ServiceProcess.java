package dev.dbrace.services.testkit;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One service variant started as dbrace starts it: its own JVM ({@code java -cp
 * target/classes:<target/runtime.classpath> <main> <args>}), configured only through environment
 * variables, stdout and stderr drained to files, ready once {@code GET /health} answers 200,
 * stopped with SIGTERM. Not thread-safe; one owner.
 */
public final class ServiceProcess implements AutoCloseable {
  private final Process process;
  private final String host;
  private final int port;
  private final Path stdout;
  private final Path stderr;

  private ServiceProcess(Process process, String host, int port, Path stdout, Path stderr) {
    this.process = process;
    this.host = host;
    this.port = port;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /**
   * Starts a Java variant of the module in {@code moduleDir}; {@code env} must hold
   * DBRACE_HTTP_HOST and DBRACE_HTTP_PORT. Output goes to {@code logDir/<name>.stdout|stderr.log}.
   */
  public static ServiceProcess startJava(Path moduleDir, ServiceDescriptor.Variant variant,
      Map<String, String> env, Path logDir) throws IOException {
    String classpath = moduleDir.resolve("target/classes") + java.io.File.pathSeparator
        + Files.readString(moduleDir.resolve("target/runtime.classpath")).strip();
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(defaultJvmArgs());
    command.add("-cp");
    command.add(classpath);
    command.add(variant.main());
    command.addAll(variant.args());
    Files.createDirectories(logDir);
    Path out = logDir.resolve(variant.name() + ".stdout.log");
    Path err = logDir.resolve(variant.name() + ".stderr.log");
    ProcessBuilder pb = new ProcessBuilder(command).directory(moduleDir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(env);
    return new ServiceProcess(pb.start(), env.get("DBRACE_HTTP_HOST"),
        Integer.parseInt(env.get("DBRACE_HTTP_PORT")), out, err);
  }

  /**
   * The JVM options dbrace gives its forked workers (RaceOptions#workerJvmArgs): Netty 4.1 on
   * JDK 24+ would otherwise print warnings about sun.misc.Unsafe and native access on stderr.
   */
  public static List<String> defaultJvmArgs() {
    List<String> args = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
    if (Runtime.version().feature() >= 23) {
      args.add("--sun-misc-unsafe-memory-access=allow");
    }
    return args;
  }

  /** A port free on 127.0.0.1 right now (another process may still take it before the service). */
  public static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /**
   * Polls {@code /health} every 100 ms until it answers 200.
   *
   * @throws IllegalStateException if the process exits or {@code limit} passes first, with the
   *     end of its stderr
   */
  public ServiceProcess awaitHealthy(Duration limit) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build()) {
      HttpRequest health = HttpRequest.newBuilder(uri("/health")).timeout(Duration.ofSeconds(2)).build();
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IllegalStateException("service exited with status " + process.exitValue()
              + " before it was healthy; stderr: " + tail(stderr()));
        }
        try {
          if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
            return this;
          }
        } catch (IOException notYet) {
          // not listening yet
        }
        Thread.sleep(100);
      }
    }
    throw new IllegalStateException("service not healthy within " + limit + "; stderr: " + tail(stderr()));
  }

  public URI uri(String pathAndQuery) {
    return URI.create("http://" + host + ":" + port + pathAndQuery);
  }

  public Process process() {
    return process;
  }

  /**
   * SIGTERM, then waits up to {@code grace}; kills it if it is still running.
   *
   * @return true if it exited within {@code grace}
   */
  public boolean stop(Duration grace) throws InterruptedException {
    process.destroy();
    if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
      return true;
    }
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    return false;
  }

  public String stdout() throws IOException {
    return Files.readString(stdout, StandardCharsets.UTF_8);
  }

  public String stderr() throws IOException {
    return Files.readString(stderr, StandardCharsets.UTF_8);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      stop(Duration.ofSeconds(10));
    }
  }

  private static String tail(String log) {
    return log.length() <= 4000 ? log : "…" + log.substring(log.length() - 4000);
  }
}
