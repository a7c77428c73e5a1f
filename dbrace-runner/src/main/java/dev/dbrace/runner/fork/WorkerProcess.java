package dev.dbrace.runner.fork;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.MessageType;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.runner.Secrets;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One forked worker JVM. Its stdout is read by a thread into a queue of messages; its stderr goes
 * to a file (a pipe nobody drains would block the worker). The password travels in the
 * environment, never on the command line. One runner thread talks to it; {@link #send} may also be
 * called from another (Ctrl-C's).
 */
public final class WorkerProcess implements AutoCloseable {
  /** A message from the worker; type {@link MessageType#EOF} when its stdout closed. */
  public record Message(MessageType type, JsonNode body) {}

  private final Process process;
  private final Writer stdin;
  private final Path stderrFile;
  private final BlockingQueue<Message> messages = new LinkedBlockingQueue<>();

  private WorkerProcess(Process process, Path stderrFile) {
    this.process = process;
    this.stderrFile = stderrFile;
    this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
    Thread reader = new Thread(this::readStdout, "dbrace-worker-" + process.pid());
    reader.setDaemon(true);
    reader.start();
  }

  public static WorkerProcess start(
      Path java, List<String> jvmArgs, List<Path> classpath, RunSpec spec, String password, Path runDir)
      throws IOException {
    return start(java, jvmArgs, classpath, "dev.dbrace.core.run.WorkerMain", spec, password, runDir);
  }

  /** Starts {@code mainClass} and sends it {@code spec} as its first stdin line (stacks and experiments alike). */
  public static WorkerProcess start(Path java, List<String> jvmArgs, List<Path> classpath, String mainClass, Object spec,
      String password, Path runDir) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.addAll(jvmArgs);
    cmd.add("-cp");
    cmd.add(classpath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator)));
    cmd.add(mainClass);
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().remove("PGPASSWORD");
    if (password != null) {
      pb.environment().put(RunSpec.PASSWORD_ENV, password);
    }
    Path stderr = runDir.resolve("worker.stderr.log");
    pb.redirectError(stderr.toFile());
    Files.writeString(runDir.resolve("worker.command"), String.join(" ", cmd) + "\n");
    WorkerProcess w = new WorkerProcess(pb.start(), stderr);
    w.send(Json.line(spec));
    return w;
  }

  long pid() {
    return process.pid();
  }

  /** The next message, or null if none arrived within the timeout. */
  public Message next(long timeoutMs) throws InterruptedException {
    return messages.poll(timeoutMs, TimeUnit.MILLISECONDS);
  }

  /** Sends one command line; false if the worker no longer listens. The Ctrl-C hook's thread may send too. */
  synchronized boolean send(String line) {
    try {
      stdin.write(line);
      stdin.write('\n');
      stdin.flush();
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public boolean waitFor(long timeoutMs) throws InterruptedException {
    return process.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
  }

  /** The JVM flag that makes a JVM record JDK 25's ahead-of-time cache, written as it exits. */
  public static final String AOT_CACHE_OUTPUT = "-XX:AOTCacheOutput=";

  /** Whether a JVM started with {@code jvmArgs} writes an ahead-of-time cache when it exits (which takes seconds). */
  public static boolean writesAotCache(List<String> jvmArgs) {
    return jvmArgs.stream().anyMatch(a -> a.startsWith(AOT_CACHE_OUTPUT));
  }

  public Integer exitCode() {
    return process.isAlive() ? null : process.exitValue();
  }

  /** The last lines the worker wrote to stderr, redacted. */
  public List<String> stderrTail(int lines) {
    try {
      List<String> all = Files.readAllLines(stderrFile, StandardCharsets.UTF_8);
      return all.subList(Math.max(0, all.size() - lines), all.size()).stream().map(Secrets::redact).toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  /** Ends the worker: SIGTERM, then SIGKILL if it has not gone within 5 s. */
  public void kill() {
    try {
      if (process.isAlive()) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          process.waitFor(5, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    kill();
  }

  private void readStdout() {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        try {
          JsonNode node = Json.MAPPER.readTree(line);
          messages.add(new Message(MessageType.of(node.path("type").asText()), node));
        } catch (IOException notJson) {
          messages.add(new Message(MessageType.NOISE, Json.MAPPER.getNodeFactory().textNode(line)));
        }
      }
    } catch (IOException e) {
      // the process ended
    }
    messages.add(new Message(MessageType.EOF, null));
  }
}
