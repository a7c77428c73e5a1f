package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.inputs.Input;
import dev.dbrace.runner.inputs.RaceInputs;
import dev.dbrace.runner.scenario.ScenarioFile;
import dev.dbrace.runner.scenario.ScenarioReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@link RequestResolver}'s layering: a setting is the command line's when given there, else the
 * scenario's, else the default, for the presets shipped under scenarios/, read like a user's file,
 * without racing (SettingLayersInRaceJsonIT shows each layer in a real race's race.json).
 */
public class RequestResolverTest {
  /** Parses {@code args} for {@code command} as picocli would and resolves them. */
  private static RequestResolver resolve(Object command, Path file, boolean servicesOnly, String... args) {
    CommandLine cl = new CommandLine(command);
    cl.parseArgs(args);
    return new RequestResolver(cl.getCommandSpec(), file, servicesOnly);
  }

  /**
   * The command line's layer is what was typed: not a default picocli holds in the field of an option not given
   * ({@link DefaultValues}), not an option that is no race input (--wide). The runner's RaceResolutionTest takes it from there.
   */
  @Test
  void theCommandLinesLayerIsWhatWasGiven() {
    RequestResolver run = resolve(new RunCommand(), null, false, "--pool", "7", "--stall-timeout", "5s", "--stacks", "vertx", "--wide");
    assertEquals(RaceInputs.of(Map.of(Input.POOL, 7, Input.STALL_TIMEOUT, 5_000L, Input.STACKS, List.of("vertx"))), run.commandLine());
    assertEquals(RaceInputs.none(), resolve(new CapacityCommand(), null, false).commandLine());
  }

  @Test
  void theHibernatePresetIsAFileTheCommandLineOverrides() {
    RequestResolver preset = resolve(new RunCommand(), null, false, "--scenario", "hibernate");
    assertEquals("queries-20", preset.workload(null).name());
    RequestResolver overridden = resolve(new RunCommand(), null, false, "--scenario", "hibernate", "--workload", "point-select");
    assertEquals("point-select", overridden.workload(null).name());
    assertEquals("/queries?queries=20", resolve(new CapacityCommand(), null, false, "--scenario", "hibernate", "--level", "service")
        .endpoint().name());
    // the file's stacks are E2's; the race's settings carry them
    RaceSettings s = preset.stackSettings(preset.workload(null), preset.loadModel(), 1, 0);
    assertEquals(List.of("hibernate-orm", "hibernate-reactive", "jdbc-platform", "vertx"), s.subjects().stacks());
  }

  @Test
  void theNodeE5PresetGivesItsLoadAndPoolUnlessTheCommandLineDoes() {
    RequestResolver e5 = resolve(new ServeRaceCommand(), null, true, "--scenario", "node-e5");
    assertEquals(5, e5.pool());
    assertEquals(5, e5.concurrency());
    assertEquals(1_000, e5.warmup());
    assertEquals(new LoadModel.Closed(10_000, 0, 5), e5.loadModel());
    assertEquals("/relations", e5.endpoint().name());

    RequestResolver mine = resolve(new ServeRaceCommand(), null, true, "--scenario", "node-e5", "--pool", "7",
        "--duration", "2s", "--concurrency", "3");
    assertEquals(7, mine.pool());
    assertEquals(new LoadModel.Closed(0, 2_000, 3), mine.loadModel(),
        "--duration replaces the file's executions");
    // --load open over the file's closed model takes none of that model's settings
    RequestResolver open = resolve(new ServeRaceCommand(), null, true, "--scenario", "node-e5", "--load", "open", "--rate", "50");
    assertInstanceOf(LoadModel.Open.class, open.loadModel());
  }

  @Test
  void theNotificationPresetIsEveryUserAtOnce() {
    RequestResolver e4 = resolve(new ServeRaceCommand(), null, true, "--scenario", "notification");
    assertEquals(new LoadModel.Closed(1_000, 0, 1_000), e4.loadModel());
    assertEquals(0, e4.warmup());
    assertEquals(Defaults.POOL, e4.pool(), "the file says no pool: the default");
    // E4's four services, unless --services says; the generator's default timeout unless --request-timeout says
    assertEquals(List.of("mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc"),
        e4.variants(Engine.POSTGRESQL, line -> { }));
    assertEquals(30_000, e4.requestTimeoutMs());
    RequestResolver mine = resolve(new ServeRaceCommand(), null, true, "--scenario", "notification", "--services", "vertx-web",
        "--request-timeout", "2.5s");
    assertEquals(List.of("vertx-web"), mine.variants(Engine.POSTGRESQL, line -> { }));
    assertEquals(2_500, mine.requestTimeoutMs());
    RaceSettings s = mine.serviceSettings(Engine.POSTGRESQL, mine.loadModel(),
        mine.concurrency(), mine.warmup());
    assertEquals(2_500, s.guards().requestTimeoutMs());
    // the drain (30 s) and stall (60 s) guards outlast the request timeout, grown where they would not
    RaceSettings e4s = e4.serviceSettings(Engine.POSTGRESQL, e4.loadModel(),
        e4.concurrency(), e4.warmup());
    assertEquals(35_000, e4s.guards().drainTimeoutMs());
    assertEquals(60_000, e4s.guards().stallTimeoutMs());
  }

  @Test
  void aScenarioFilesRequestTimeoutIsCheckedWithItsLine(@TempDir Path dir) throws Exception {
    Path file = Path.of("x.yaml");
    assertEquals(5_000, ScenarioReader.parse(file, "name: x\nservice: {endpoint: /db, request-timeout: 5s}\n", null)
        .service().requestTimeout());
    var zero = assertThrows(ScenarioReader.ScenarioError.class,
        () -> ScenarioReader.parse(file, "name: x\nservice:\n  endpoint: /db\n  request-timeout: 0ms\n", null));
    assertTrue(zero.getMessage().startsWith("x.yaml:") && zero.getMessage().contains("service.request-timeout must be 1ms..60m"),
        zero.getMessage());
    // the file's value is the race's unless the command line gives one
    Path mine = Files.writeString(dir.resolve("mine.yaml"), "name: mine\nservice: {endpoint: /db, request-timeout: 750ms}\n");
    assertEquals(750, resolve(new ServeRaceCommand(), mine, true).requestTimeoutMs());
    assertEquals(100, resolve(new ServeRaceCommand(), mine, true, "--request-timeout", "100ms").requestTimeoutMs());
  }

  @Test
  void aSettingThatCannotApplyIsRefusedNotDropped() {
    UserError services = assertThrows(UserError.class, () -> resolve(new RunCommand(), null, false, "--scenario", "notification"));
    assertTrue(services.getMessage().contains("scenario notification races services, not stacks"), services.getMessage());
    UserError stacks = assertThrows(UserError.class,
        () -> resolve(new CurveCommand(), null, false, "--level", "service", "--stacks", "vertx"));
    assertTrue(stacks.getMessage().contains("--stacks is for the driver level"), stacks.getMessage());
    UserError level = assertThrows(UserError.class, () -> resolve(new ServeRaceCommand(), null, true, "--level", "driver"));
    assertTrue(level.getMessage().contains("races services"), level.getMessage());
  }

  /** The keys the presets needed (a built-in workload:, a service: block) are checked like the rest, with the line. */
  @Test
  void theFormatsWorkloadAndServiceKeysAreChecked() {
    Path file = Path.of("x.yaml");
    var both = assertThrows(ScenarioReader.ScenarioError.class, () -> ScenarioReader.parse(file, """
        name: x
        workload: point-select
        operations: [{name: a, sql: "select 1"}]
        """, null));
    assertTrue(both.getMessage().contains("give operations or workload (a built-in one), not both"), both.getMessage());
    var unknown = assertThrows(ScenarioReader.ScenarioError.class, () -> ScenarioReader.parse(file, "name: x\nworkload: nosuch\n", null));
    assertTrue(unknown.getMessage().contains("unknown workload 'nosuch'"), unknown.getMessage());
    var endpoint = assertThrows(ScenarioReader.ScenarioError.class, () -> ScenarioReader.parse(file, """
        name: x
        service:
          endpoint: /nope
        """, null));
    assertTrue(endpoint.getMessage().startsWith("x.yaml:") && endpoint.getMessage().contains("unknown endpoint '/nope'"),
        endpoint.getMessage());
    ScenarioFile services = ScenarioReader.parse(file, "name: x\nservice: {services: [a, b]}\n", null);
    assertEquals(List.of("a", "b"), services.service().services());
  }
}
