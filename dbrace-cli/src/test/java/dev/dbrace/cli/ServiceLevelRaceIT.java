package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.runner.service.ServiceSubject;
import dev.dbrace.runner.service.ServiceVersions;
import dev.dbrace.service.host.RemoteStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The service level end to end: a service variant started as its own process, driven over HTTP by
 * the generator's worker, every answer verified, the service's process measured, and the
 * database's count of the service's statements beside the requests.
 */
public class ServiceLevelRaceIT {
  static List<RunRecord> serveRace(List<String> services, String endpoint, long executions, int concurrency, Path out)
      throws Exception {
    WorkloadSpec workload = Endpoints.forEndpoint(endpoint);
    RaceSettings settings = Races.settings(services, workload, new LoadModel.Closed(executions, 0, concurrency), 4, 300);
    EmbeddedPostgres pg = TestDb.get();
    try (var admin = pg.target().connect(); RemoteStub remote = RemoteStub.start(50, 150)) {
      Race header = new Race("test", "race", "test", "now", null, null, null, workload, null, List.of(), List.of(), null);
      ServiceSubject subject = new ServiceSubject(ServiceCatalog.discover(Home.dir()), StackCatalog.generators(Home.dir()),
          settings, pg.target(), remote.url(), Map.of("connections", Integer.toString(concurrency)));
      RaceRunner runner = new RaceRunner(settings, pg.target(), admin, subject, new ResultStore(out, header), new RunListener() {});
      runner.run(1);
      return runner.snapshot();
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "vertx-web, /db, 400, 1",
      "vertx-web, /queries?queries=5, 200, 5",
      "vertx-web, /updates?queries=3, 100, 6",
      "vertx-web, /fortunes, 200, 1",
      "vertx-web, /film, 200, 1",
      "vertx-web, /notifications, 40, 2"})
  void everyAnswerVerifiedAndCountedOnBothSides(String service, String endpoint, long executions, int statementsPerRequest,
      @TempDir Path out) throws Exception {
    RunRecord r = serveRace(List.of(service), endpoint, executions, 8, out).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(executions, r.result().issued());
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertEquals(0, r.result().errors(), () -> "errors: " + r.result().errorSamples());
    assertEquals(executions, r.result().ops());

    // the figures are the service's process; the generator's are beside them
    assertNotNull(r.process(), "service process figures");
    assertTrue(r.process().cpuUserS() + r.process().cpuSysS() > 0, "the service worked: " + r.process());
    assertTrue(r.process().peakThreads() > 1 && r.process().peakRssMb() > 10, r.process().toString());
    assertNotNull(r.generator(), "generator figures");

    // the database ran what the service claims: at least the contract's statements per request (warm-up included)
    assertNotNull(r.server().statementCalls());
    assertTrue(r.server().statementCalls() >= r.result().ops() * statementsPerRequest,
        "server calls " + r.server().statementCalls() + " for " + r.result().ops() + " requests x " + statementsPerRequest);

    String log = Files.readString(out.resolve("runs").resolve(service).resolve("service.log"));
    assertFalse(log.contains(TestDb.get().target().password()), "no password in the service's log");
    assertFalse(Files.readString(out.resolve("race.json")).contains(TestDb.get().target().password()));
  }

  /** Every variant answers every endpoint of the contract, each answer checked by the generator. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"mvc-jdbc", "mvc-virtual", "webflux-blocking", "webflux-r2dbc", "vertx-web",
      "quarkus-orm", "quarkus-reactive"})
  void everyVariantAnswersEveryEndpoint(String service, @TempDir Path out) throws Exception {
    RunRecord r = serveRace(List.of(service), Endpoints.ALL, 120, 6, out).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(120, r.result().issued());
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertEquals(0, r.result().errors(), () -> "errors: " + r.result().errorSamples());
    assertTrue(r.server().statementCalls() >= r.result().ops(), "at least one statement per request: " + r.server());
    assertNotNull(r.process());
    assertTrue(r.process().peakThreads() > 1, r.process().toString());
    // the service's own libraries, and the generator's under their label
    assertTrue(r.result().versions().keySet().containsAll(ServiceVersions.of(ServiceCatalog.discover(Home.dir()).get(service)).keySet())
        && r.result().versions().containsKey("generator netty-codec-http"), () -> "versions " + r.result().versions());
  }

  /**
   * E2's multiple queries through the Quarkus services: 20 finds per request are 20 selects on the
   * server (no batching, no cache across requests), counted by pg_stat_statements under the contract's
   * statement even though Hibernate writes its own SQL text. A request's ids are distinct, so its session
   * cannot answer one from its persistence context: exactly 20 selects per request, as TechEmpower counts.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"quarkus-orm", "quarkus-reactive"})
  void ormServicesIssueOneSelectPerFind(String service, @TempDir Path out) throws Exception {
    RunRecord r = serveRace(List.of(service), "/queries?queries=20", 150, 8, out).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(150, r.result().ops(), () -> "errors: " + r.result().errorSamples());
    // the server's counters are read around warm-up and measurement; the client's count covers both
    long requests = r.result().ops() + r.result().warmup().ops();
    assertEquals(requests, r.server().clientStatements(), r.server().toString());
    long calls = r.server().statementCalls();
    assertEquals(requests * 20, calls, "server selects for " + requests + " requests x 20: batched, cached or more?");
  }

  /** Two variants in one race: each its own fresh process, figures side by side and consistent. */
  @Test
  void twoVariantsRaceSideBySide(@TempDir Path out) throws Exception {
    List<RunRecord> runs = serveRace(List.of("mvc-jdbc", "vertx-web"), "/db", 300, 8, out);
    assertEquals(List.of("mvc-jdbc", "vertx-web"), runs.stream().map(RunRecord::stack).toList());
    for (RunRecord r : runs) {
      assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
      assertEquals(300, r.result().ops(), () -> "errors: " + r.result().errorSamples());
      assertTrue(r.server().statementCalls() >= r.result().ops());
      assertTrue(r.result().throughputOpsS() > 0 && r.result().latencyMs().p50() > 0);
    }
    // a blocking Tomcat service holds more threads than the event-loop one
    assertTrue(runs.get(0).process().peakThreads() > runs.get(1).process().peakThreads(),
        runs.get(0).process() + " vs " + runs.get(1).process());
    assertTrue(Files.exists(out.resolve("runs/mvc-jdbc/process.csv")) && Files.exists(out.resolve("runs/vertx-web/process.csv")));
  }

  /**
   * E4's scenario, reduced: 50 users at once, remote calls of 50-150 ms (the helper's stub); the slow source pg_sleep
   * and the second source the fortune query (no E4 sources set up, so vertx-web gets no DBRACE_MONGO_URL), so that the
   * remote calls' overlap is what is measured: through the command line every variant of Vert.x, Quarkus and Spring
   * reads the embedded FerretDB, which answers a few queries a second here and would be the bottleneck
   * (E4NotificationSourcesIT races them on it).
   */
  @Test
  void notificationScenarioWaitsForItsSlowestSource(@TempDir Path out) throws Exception {
    RunRecord run = serveRace(List.of("vertx-web"), "/notifications", 100, 50, out).get(0);
    assertEquals("ok", run.status().label(), () -> run.message() + " " + run.stderrTail());
    assertEquals(100, run.result().ops());
    assertEquals(0, run.result().errors(), () -> "errors: " + run.result().errorSamples());
    // every answer waited for the remote call (>= 50 ms) and no answer waited for two in a row
    var latency = run.result().latencyMs();
    assertTrue(latency.p50() >= 50, latency.toString());
    assertTrue(latency.p50() < 2000, latency.toString());
    // the remote calls run side by side: by Little's law the requests in flight on average are throughput x mean
    // latency, whatever the machine's speed; a client capped at 5 connections (Vert.x's default) keeps it at 5 or less
    double inFlight = run.result().throughputOpsS() * latency.mean() / 1000;
    assertTrue(inFlight > 10, () -> "remote calls serialized? " + inFlight + " in flight on average: " + run);
  }

  /**
   * The generator's connections are sized per run, as --connections documents: a capacity search's
   * closed-loop probe at 64 in flight gets 64, its open-loop steps 256 (not the probe's 64), a
   * closed load its concurrency up to 1,024; --connections, when given, holds for every run.
   */
  @Test
  void theGeneratorsConnectionsFollowEachRunsLoad() {
    ServiceSubject byLoad = new ServiceSubject(null, null, null, null, "http://127.0.0.1:1", Map.of());
    LoadModel.Open step = new LoadModel.Open(500, 1000, 1024, "constant");
    assertEquals("64", byLoad.generatorOptions(new LoadModel.Closed(0, 1000, 64)).get("connections"));
    assertEquals("256", byLoad.generatorOptions(step).get("connections"));
    assertEquals("1024", byLoad.generatorOptions(new LoadModel.Closed(0, 1000, 5000)).get("connections"));
    ServiceSubject given = new ServiceSubject(null, null, null, null, "http://127.0.0.1:1", Map.of("connections", "10"));
    assertEquals("10", given.generatorOptions(step).get("connections"));
    assertEquals("10", given.generatorOptions(new LoadModel.Closed(0, 1000, 64)).get("connections"));
  }

  @Test
  void anUnknownEndpointIsOneLineAndExit2() {
    Cli.Result r = Cli.run("serve-race", "--endpoint", "/nope");
    assertOneLineError(r, "unknown endpoint '/nope'");
  }

  @Test
  void anUnknownScenarioAtTheServiceLevelIsOneLineAndExit2() {
    Cli.Result r = Cli.run("capacity", "--level", "service", "--scenario", "nope", "--sla", "p99=10ms");
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("unknown scenario 'nope' (known at the service level: hibernate, node-e5, notification)"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  @Test
  void anUnknownServiceIsOneLineAndExit2() {
    Cli.Result r = Cli.run("serve-race", "--services", "nope");
    assertOneLineError(r, "unknown service 'nope'");
  }
}
