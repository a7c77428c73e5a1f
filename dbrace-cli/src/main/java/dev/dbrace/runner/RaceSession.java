package dev.dbrace.runner;

import dev.dbrace.cli.Main;
import dev.dbrace.cli.RunCommand;
import dev.dbrace.cli.console.ConsoleProgress;
import dev.dbrace.cli.console.ConsoleTable;
import dev.dbrace.cli.console.FaultTable;
import dev.dbrace.cli.console.SpikeLines;
import dev.dbrace.core.result.IdleConnections;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.probe.EnvironmentProbe;
import dev.dbrace.runner.service.SameBodies;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * One race from start to end: the database session, the results folder, the runner, the
 * Ctrl-C hook that keeps what was measured, and the final table.
 */
public final class RaceSession {
  private static final java.util.concurrent.atomic.AtomicBoolean INTERRUPTED = new java.util.concurrent.atomic.AtomicBoolean();

  private RaceSession() {}

  /**
   * True once Ctrl-C (or SIGTERM) cut a race short. The race's own thread runs on meanwhile into a
   * database and workers that are going away; what it then fails with is no news to the user.
   */
  /** How long Ctrl-C waits for the run going on to report its figures so far. */
  static final long CUT_SHORT_WAIT_MS = 5_000;

  public static boolean interrupted() {
    return INTERRUPTED.get();
  }

  /** What the runs exercise, made once the database is up (the service level needs its address and users). */
  public interface SubjectFactory {
    RunSubject open(RaceSettings settings, DatabaseSession db);
  }

  /** The whole race: the database up, the runs of the request's plan, the table, race.json and the report. */
  public static int run(RaceRequest request) throws IOException, InterruptedException {
    RaceSettings settings = request.settings();
    RacePlan plan = request.plan();
    Race.Sla sla = request.sla();
    SubjectFactory subjects = request.subjects();
    FaultPlan faults = request.faults();
    Path out = request.out();
    PrintStream err = System.err;
    try (DatabaseSession db = DatabaseSession.open(request.url(), request.engine(), Main.cacheDir(),
        msg -> err.println("dbrace: " + msg), request.setup(), request.dbCpus())) {
      // an endpoint names the service level's workload: /queries?queries=20 -> queries-queries-20
      String id = RunCommand.timestamp() + "-" + settings.workload().name().replaceAll("[^A-Za-z0-9._-]+", "-")
          .replaceAll("^-+|-+$", "");
      Path dir = out != null ? out : uniqueDir(Path.of("results"), id);
      Files.createDirectories(dir);
      // the subject first: at the service level it sets up E4's data sources, which race.json's header records
      RunSubject subject = subjects == null ? RunSubject.stacks(StackCatalog.discover(Main.home()), settings)
          : subjects.open(settings, db);
      Race header = new Race(id, plan.kind(), Secrets.redact(request.command()), Instant.now().toString(), null,
          EnvironmentProbe.of(Main.home(), db).withDataSources(subject.dataSources()), settingsOf(settings, plan, db.target()),
          settings.workload(), sla, List.of(), List.of(), null);
      ResultStore store = new ResultStore(dir, header);
      store.save(List.of());
      err.println("dbrace: " + plan.kind() + " of " + settings.stacks().size() + (subjects == null ? " stacks" : " services")
          + ", workload " + settings.workload().name() + ", "
          + describe(plan, settings, sla) + ", pool " + settings.pool() + " on " + db.target().redactedUrl()
          + " (" + db.engine().label() + " " + db.serverVersion()
          + (db.target().sslMode() == null ? "" : ", sslmode " + db.target().sslMode()) + "); results in " + dir);
      RaceRunner runner = new RaceRunner(settings, db.target(), db.admin(), subject, store,
          new ConsoleProgress(err, request.tty(), settings.warmupMs(), settings.warmupMaxMs()));
      if (faults != null) {
        runner.faults(faults, db.embeddedServer());
        err.println("dbrace: faults in every run: " + faults.faults().stream().map(FaultPlan.Fault::describe)
            .collect(java.util.stream.Collectors.joining(", ")) + " (from the start of the measured phase)");
      }
      Thread hook = new Thread(() -> {
        INTERRUPTED.set(true);
        runner.interrupt(CUT_SHORT_WAIT_MS); // the run going on reports what it measured, if it can in time
        List<RunRecord> kept = runner.snapshot();
        store.saveInterrupted(kept);
        err.println("dbrace: interrupted: " + dir.resolve("race.json") + " keeps the " + kept.size()
            + " finished run" + (kept.size() == 1 ? "" : "s") + "; the one cut short is marked interrupted");
        writeReport(dir, err);
      }, "dbrace-save-on-exit");
      Runtime.getRuntime().addShutdownHook(hook);
      plan.execute(runner);
      List<RunRecord> runs = runner.snapshot();
      Runtime.getRuntime().removeShutdownHook(hook);
      dev.dbrace.core.result.Verdict verdict = plan.verdict(runs, sla);
      if (verdict != null) {
        store.verdict(verdict);
        store.save(runs);
      }
      System.out.println();
      TlsDiffers.line(runs).ifPresent(System.out::println);
      ConsoleTable.print(System.out, runs);
      IdleConnections.sentence(runs).ifPresent(System.out::println);
      if (faults != null) {
        System.out.println();
        FaultTable.print(System.out, runs);
      }
      if (SpikeLines.any(runs)) {
        System.out.println();
        SpikeLines.print(System.out, runs);
      }
      if (plan instanceof CapacitySearch search) {
        System.out.println();
        ConsoleTable.printCapacity(System.out, search.verdicts(), sla);
      }
      SameBodies.line(runs).ifPresent(line -> {
        System.out.println();
        System.out.println(line);
      });
      if (verdict != null) {
        System.out.println();
        System.out.println("verdict: " + verdict.text());
      }
      System.out.println();
      if (runs.stream().anyMatch(r -> r.loadModel() instanceof dev.dbrace.core.load.LoadModel.Closed)) {
        System.out.println("closed loop: latency is from issue to completion; time waiting for a free slot is not in it;"
            + " ops/s counts verified completions within the measured window.");
      }
      if (runs.stream().anyMatch(r -> r.loadModel() instanceof dev.dbrace.core.load.LoadModel.Open)) {
        System.out.println("open loop: latency is from each operation's intended start, queueing included; not issued = arrivals"
            + " refused at the in-flight limit; the percentiles rank them as the worst (at the slowest latency measured).");
      }
      if (runs.stream().anyMatch(r -> r.result().unfinished() > 0)) {
        System.out.println("unfinished: operations still in flight at the drain timeout; each is in the percentiles with its age then,"
            + " and counted with the errors.");
      }
      if (db.engine() == Engine.POSTGRESQL) {
        System.out.println("server xact, server stmts/client: from the worker's start"
            + (subjects == null ? "" : " (the service's: once it was up)")
            + " until its connections closed, warm-up and pre-warm included, not only the measured phase; xact also counts"
            + " connection set-up and a few of dbrace's own reads; stmts: pg_stat_statements calls of the workload's SQL vs"
            + (subjects == null ? " statements the client's verified operations sent (an ORM's session answers a repeated find itself)."
                : " requests the generator verified (not compared: each request runs the service's own statements)."));
      } else {
        System.out.println("server commits and statements: not available on " + db.engine().label()
            + " (PostgreSQL's pg_stat_database and pg_stat_statements only).");
      }
      System.out.println("results: " + dir.resolve("race.json"));
      writeReport(dir, err);
      long bad = runs.stream().filter(r -> !r.ok()).count();
      return bad == 0 ? 0 : 1;
    }
  }

  /** The HTML report of what is in race.json now; a report problem is told, never fatal to the race. */
  private static void writeReport(Path dir, PrintStream err) {
    try {
      Path report = dev.dbrace.report.HtmlReport.write(dir);
      System.out.println("report:  " + report);
    } catch (Exception | LinkageError e) {
      err.println("dbrace: could not write the HTML report: " + Secrets.redact(String.valueOf(e.getMessage()))
          + " (race.json is complete; retry with ./dbrace report " + dir + ")");
    }
  }

  /** The race's settings; {@code sslmode} is the mode every stack was asked for (null off PostgreSQL). */
  private static Race.Settings settingsOf(RaceSettings s, RacePlan plan, dev.dbrace.db.DbTarget target) {
    return new Race.Settings(s.stacks(), s.workload().name(), s.workload().options(), s.load().describe(), s.load(),
        plan.steps(), plan.sweep(), s.pool(), s.concurrency(), s.threads(), threadPool(s), s.warmupMs(), s.seed(), s.stackOptions(),
        s.workerJvmArgs(), s.jfr(), plan.rounds(), s.warmupRule(),
        target.sslMode() == null ? null : target.sslMode().libpq(), s.requestTimeoutMs() > 0 ? s.requestTimeoutMs() : null);
  }

  /** {@code fixed} or {@code elastic} at the driver level; null for services, which have no such setting. */
  private static String threadPool(RaceSettings s) {
    if (Verdict.threads(s) < 0) {
      return null;
    }
    return s.threads() == dev.dbrace.core.spi.StackConfig.ELASTIC_THREADS ? "elastic" : "fixed";
  }

  private static String describe(RacePlan plan, RaceSettings s, Race.Sla sla) {
    return switch (plan) {
      case CurvePlan c -> c.steps().size() + " steps from " + s.load().describe() + (sla == null ? "" : ", SLA " + sla.describe())
          + (c.rounds() > 1 ? ", " + c.rounds() + " rounds per step" : "");
      case CapacitySearch c -> "SLA " + sla.describe() + ", closed-loop probe then open-loop steps";
      default -> s.load().describe() + (plan.rounds() > 1 ? ", " + plan.rounds() + " rounds interleaved" : "");
    };
  }

  private static Path uniqueDir(Path parent, String id) {
    Path dir = parent.resolve(id);
    for (int n = 2; Files.exists(dir); n++) {
      dir = parent.resolve(id + "-" + n);
    }
    return dir;
  }
}
