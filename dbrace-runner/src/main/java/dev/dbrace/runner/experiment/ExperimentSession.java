package dev.dbrace.runner.experiment;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.ExperimentRun;
import dev.dbrace.core.experiment.ExperimentSpec;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.report.HtmlReport;
import dev.dbrace.runner.DatabaseSession;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.Secrets;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.fork.WorkerProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One experiment from start to end: the database (embedded or --url), the results folder, the
 * worker JVM on the experiment module's classpath (password in its environment only), its
 * progress told to an {@link Output}, then experiment.json, the tables and the finding, and report.html.
 */
public final class ExperimentSession {
  /** What an experiment tells the person running it; the console implements it. */
  public interface Output {
    /** A line outside the results: the database coming up, the worker's progress. */
    void message(String line);

    /** The experiment ended; {@code file} holds it. */
    void finished(ExperimentRun run, Path file);

    /** Its HTML report was written there. */
    void reportWritten(Path report);
  }

  static final String FILE = "experiment.json";
  private static final String WORKER_MAIN = "dev.dbrace.core.experiment.ExperimentWorkerMain";

  private ExperimentSession() {}

  /**
   * Runs {@code entry} with {@code options} on {@code url}'s database (null: the embedded one).
   *
   * @return 0 when it finished ok, 1 otherwise
   */
  public static int run(ExperimentCatalog.Entry entry, Map<String, String> options, String url, Path out, String command,
      long timeoutMs, Output output) throws IOException, InterruptedException {
    try (DatabaseSession db = DatabaseSession.open(url, Home.cacheDir(), output::message)) {
      String id = ResultStore.timestamp() + "-" + entry.name();
      Path dir = out != null ? out : uniqueDir(Path.of("results"), id);
      Files.createDirectories(dir);
      String started = Instant.now().toString();
      output.message("experiment " + entry.name() + " " + options + " on " + db.target().redactedUrl()
          + " (PostgreSQL " + db.serverVersion() + "); results in " + dir);
      var t = db.target();
      String app = "dbrace-" + ProcessHandle.current().pid() + "-exp-" + entry.name();
      ExperimentSpec spec = new ExperimentSpec(entry.name(), t.host(), t.port(), t.database(), t.user(),
          app.length() > 63 ? app.substring(0, 63) : app, options, null, t.sslMode(), t.sslRootCert());
      Path java = Path.of(System.getProperty("java.home"), "bin", "java");
      Outcome o = runParts(java, entry, spec, t.password(), dir, timeoutMs, output);
      ExperimentRun run = new ExperimentRun(id, entry.name(), entry.description(), Secrets.redact(command), started,
          Instant.now().toString(), o.status(), o.message(), db.target().redactedUrl(), db.serverVersion(), options,
          o.result());
      write(dir.resolve(FILE), run);
      output.finished(run, dir.resolve(FILE));
      writeReport(dir, output);
      return o.status() == RunStatus.OK ? 0 : 1;
    }
  }

  private record Outcome(RunStatus status, String message, ExperimentResult result) {}

  /**
   * The main part, then each companion told what was measured before it; their results merged. A
   * companion that fails leaves the main part's figures standing, and the run says which part failed.
   */
  private static Outcome runParts(Path java, ExperimentCatalog.Entry entry, ExperimentSpec spec, String password,
      Path dir, long timeoutMs, Output output) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    List<ExperimentCatalog.Part> parts = entry.parts();
    Outcome main = runWorker(java, entry.name(), parts.get(0), spec, password, dir, deadline, output);
    if (main.result() == null || parts.size() == 1) {
      return main;
    }
    ExperimentResult merged = main.result();
    List<String> failed = new ArrayList<>();
    for (ExperimentCatalog.Part part : parts.subList(1, parts.size())) {
      output.message(entry.name() + ": the " + part.module() + " part, in a worker of its own");
      Path partDir = dir.resolve(part.module());
      Files.createDirectories(partDir);
      Outcome o = runWorker(java, entry.name(), part, spec.after(merged), password, partDir, deadline, output);
      if (o.result() != null) {
        merged = merged.merge(o.result());
      } else {
        failed.add("the " + part.module() + " part " + o.status() + ": " + o.message());
      }
    }
    return failed.isEmpty() ? new Outcome(RunStatus.OK, null, merged)
        : new Outcome(RunStatus.PARTIAL, String.join("; ", failed), merged);
  }

  private static Outcome runWorker(Path java, String name, ExperimentCatalog.Part part, ExperimentSpec spec,
      String password, Path dir, long deadline, Output output) throws IOException, InterruptedException {
    try (WorkerProcess w = WorkerProcess.start(java, part.workerJvmArgs(), part.classpath(), WORKER_MAIN, spec,
        password, dir)) {
      while (true) {
        WorkerProcess.Message m = w.next(250);
        if (m == null) {
          if (System.nanoTime() > deadline) {
            w.kill();
            return new Outcome(RunStatus.HUNG, "stopped at the --timeout", null);
          }
          continue;
        }
        switch (m.type()) {
          case PROGRESS -> output.message(name + ": " + Secrets.redact(m.body().path("message").asText()));
          case RESULT -> {
            ExperimentResult r = Json.MAPPER.treeToValue(m.body().path("result"), ExperimentResult.class);
            w.waitFor(10_000);
            return new Outcome(RunStatus.OK, null, r);
          }
          case BAD_INPUT -> throw new UserError(m.body().path("message").asText());
          case ERROR -> {
            w.waitFor(5_000);
            return new Outcome(RunStatus.FAILED, Secrets.redact(m.body().path("message").asText()), null);
          }
          case EOF -> {
            w.waitFor(5_000);
            return new Outcome(RunStatus.CRASHED, "the worker exited with code " + w.exitCode() + " before reporting a result: "
                + String.join(" | ", w.stderrTail(5)), null);
          }
          default -> { } // stray output; worker.stderr.log has the details
        }
      }
    }
  }

  private static void write(Path file, ExperimentRun run) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(run));
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void writeReport(Path dir, Output output) {
    try {
      output.reportWritten(HtmlReport.write(dir));
    } catch (Exception | LinkageError e) {
      output.message("could not write the HTML report: " + Secrets.redact(String.valueOf(e.getMessage()))
          + " (" + FILE + " is complete; retry with ./dbrace report " + dir + ")");
    }
  }

  private static Path uniqueDir(Path parent, String id) {
    Path dir = parent.resolve(id);
    for (int n = 2; Files.exists(dir); n++) {
      dir = parent.resolve(id + "-" + n);
    }
    return dir;
  }

}
