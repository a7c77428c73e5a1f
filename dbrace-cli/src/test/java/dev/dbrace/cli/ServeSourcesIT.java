package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.NotificationData;
import dev.dbrace.testkit.SharedTestFerretDb;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbrace serve} in a JVM of its own, as a user runs it, for a variant that reads MongoDB: it sets up E4's
 * /notifications sources as serve-race does (slow_world on the database, the embedded FerretDB, the remote stub), so
 * one request reads all three; SIGTERM takes the service and FerretDB down with it.
 */
public class ServeSourcesIT {
  private static final String VARIANT = "vertx-web";

  @Test
  void serveReadsTheThreeSourcesAsARaceDoesAndStopsThemAll(@TempDir Path dir) throws Exception {
    String noGo = SharedTestFerretDb.whyNot();
    assumeTrue(noGo == null, noGo);
    var t = TestDb.get().target();
    Path urlFile = dir.resolve("service.env");
    Process dbrace = ForkedCli.start(dir, Map.of("PGPASSWORD", t.password()), "serve", VARIANT, "--url",
        "postgresql://postgres@127.0.0.1:" + t.port() + "/postgres", "--mongo-docs", "3000", "--remote-delay", "20-50",
        "--url-file", urlFile.toString(), "--log-dir", dir.resolve("log").toString(), "--for", "10m");
    Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
      while (!stderr(dir).contains("Ctrl-C stops it") && dbrace.isAlive() && System.nanoTime() < deadline) {
        dbrace.descendants().forEach(seen::add);
        Thread.sleep(200);
      }
      String started = stderr(dir);
      assertTrue(started.contains("Ctrl-C stops it"), () -> "serve did not start:\n" + started);
      dbrace.descendants().forEach(seen::add);
      Map<String, String> service = env(urlFile);
      long servicePid = Long.parseLong(service.get("PID"));
      List<ProcessHandle> ferret = seen.stream().filter(p -> p.info().commandLine().orElse("").contains("ferretdb")).toList();
      assertEquals(1, ferret.size(), () -> "one FerretDB among serve's processes: " + seen);
      // the start says what it set up, as serve-race's does
      assertTrue(started.contains("slow source: " + NotificationData.SLOW_QUERY_SQL + " over 1,000,000 rows: median"), started);
      assertTrue(started.contains("MongoDB: FerretDB v1.24.2 (SQLite), embedded at mongodb://127.0.0.1:"), started);
      assertTrue(started.contains("/notifications reads the slow_world scan (--slow-source query), MongoDB at mongodb://127.0.0.1:"),
          started);

      JsonNode answer = notifications(service.get("URL"), 7);
      Map<String, JsonNode> bySource = new HashMap<>();
      answer.forEach(o -> bySource.put(o.path("source").asText(), o));
      assertEquals(Set.of("slow", "mongo", "remote"), bySource.keySet(), answer.toString());
      int slowId = 7 % 10_000 + 1;
      assertEquals(slowId, bySource.get("slow").path("id").asInt(), answer.toString());
      assertEquals(NotificationData.slowRandomNumber(slowId), bySource.get("slow").path("randomNumber").asInt(),
          "slow_world's row, not a world row beside pg_sleep: " + answer);
      int mongoUser = NotificationData.mongoUser(7);
      assertEquals(mongoUser, bySource.get("mongo").path("user").asInt(), answer.toString());
      assertEquals(NotificationData.messages(mongoUser), Json.MAPPER.convertValue(bySource.get("mongo").path("messages"), List.class),
          answer.toString());
      assertEquals(7, bySource.get("remote").path("user").asInt(), answer.toString());
      int delay = bySource.get("remote").path("delayMs").asInt();
      assertTrue(delay >= 20 && delay <= 50, "the remote stub at --remote-delay 20-50: " + answer);

      assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(dbrace.pid())).start().waitFor());
      assertTrue(dbrace.waitFor(30, TimeUnit.SECONDS), "serve exited within 30 s of SIGTERM");
      long graceEnd = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (seen.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < graceEnd) {
        Thread.sleep(50);
      }
      assertFalse(ProcessHandle.of(servicePid).map(ProcessHandle::isAlive).orElse(false), "the service outlived serve");
      assertFalse(ferret.get(0).isAlive(), "FerretDB outlived serve");
      List<String> alive = seen.stream().filter(ProcessHandle::isAlive).map(p -> p.pid() + " " + p.info().commandLine().orElse("?"))
          .toList();
      assertTrue(alive.isEmpty(), "processes left behind: " + alive);
      assertFalse(stderr(dir).contains(t.password()), "the password on serve's stderr");
    } finally {
      dbrace.descendants().forEach(ProcessHandle::destroyForcibly);
      dbrace.destroyForcibly();
    }
  }

  private static JsonNode notifications(String baseUrl, int user) throws Exception {
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(baseUrl + "/notifications/" + user))
          .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), r.body());
      JsonNode answer = Json.MAPPER.readTree(r.body());
      assertTrue(answer.isArray() && answer.size() == 3, r.body());
      return answer;
    }
  }

  /** serve's --url-file: URL=..., PID=... lines. */
  private static Map<String, String> env(Path file) throws IOException {
    Map<String, String> values = new HashMap<>();
    for (String line : Files.readAllLines(file)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        values.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return values;
  }

  private static String stderr(Path dir) throws IOException {
    Path f = dir.resolve("stderr");
    return Files.exists(f) ? Files.readString(f) : "";
  }
}
