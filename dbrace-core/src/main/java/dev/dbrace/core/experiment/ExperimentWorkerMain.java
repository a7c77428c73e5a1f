package dev.dbrace.core.experiment;

import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.MessageType;
import dev.dbrace.core.run.RunSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Entry point of an experiment worker JVM. Reads an {@link ExperimentSpec} line from stdin and
 * answers on stdout with one JSON object per line: {@code progress} (a message), then
 * {@code result} or {@code error}. Its stdout is the protocol's alone: anything else printed goes
 * to stderr. An OutOfMemoryError that escapes the experiment is reported as an error line if the
 * JVM can still write one; the runner reports a worker that dies silently from its stderr.
 */
public final class ExperimentWorkerMain {
  private ExperimentWorkerMain() {}

  public static void main(String[] args) {
    PrintStream protocolOut = System.out;
    System.setOut(System.err);
    int code = 0;
    try {
      BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      ExperimentSpec spec = Json.parse(in.readLine(), ExperimentSpec.class);
      exitWhenRunnerGone(in);
      Experiment experiment = find(spec.experiment());
      ExperimentContext context = new ExperimentContext(spec, System.getenv(RunSpec.PASSWORD_ENV),
          message -> send(protocolOut, MessageType.PROGRESS, "message", message));
      ExperimentResult result = experiment.run(context);
      send(protocolOut, MessageType.RESULT, "result", result);
    } catch (BadOptionException e) {
      send(protocolOut, MessageType.BAD_INPUT, "message", e.getMessage());
      code = 2;
    } catch (Throwable t) {
      send(protocolOut, MessageType.ERROR, "message", oneLine(t));
      code = 3;
    }
    protocolOut.flush();
    System.exit(code);
  }

  /** End of stdin means the runner is gone (killed, Ctrl-C): halt rather than run on as an orphan. */
  private static void exitWhenRunnerGone(BufferedReader in) {
    Thread t = new Thread(() -> {
      try {
        while (in.readLine() != null) {
          // the runner sends nothing more; reading only notices when it goes
        }
      } catch (IOException e) {
        // treated as end of input
      }
      System.err.println("dbrace experiment worker: runner closed stdin, exiting");
      Runtime.getRuntime().halt(4);
    }, "dbrace-runner-watch");
    t.setDaemon(true);
    t.start();
  }

  /** The named experiment on this JVM's classpath. */
  public static Experiment find(String name) {
    for (Experiment e : ServiceLoader.load(Experiment.class)) {
      if (e.name().equals(name)) {
        return e;
      }
    }
    throw new IllegalArgumentException("no experiment named " + name + " on this worker's classpath");
  }

  private static synchronized void send(PrintStream out, MessageType type, String key, Object value) {
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", type.wire());
    msg.put(key, value);
    out.println(Json.line(msg));
    out.flush();
  }

  private static String oneLine(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String msg = t.getMessage() == null ? t.getClass().getSimpleName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    return msg.lines().findFirst().orElse(msg);
  }
}
