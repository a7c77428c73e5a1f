package dev.dbrace.runner.inputs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RaceSettings.Level;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.scenario.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layering, one layer at a time: the defaults alone, a scenario over them, the command line over both; what only
 * the scenario gives survives the command line, and a setting refused where it does not apply stays refused, with its
 * one line. Scripted layers, no database, no process, no stack catalog.
 */
class RaceResolutionTest {
  /** A closed load of its own, every setting differing from its default. */
  private static final String FILE = """
      name: layers
      operations:
        - {name: read, sql: "select id from world where id = $1", params: [{uniform: {min: 1, max: 10000}}]}
      stacks: [vertx]
      pool: 3
      seed: 7
      database: {engine: mariadb}
      load: {model: closed, concurrency: 2, executions: 40, warmup: 1s, rounds: 2}
      """;

  @TempDir Path dir;

  private Scenario scenario(String text) throws IOException {
    return Scenario.load(Files.writeString(dir.resolve("layers.yaml"), text), null);
  }

  private static RaceResolution resolve(RaceInputs commandLine, Scenario scenario) {
    return new RaceResolution(commandLine, scenario, Level.DRIVER, Defaults.Command.RUN);
  }

  private static RaceSettings settings(RaceResolution r) {
    return r.settings(List.of("vertx"), r.workload(null), r.loadModel(), r.concurrency(), r.warmup());
  }

  @Test
  void theDefaultsAlone() {
    RaceResolution run = resolve(RaceInputs.none(), null);
    assertEquals(Defaults.POOL, run.pool());
    assertEquals(Defaults.SEED, run.seed());
    assertEquals(Defaults.RUN_ROUNDS, run.rounds());
    assertEquals(Defaults.WARMUP_MS, run.warmup());
    assertEquals(new LoadModel.Closed(0, Defaults.RUN_DURATION.toMillis(), Defaults.CONCURRENCY), run.loadModel());
    assertEquals(Defaults.WORKLOAD, run.workload(null).name());
    assertEquals(Engine.POSTGRESQL, run.engine());
    assertNull(run.url());
    RaceSettings s = settings(run);
    assertEquals(Defaults.THREADS, s.setup().threads());
    assertEquals(Defaults.WARMUP_MAX.toMillis(), s.loadPlan().warmupMaxMs());
    assertEquals(new RaceSettings.Guards(Defaults.STALL_TIMEOUT.toMillis(), Defaults.RUN_TIMEOUT.toMillis(),
        Defaults.DRAIN_TIMEOUT.toMillis(), 0), s.guards());

    // a command's own defaults: serve-race's measured time, capacity's rounds and warm-up cap
    RaceResolution serve = new RaceResolution(RaceInputs.none(), (Scenario) null, Level.SERVICE, Defaults.Command.SERVE_RACE);
    assertEquals(new LoadModel.Closed(0, Defaults.SERVE_RACE_DURATION.toMillis(), Defaults.CONCURRENCY), serve.loadModel());
    assertEquals(Defaults.REQUEST_TIMEOUT.toMillis(), serve.requestTimeoutMs());
    assertEquals(Defaults.ENDPOINT, serve.endpoint().name());
    RaceResolution capacity = new RaceResolution(RaceInputs.none(), (Scenario) null, Level.DRIVER, Defaults.Command.CAPACITY);
    assertEquals(1, capacity.rounds());
    assertEquals(Defaults.CAPACITY_WARMUP_MAX.toMillis(), settings(capacity).loadPlan().warmupMaxMs());
  }

  @Test
  void theScenarioOverTheDefaults() throws IOException {
    RaceResolution r = resolve(RaceInputs.none(), scenario(FILE));
    assertEquals(3, r.pool());
    assertEquals(7, r.seed());
    assertEquals(2, r.rounds());
    assertEquals(1_000, r.warmup());
    assertEquals(new LoadModel.Closed(40, 0, 2), r.loadModel());
    assertEquals(Engine.MARIADB, r.engine());
    assertEquals("layers", r.workload(null).name(), "the file's operations are the workload");
    assertEquals(Defaults.THREADS, settings(r).setup().threads(), "the file says nothing: the default");
  }

  @Test
  void theCommandLineOverTheScenarioOverTheDefaults() throws IOException {
    RaceInputs commandLine = RaceInputs.of(Map.of(Input.SEED, 9L, Input.POOL, 5, Input.DURATION, 2_000L, Input.THREADS, "elastic"));
    RaceResolution r = resolve(commandLine, scenario(FILE));
    assertEquals(9, r.seed());
    assertEquals(5, r.pool());
    assertEquals(new LoadModel.Closed(0, 2_000, 2), r.loadModel(), "--duration replaces the file's executions, not its concurrency");
    assertEquals(1_000, r.warmup(), "the file's");
    assertEquals(Defaults.WARMUP_MAX.toMillis(), settings(r).loadPlan().warmupMaxMs(), "the default");
    assertEquals(StackConfig.ELASTIC_THREADS, settings(r).setup().threads());
  }

  @Test
  void aSettingGivenOnlyInTheScenarioSurvivesTheCommandLine() throws IOException {
    String file = FILE.replace("executions: 40", "duration: 4s");
    // --load open takes none of the closed file's model settings, but its duration, warm-up, rounds, pool and seed
    RaceResolution open = resolve(RaceInputs.of(Map.of(Input.LOAD, "open", Input.RATE, 50.0)), scenario(file));
    assertEquals(new LoadModel.Open(50, 4_000, Defaults.MAX_IN_FLIGHT, Defaults.ARRIVAL), open.loadModel());
    assertEquals(Defaults.CONCURRENCY, open.concurrency(), "the file's concurrency is its closed model's");
    assertEquals(1_000, open.warmup());
    assertEquals(2, open.rounds());
    assertEquals(3, open.pool());
    // a URL names its engine: the file's embedded MariaDB is not for it, the rest of the file still is
    RaceResolution url = resolve(RaceInputs.of(Map.of(Input.URL, "postgresql://u@127.0.0.1:1/d")), scenario(FILE));
    assertEquals(Engine.POSTGRESQL, url.engine());
    assertEquals(3, url.pool());
  }

  @Test
  void aSettingRefusedWhereItDoesNotApplyStaysRefused() throws IOException {
    Scenario closed = scenario(FILE);
    assertRefused("--rate is for --load open", () -> resolve(RaceInputs.of(Map.of(Input.RATE, 50.0)), closed).loadModel());
    assertRefused("a scenario file is the workload; leave out --workload",
        () -> resolve(RaceInputs.of(Map.of(Input.WORKLOAD, "point-select")), closed));
    // the file's fixed warm-up leaves the command line's cap nothing to cap
    assertRefused("--warmup-max caps --warmup auto; with a fixed --warmup it would change nothing: leave one out",
        () -> settings(resolve(RaceInputs.of(Map.of(Input.WARMUP_MAX, 10_000L)), closed)));
    assertRefused("--request-timeout is for the service level (serve-race, or --level service)",
        () -> resolve(RaceInputs.of(Map.of(Input.REQUEST_TIMEOUT, 5_000L)), null));

    // at the service level: what is the driver level's is refused from the command line, not from a file racing both
    Scenario both = scenario(FILE + "service: {endpoint: /db, request-timeout: 40s}\n");
    RaceResolution service = new RaceResolution(RaceInputs.none(), both, Level.SERVICE, Defaults.Command.CURVE);
    assertEquals(40_000, service.requestTimeoutMs());
    assertRefused("--stacks is for the driver level; at the service level choose --services and --endpoint",
        () -> new RaceResolution(RaceInputs.of(Map.of(Input.STACKS, List.of("vertx"))), both, Level.SERVICE, Defaults.Command.CURVE));
    assertEquals(0, settings(resolve(RaceInputs.none(), both)).guards().requestTimeoutMs(),
        "at the driver level the file's request timeout is not refused, and not used");
    // a guard no longer than the request timeout: grown when not given, refused when given
    assertEquals(new RaceSettings.Guards(Defaults.STALL_TIMEOUT.toMillis(), Defaults.RUN_TIMEOUT.toMillis(),
        40_000 + RaceResolution.TIMEOUT_ROOM_MS, 40_000), settings(service).guards());
    RaceResolution shortStall = new RaceResolution(RaceInputs.of(Map.of(Input.STALL_TIMEOUT, 1_000L)), both, Level.SERVICE,
        Defaults.Command.CURVE);
    assertRefused("--stall-timeout (1000 ms) must be longer than the request timeout (40000 ms): requests still in flight would"
        + " be cut before they time out", () -> settings(shortStall));
  }

  private static void assertRefused(String line, Executable resolution) {
    UserError e = assertThrows(UserError.class, resolution);
    assertEquals(line, e.getMessage());
    assertFalse(e.getMessage().contains("\n"));
  }

  @Test
  void oneLayerOverAnother() {
    RaceInputs file = RaceInputs.of(Map.of(Input.LOAD, "closed", Input.CONCURRENCY, 2, Input.EXECUTIONS, 40L, Input.POOL, 3,
        Input.ENGINE, "mariadb"));
    assertEquals(file, RaceInputs.none().over(file), "an empty layer gives the parent's");
    assertEquals(RaceInputs.of(Map.of(Input.LOAD, "closed", Input.CONCURRENCY, 9, Input.EXECUTIONS, 40L, Input.POOL, 3,
        Input.ENGINE, "mariadb")), RaceInputs.of(Map.of(Input.CONCURRENCY, 9)).over(file));
    assertEquals(RaceInputs.of(Map.of(Input.LOAD, "open", Input.POOL, 3, Input.ENGINE, "mariadb")),
        RaceInputs.of(Map.of(Input.LOAD, "open")).over(file), "another model takes none of the parent's model's settings");
    assertEquals(file, RaceInputs.of(Map.of(Input.LOAD, "closed")).over(file), "the same model keeps them");
    assertEquals(RaceInputs.of(Map.of(Input.LOAD, "closed", Input.CONCURRENCY, 2, Input.DURATION, 5_000L, Input.POOL, 3,
        Input.ENGINE, "mariadb")), RaceInputs.of(Map.of(Input.DURATION, 5_000L)).over(file), "a duration replaces executions");
    assertEquals(RaceInputs.of(Map.of(Input.LOAD, "closed", Input.CONCURRENCY, 2, Input.EXECUTIONS, 40L, Input.POOL, 3,
        Input.URL, "postgresql://u@h/d")), RaceInputs.of(Map.of(Input.URL, "postgresql://u@h/d")).over(file), "a URL names its engine");
    assertEquals(RaceInputs.none(), RaceInputs.of(Map.of(Input.POOL, 3)).with(Input.POOL, null));
  }
}
