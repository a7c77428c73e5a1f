package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * E4's measurement side through the command line, on real services against the embedded
 * PostgreSQL and dbrace's remote stub: time to first item beside the last byte, the request
 * timeout, and --jfr recording the service's own JVM.
 */
public class NotificationTimingIT {
  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  private static JsonNode run(JsonNode race, String stack) {
    for (JsonNode r : race.path("runs")) {
      if (r.path("stack").asText().equals(stack)) {
        return r;
      }
    }
    throw new AssertionError("no run of " + stack + " in " + race);
  }

  /**
   * The remote call takes 300 ms, the two database sources a few ms to 200 ms: WebFlux + R2DBC
   * streams its first item long before the remote one; Vert.x web sends the whole array at once,
   * so its first item is its last byte at every percentile (MVC's array: {@link #jfrRecordsTheServicesOwnJvm}).
   */
  @Test
  void aStreamedAnswersFirstItemComesBeforeItsLastByteABufferedOnesWithIt(@TempDir Path out) throws Exception {
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--scenario", "notification", "--services", "vertx-web,webflux-r2dbc",
        "--url", url(),
        "--concurrency", "4", "--executions", "40", "--remote-delay", "300-300", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode streamed = run(race, "webflux-r2dbc");
    JsonNode buffered = run(race, "vertx-web");
    for (JsonNode run : new JsonNode[] {streamed, buffered}) {
      assertEquals(40, run.path("ops").asLong(), run.toString());
      assertTrue(run.path("latency_ms").path("p50").asDouble() >= 300, run.path("latency_ms").toString());
      assertTrue(Files.size(out.resolve(run.path("hlog").asText()).resolveSibling("ttfb.hlog")) > 0);
    }
    double first = streamed.path("ttfb_ms").path("p50").asDouble();
    double last = streamed.path("latency_ms").path("p50").asDouble();
    assertTrue(first > 0 && first < last - 100, "streamed: first item " + first + " ms, last byte " + last + " ms");
    assertEquals(buffered.path("latency_ms"), buffered.path("ttfb_ms"), "buffered: first item = last byte");
    // the verdict says both, and the report shows the table and the dashed distributions
    String verdict = race.at("/verdict/text").asText();
    assertTrue(verdict.contains("webflux-r2dbc") && verdict.contains("(streamed)")
        && verdict.contains("vertx-web") && verdict.contains("first item = last byte"), verdict);
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("Time to first item") && html.contains("webflux-r2dbc first item"), "report without first item");
    assertFalse(r.out().contains(TestDb.get().target().password()) || r.err().contains(TestDb.get().target().password()));
  }

  /** A request slower than --request-timeout is an error of kind timeout; the setting is in race.json. */
  @Test
  void aRequestSlowerThanTheTimeoutIsATimeoutError(@TempDir Path out) throws Exception {
    // vertx-web reads MongoDB: the smallest collection, so the embedded FerretDB starts on a small copy
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--services", "vertx-web", "--endpoint", "/notifications", "--url", url(),
        "--concurrency", "4", "--executions", "12", "--warmup", "0s", "--remote-delay", "1500-1500", "--request-timeout", "250ms",
        "--mongo-docs", "3000", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(250, race.path("settings").path("request_timeout_ms").asLong());
    JsonNode run = run(race, "vertx-web");
    assertEquals(0, run.path("ops").asLong(), run.toString());
    assertEquals(12, run.path("errors").asLong(), run.toString());
    String kinds = run.path("errors_by_kind").toString();
    assertTrue(kinds.contains("timeout: ") && kinds.contains("no complete answer within N ms"), kinds);
    // failed, each after the timeout (from issue: a new connection's set-up after each reset is in it) and well
    // before the remote's 1.5 s
    assertTrue(run.path("error_latency_ms").path("p50").asDouble() >= 250, run.path("error_latency_ms").toString());
    assertTrue(run.path("error_latency_ms").path("max").asDouble() < 1200, run.path("error_latency_ms").toString());
  }

  @Test
  void aBadRequestTimeoutIsOneLineAndExit2() {
    assertOneLineError(Cli.run("serve-race", "--request-timeout", "0s"), "--request-timeout must be 1ms..60m, got 0 ms");
    assertOneLineError(Cli.run("serve-race", "--request-timeout", "2h"), "--request-timeout must be 1ms..60m");
    assertOneLineError(Cli.run("serve-race", "--request-timeout", "soon"), "'soon' is not a duration");
    assertOneLineError(Cli.run("curve", "--rates", "10,20", "--request-timeout", "1s"), "--request-timeout is for the service level");
    // the guards outlast it: a request in flight at the end must time out, not be cut
    assertOneLineError(Cli.run("serve-race", "--request-timeout", "40s", "--drain-timeout", "30s"),
        "--drain-timeout (30000 ms) must be longer than the request timeout (40000 ms)");
  }

  /**
   * --jfr at the service level records the service's JVM: its thread states are Tomcat's, not the
   * generator's. And MVC's buffered JSON array: its first item is its last byte.
   */
  @Test
  void jfrRecordsTheServicesOwnJvm(@TempDir Path out) throws Exception {
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--services", "mvc-jdbc", "--endpoint", "/notifications", "--url", url(), "--jfr",
        "--concurrency", "8", "--executions", "40", "--warmup", "0s", "--remote-delay", "100-200", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertTrue(race.path("settings").path("jfr").asBoolean());
    JsonNode run = run(race, "mvc-jdbc");
    assertEquals("runs/mvc-jdbc/service.jfr", run.path("jfr").asText());
    assertTrue(Files.size(out.resolve("runs/mvc-jdbc/service.jfr")) > 0);
    assertTrue(Files.size(out.resolve("runs/mvc-jdbc/worker.jfr")) > 0, "the generator records too");
    JsonNode states = run.path("thread_states");
    // Tomcat's request threads and Hikari's are the service's; the generator has one event loop and a few more
    assertTrue(states.path("threads").asInt() >= 15, states.toString());
    assertFalse(states.path("note").asText().contains("no thread states"), states.toString());
    assertEquals(40, run.path("ops").asLong(), run.toString());
    assertEquals(run.path("latency_ms"), run.path("ttfb_ms"), "MVC's buffered array: first item = last byte");
  }
}
