package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RacePlan;
import dev.dbrace.runner.RaceRunner;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.ResultStore;
import dev.dbrace.runner.RunListener;
import dev.dbrace.runner.RunSubject;
import dev.dbrace.runner.fork.StackCatalog;
import dev.dbrace.service.host.ServiceProcess;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service whose process dies mid-run: the rest of its requests are refused connections, errors
 * that a run must not call ok. The service is a real process (resources/services/DyingService.java,
 * run by the JDK's source launcher) that exits after its 40th answer; the run ends {@code crashed}
 * with those 40 answers kept.
 */
public class ServiceDeathIT {
  static final int ANSWERED = 40;

  @Test
  void aServiceWhoseProcessDiesMidRunEndsTheRunAsCrashedWithItsFiguresKept(@TempDir Path out) throws Exception {
    Path source = out.resolve("DyingService.java");
    try (InputStream in = ServiceDeathIT.class.getResourceAsStream("/services/DyingService.java")) {
      Files.copy(in, source);
    }
    int port = ServiceProcess.freePort();
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process service = new ProcessBuilder(java.toString(), "-Xmx64m", source.toString(), Integer.toString(port),
        Integer.toString(ANSWERED)).redirectErrorStream(true).start();
    try {
      var stdout = new BufferedReader(new InputStreamReader(service.getInputStream(), StandardCharsets.UTF_8));
      assertEquals("ready", stdout.readLine(), "the test's service did not start");
      race(out.resolve("results"), "http://127.0.0.1:" + port, service);
      JsonNode run = Json.MAPPER.readTree(out.resolve("results/race.json").toFile()).path("runs").get(0);
      String message = run.path("message").asText();
      assertEquals("crashed", run.path("status").asText(), message);
      assertTrue(message.contains("exited") && message.contains("during the run"), message);
      assertEquals(ANSWERED, run.path("ops").asLong(), "the answers measured before the service died are kept");
      assertTrue(run.path("errors").asLong() > 0, "the refused requests are errors: " + run);
    } finally {
      service.destroyForcibly().waitFor();
    }
  }

  /** One service-level run of /db against {@code url}, whose process is {@code service}. */
  private static void race(Path out, String url, Process service) throws Exception {
    var endpoint = Endpoints.forEndpoint("/db");
    var settings = RaceSettings.builder().level(RaceSettings.Level.SERVICE).stacks(List.of("dying-service"))
        .workload(endpoint).load(new LoadModel.Closed(400, 0, 4)).pool(4).concurrency(4).threads(0).warmupMs(0)
        .warmupMaxMs(60_000).seed(42).workerJvmArgs(List.of("-Xmx128m")).java(Path.of(System.getProperty("java.home"), "bin", "java"))
        .guards(new RaceSettings.Guards(10_000, 300_000, 2_000, 2_000)).build();
    StackCatalog catalog = StackCatalog.generators(Home.dir());
    RunSubject subject = (name, load, runDir, app, jvmArgs) -> new RunSubject.Started(catalog.get("http"),
        Map.of("url", url, "timeoutMs", "2000", "connections", "4"), service.pid(), List.of(), Map.of(), service::destroy);
    EmbeddedPostgres pg = TestDb.get();
    try (var admin = pg.target().connect()) {
      Race header = new Race("test", "serve-race", "test", "now", null, null, null, endpoint, null, List.of(), List.of(), null);
      RaceRunner runner = new RaceRunner(settings, pg.target(), admin, subject, new ResultStore(out, header), new RunListener() { });
      new RacePlan.Fixed().execute(runner);
      assertEquals(1, runner.snapshot().size());
    }
  }
}
