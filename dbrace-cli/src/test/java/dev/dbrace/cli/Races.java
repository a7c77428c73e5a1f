package dev.dbrace.cli;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.RaceSession;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.StackCatalog;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Runs short real races for tests: real workers, real database, the runner's own code path. */
public final class Races {
  private Races() {}

  static RaceSettings settings(List<String> stacks, WorkloadSpec workload, LoadModel load, int pool, long warmupMs) {
    return settings(stacks, workload, load, pool, warmupMs, 60_000);
  }

  /** With {@code --warmup-max} of {@code warmupMaxMs}. */
  static RaceSettings settings(List<String> stacks, WorkloadSpec workload, LoadModel load, int pool, long warmupMs,
      long warmupMaxMs) {
    return RaceSettings.builder().level(RaceSettings.Level.DRIVER).stacks(stacks).workload(workload).load(load).pool(pool)
        .concurrency(load instanceof LoadModel.Closed c ? c.concurrency() : 1).threads(50).warmupMs(warmupMs)
        .warmupMaxMs(warmupMaxMs).seed(42)
        .workerJvmArgs(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow", "-Xmx256m"))
        .java(Path.of(System.getProperty("java.home"), "bin", "java")).guards(new RaceSettings.Guards(20_000, 120_000, 10_000, 0))
        .build();
  }

  static List<RunRecord> run(RaceSettings settings, Path out, RunListener listener) throws Exception {
    return run(settings, new RacePlan.Fixed(), out, listener);
  }

  /** Runs a plan (curve, capacity search) the way RaceSession does, minus the console. */
  static List<RunRecord> run(RaceSettings settings, RacePlan plan, Path out, RunListener listener) throws Exception {
    EmbeddedPostgres pg = TestDb.get();
    try (var admin = pg.target().connect()) {
      Race header = new Race("test", "race", "test", "now", null, null, null, settings.loadPlan().workload(), null, List.of(),
          List.of(), null);
      ResultStore store = new ResultStore(out, header);
      RaceRunner runner = new RaceRunner(settings, pg.target(), admin, StackCatalog.discover(Home.dir()), store, listener);
      plan.execute(runner);
      return runner.snapshot();
    }
  }
}
