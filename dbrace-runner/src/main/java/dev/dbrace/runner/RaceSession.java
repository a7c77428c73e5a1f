package dev.dbrace.runner;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.HtmlReport;
import dev.dbrace.runner.fault.FaultPlan;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.probe.EnvironmentProbe;
import dev.dbrace.runner.shared.SharedRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * One race from start to end: the database session, the results folder, the runner, the Ctrl-C hook that keeps what
 * was measured, the verdict and the report. What a person sees of it goes through the {@link RunListener} the
 * command gives it.
 */
public final class RaceSession {
  private static final AtomicBoolean INTERRUPTED = new AtomicBoolean();

  private RaceSession() {}

  /** How long Ctrl-C waits for the run going on to report its figures so far. */
  static final long CUT_SHORT_WAIT_MS = 5_000;

  /**
   * True once Ctrl-C (or SIGTERM) cut a race short. The race's own thread runs on meanwhile into a
   * database and workers that are going away; what it then fails with is no news to the user.
   */
  public static boolean interrupted() {
    return INTERRUPTED.get();
  }

  /** What the runs exercise, made once the database is up (the service level needs its address and users). */
  public interface SubjectFactory {
    RunSubject open(RaceSettings settings, DatabaseSession db);
  }

  /**
   * The whole race: the database up, the runs of the request's plan, race.json and the report, each step told to
   * {@code output}.
   *
   * @return 0 when every run finished ok, 1 otherwise
   */
  public static int run(RaceRequest request, RunListener output) throws IOException, InterruptedException {
    RaceSettings settings = request.settings();
    RacePlan plan = request.plan();
    Race.Sla sla = request.sla();
    SubjectFactory subjects = request.subjects();
    FaultPlan faults = request.faults();
    Path out = request.out();
    SharedRuns shared = request.shared();
    try (DatabaseSession db = DatabaseSession.open(request.url(), request.engine(), Home.cacheDir(), output::message,
        request.setup(), request.dbCpus(), shared == null ? null : shared.reach())) {
      // an endpoint names the service level's workload: /queries?queries=20 -> queries-queries-20
      String id = ResultStore.timestamp() + "-" + settings.loadPlan().workload().name().replaceAll("[^A-Za-z0-9._-]+", "-")
          .replaceAll("^-+|-+$", "");
      Path dir = out != null ? out : uniqueDir(Path.of("results"), id);
      Files.createDirectories(dir);
      // the subject first: at the service level it sets up E4's data sources, which race.json's header records
      RunSubject subject = subjects == null ? RunSubject.stacks(StackCatalog.discover(Home.dir()), settings)
          : subjects.open(settings, db);
      Race header = new Race(id, plan.kind(), Secrets.redact(request.command()), Instant.now().toString(), null,
          EnvironmentProbe.of(Home.dir(), db).withDataSources(subject.dataSources()), settings.record(plan, db.target()),
          settings.loadPlan().workload(), sla, List.of(), List.of(), null);
      ResultStore store = new ResultStore(dir, header);
      store.save(List.of());
      output.raceStarted(new RunListener.RaceStarted(plan.kind() + " of " + settings.subjects().stacks().size()
          + (settings.serviceLevel() ? " services" : " stacks") + ", workload " + settings.loadPlan().workload().name() + ", "
          + describe(plan, settings, sla) + ", pool " + settings.setup().pool() + " on " + db.target().redactedUrl()
          + " (" + db.engine().label() + " " + db.serverVersion()
          + (db.target().sslMode() == null ? "" : ", sslmode " + db.target().sslMode()) + "); results in " + dir, settings));
      RaceRunner runner = new RaceRunner(settings, db.target(), db.admin(), subject, store, output);
      if (shared != null) {
        runner.workers(shared.site());
        output.message("every run shared by " + shared.agents() + " agents: " + String.join(", ", shared.hosts())
            + (settings.serviceLevel() ? " (each generates its part of the load and opens its part of the connections; "
                + "the services run here, listening on " + shared.address() + ")"
                : " (each its part of the load, with a pool of " + settings.setup().pool() + " of its own)"));
      }
      if (faults != null) {
        runner.faults(faults, db.embeddedServer());
        output.message("faults in every run: " + faults.faults().stream().map(FaultPlan.Fault::describe)
            .collect(Collectors.joining(", ")) + " (from the start of the measured phase)");
      }
      Thread hook = new Thread(() -> {
        INTERRUPTED.set(true);
        runner.interrupt(CUT_SHORT_WAIT_MS); // the run going on reports what it measured, if it can in time
        List<RunRecord> kept = runner.snapshot();
        store.saveInterrupted(kept);
        output.message("interrupted: " + dir.resolve("race.json") + " keeps the " + kept.size()
            + " finished run" + (kept.size() == 1 ? "" : "s") + "; the one cut short is marked interrupted");
        writeReport(dir, output);
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
      output.raceFinished(new RunListener.RaceFinished(runs, verdict,
          plan instanceof CapacitySearch search ? search.verdicts() : List.of(), sla, faults != null, db.engine(),
          settings.serviceLevel(), dir.resolve("race.json")));
      writeReport(dir, output);
      long bad = runs.stream().filter(r -> !r.ok()).count();
      return bad == 0 ? 0 : 1;
    }
  }

  /** The HTML report of what is in race.json now; a report problem is told, never fatal to the race. */
  private static void writeReport(Path dir, RunListener output) {
    try {
      output.reportWritten(HtmlReport.write(dir));
    } catch (Exception | LinkageError e) {
      output.message("could not write the HTML report: " + Secrets.redact(String.valueOf(e.getMessage()))
          + " (race.json is complete; retry with ./dbrace report " + dir + ")");
    }
  }

  private static String describe(RacePlan plan, RaceSettings s, Race.Sla sla) {
    return switch (plan) {
      case CurvePlan c -> c.steps().size() + " steps from " + s.loadPlan().load().describe()
          + (sla == null ? "" : ", SLA " + sla.describe())
          + (c.rounds() > 1 ? ", " + c.rounds() + " rounds per step" : "");
      case CapacitySearch c -> "SLA " + sla.describe() + ", closed-loop probe then open-loop steps";
      default -> s.loadPlan().load().describe() + (plan.rounds() > 1 ? ", " + plan.rounds() + " rounds interleaved" : "");
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
