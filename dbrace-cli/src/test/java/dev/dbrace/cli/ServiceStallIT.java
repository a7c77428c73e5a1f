package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
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
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service that stops answering: its requests only time out, one by one, and the run is stopped
 * as {@code stalled} after the stall timeout, with the answers measured until then kept, instead
 * of going on until request timeout x executions. The service is the test's own tiny HTTP server
 * on 127.0.0.1 that answers /db for its first {@link #ANSWERED} requests, then holds every request.
 */
public class ServiceStallIT {
  static final int ANSWERED = 40;
  static final int EXECUTIONS = 400;
  static final int CONCURRENCY = 4;
  static final long REQUEST_TIMEOUT_MS = 1_000;

  @Test
  void aServiceThatStopsAnsweringEndsTheRunAsStalledWithItsFiguresKept(@TempDir Path out) throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger served = new AtomicInteger();
    ExecutorService threads = Executors.newCachedThreadPool();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
    server.setExecutor(threads);
    server.createContext("/", ex -> {
      boolean health = ex.getRequestURI().getPath().equals("/health");
      if (!health && served.incrementAndGet() > ANSWERED) {
        try {
          release.await(); // hung: never answers while the run lasts
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        ex.close();
        return;
      }
      byte[] body = (health ? "ok" : "{\"id\":1,\"randomNumber\":2}").getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().add("content-type", health ? "text/plain" : "application/json");
      ex.sendResponseHeaders(200, body.length);
      ex.getResponseBody().write(body);
      ex.close();
    });
    server.start();
    try {
      long took = race(out, "http://127.0.0.1:" + server.getAddress().getPort());
      JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
      JsonNode run = race.path("runs").get(0);
      assertEquals("stalled", run.path("status").asText(), run.path("message").asText());
      assertTrue(run.path("message").asText().contains("answered nothing for 3 s"), run.path("message").asText());
      assertEquals(ANSWERED, run.path("ops").asLong(), "the answers measured before the stall are kept");
      assertTrue(run.path("errors").asLong() > 0, "the requests that timed out are errors: " + run);
      // a guard that took each timeout for progress would stop it only after (400 - 40) / 4 x 1 s = 90 s
      long old = (EXECUTIONS - ANSWERED) / CONCURRENCY * REQUEST_TIMEOUT_MS / 1000;
      assertTrue(took < old / 3, "stopped in " + took + " s, not after " + old + " s of timeouts");
    } finally {
      release.countDown();
      server.stop(0);
      threads.shutdownNow();
    }
  }

  /** One service-level run of /db against {@code url}: stall timeout 3 s, request timeout 1 s; its seconds. */
  private static long race(Path out, String url) throws Exception {
    var endpoint = Endpoints.forEndpoint("/db");
    var settings = RaceSettings.builder().level(RaceSettings.Level.SERVICE).stacks(List.of("hung-service"))
        .workload(endpoint).load(new LoadModel.Closed(EXECUTIONS, 0, CONCURRENCY)).pool(4).concurrency(CONCURRENCY).threads(0)
        .warmupMs(0).warmupMaxMs(60_000).seed(42).workerJvmArgs(List.of("-Xmx128m"))
        .java(Path.of(System.getProperty("java.home"), "bin", "java"))
        .guards(new RaceSettings.Guards(3_000, 300_000, 2_000, REQUEST_TIMEOUT_MS)).build();
    StackCatalog catalog = StackCatalog.generators(Home.dir());
    RunSubject service = (name, load, runDir, app, jvmArgs) -> new RunSubject.Started(catalog.get("http"),
        Map.of("url", url, "timeoutMs", Long.toString(REQUEST_TIMEOUT_MS), "connections", Integer.toString(CONCURRENCY)),
        0, List.of(), Map.of(), () -> { });
    EmbeddedPostgres pg = TestDb.get();
    long t0 = System.nanoTime();
    try (var admin = pg.target().connect()) {
      Race header = new Race("test", "serve-race", "test", "now", null, null, null, endpoint, null, List.of(), List.of(), null);
      RaceRunner runner = new RaceRunner(settings, pg.target(), admin, service, new ResultStore(out, header), new RunListener() { });
      new RacePlan.Fixed().execute(runner);
      List<RunRecord> runs = runner.snapshot();
      assertEquals(1, runs.size());
    }
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
  }
}
