package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.service.host.ServiceProcess;
import dev.dbrace.testkit.SharedTestFerretDb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Node.js service variants (services/node, E5's six connection styles) against the embedded
 * PostgreSQL: each started as dbrace starts it, its answers checked, stopped without a trace; and
 * two of them raced. Skipped where Node.js or npm is not installed.
 */
public class NodeServicesIT {
  static final List<String> VARIANTS = List.of("node-sync-per-request", "node-async-per-request", "node-sync-shared",
      "node-async-shared-queued", "node-async-pool", "node-async-pool-prepared");

  @BeforeAll
  static void nodeIsThere() {
    assumeTrue(NodeModules.find("node").isPresent() && NodeModules.find("npm").isPresent(),
        "Node.js tests skipped: node and npm are not both on the PATH");
  }

  @Test
  void everyStyleAnswersTheContractAndRelationsAreByteIdentical(@TempDir Path out) throws Exception {
    DbTarget t = TestDb.get().target();
    ServiceCatalog catalog = ServiceCatalog.discover(Home.dir());
    var env = new ServiceProcess.Environment(t.host(), t.port(), t.database(), t.user(), t.password(), 5, "http://127.0.0.1:9");
    String fortunes = expectedFortunes(t);
    List<String> relnames = catalogueTables(t);
    Map<String, String> relations = new LinkedHashMap<>();
    try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build()) {
      for (String name : VARIANTS) {
        Path runDir = Files.createDirectories(out.resolve(name));
        long pid;
        try (ServiceProcess p = ServiceCatalog.startReady(catalog.get(name), Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of(), env, "dbrace-test-" + name, runDir)) {
          pid = p.pid();

          JsonNode db = json(get(http, p, "/db", "application/json"));
          assertWorld(name, db);
          JsonNode queries = json(get(http, p, "/queries?queries=5", "application/json"));
          assertEquals(5, queries.size(), name + " /queries?queries=5: " + queries);
          queries.forEach(w -> assertWorld(name, w));
          assertEquals(500, json(get(http, p, "/queries?queries=501", "application/json")).size(), name + ": clamped to 500");
          assertEquals(1, json(get(http, p, "/queries?queries=x", "application/json")).size(), name + ": not a number is 1");

          assertEquals(fortunes, get(http, p, "/fortunes", "text/html; charset=utf-8"), name + " /fortunes");

          String rel = get(http, p, "/relations", "application/json");
          JsonNode rows = json(rel);
          List<String> names = new ArrayList<>();
          rows.forEach(r -> names.add(r.path("relname").asText()));
          assertEquals(relnames, names, name + " /relations: pg_catalog's tables by name");
          relations.put(name, rel);
          assertEquals(404, http.send(request(p, "/nope"), HttpResponse.BodyHandlers.discarding()).statusCode());
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), name + " left its process behind");
        String log = Files.readString(runDir.resolve("service.log"));
        assertFalse(log.contains(t.password()), name + ": the password in its log");
        assertTrue(log.isBlank(), name + " wrote to its log: " + log);
      }
    }
    String first = relations.get(VARIANTS.get(0));
    assertTrue(first.length() > 5_000, "a catalogue answer of E5's size: " + first.length() + " bytes");
    relations.forEach((name, body) -> assertEquals(first, body, name + "'s /relations differs from " + VARIANTS.get(0) + "'s"));
  }

  /** Two Node variants in one serve-race: every answer verified and counted, none failed. */
  @Test
  void twoNodeVariantsRace(@TempDir Path out) throws Exception {
    List<RunRecord> runs = ServiceLevelRaceIT.serveRace(List.of("node-sync-shared", "node-async-pool-prepared"), "/db", 300, 5, out);
    assertEquals(List.of("node-sync-shared", "node-async-pool-prepared"), runs.stream().map(RunRecord::stack).toList());
    for (RunRecord r : runs) {
      assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
      assertEquals(300, r.result().issued());
      assertEquals(0, r.result().errors(), () -> "errors: " + r.result().errorSamples());
      assertEquals(r.result().issued(), r.result().ops(),
          () -> r.stack() + ": verified " + r.result().ops() + " of " + r.result().issued());
      assertTrue(r.server().statementCalls() >= r.result().ops(), r.stack() + ": server counted " + r.server());
      assertTrue(r.process() != null && r.process().cpuUserS() + r.process().cpuSysS() > 0, "the service's own figures");
    }
  }

  /** The whole contract (updates, film, notifications too) through the generator's checks, on the two extremes. */
  @Test
  void everyEndpointPassesTheGeneratorsChecks(@TempDir Path out) throws Exception {
    List<RunRecord> runs = ServiceLevelRaceIT.serveRace(List.of("node-sync-per-request", "node-async-pool-prepared"),
        Endpoints.ALL, 60, 6, out);
    for (RunRecord r : runs) {
      assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
      assertEquals(0, r.result().errors(), () -> r.stack() + " errors: " + r.result().errorSamples());
      assertEquals(60, r.result().ops(), r.stack());
    }
  }

  /**
   * services/node's own tests (node --test), given the embedded PostgreSQL and, where Go can build it, the test FerretDB
   * (E4's MongoDB source in every style); Firebird's skip unless DBRACE_TEST_FIREBIRD_* is set.
   */
  @Test
  void nodesOwnTestsPass(@TempDir Path out) throws Exception {
    DbTarget t = TestDb.get().target();
    Path module = Home.dir().resolve("services/node");
    NodeModules.ensure("node tests", module, out.resolve("npm-ci.log"));
    Path log = out.resolve("node-test.log");
    List<String> cmd = new ArrayList<>(List.of("node", "--test"));
    try (Stream<Path> files = Files.list(module.resolve("test"))) { // test/support/ holds their helpers, no tests
      files.map(f -> "test/" + f.getFileName()).filter(f -> f.endsWith(".test.js")).sorted().forEach(cmd::add);
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(module.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().putAll(Map.of("DBRACE_TEST_PG_HOST", t.host(), "DBRACE_TEST_PG_PORT", Integer.toString(t.port()),
        "DBRACE_TEST_PG_NAME", t.database(), "DBRACE_TEST_PG_USER", t.user(), "DBRACE_TEST_PG_PASSWORD", t.password()));
    boolean mongo = SharedTestFerretDb.whyNot() == null;
    if (mongo) {
      pb.environment().put("DBRACE_TEST_MONGO_URL", SharedTestFerretDb.mongoUrl());
    }
    Process p = pb.start();
    assertTrue(p.waitFor(90, TimeUnit.SECONDS), "node --test within 90 s");
    String output = Files.readString(log);
    assertEquals(0, p.exitValue(), output);
    assertTrue(output.contains("# fail 0"), output);
    assertFalse(mongo && output.contains("# SKIP no MongoDB given"), "the MongoDB tests skipped with a FerretDB given: " + output);
  }

  @Test
  void packagesAreStaleWithoutNodeModulesOrWhenTheLockfileIsNewer(@TempDir Path module) throws Exception {
    assertFalse(NodeModules.stale(module), "no lockfile: nothing to install");
    Path lock = Files.writeString(module.resolve("package-lock.json"), "{}");
    assertTrue(NodeModules.stale(module), "no node_modules");
    Path installed = Files.createDirectories(module.resolve("node_modules")).resolve(".package-lock.json");
    Files.writeString(installed, "{}");
    Files.setLastModifiedTime(lock, FileTime.fromMillis(1_000_000));
    Files.setLastModifiedTime(installed, FileTime.fromMillis(2_000_000));
    assertFalse(NodeModules.stale(module), "installed after the lockfile changed");
    Files.setLastModifiedTime(lock, FileTime.fromMillis(3_000_000));
    assertTrue(NodeModules.stale(module), "the lockfile changed since");
  }

  private static void assertWorld(String name, JsonNode w) {
    assertTrue(w.path("id").isInt() && w.path("id").asInt() >= 1 && w.path("id").asInt() <= 10_000, name + ": " + w);
    assertTrue(w.path("randomNumber").isInt() && w.path("randomNumber").asInt() >= 1
        && w.path("randomNumber").asInt() <= 10_000, name + ": " + w);
    assertEquals(2, w.size(), name + ": " + w);
  }

  private static HttpRequest request(ServiceProcess p, String path) {
    return HttpRequest.newBuilder(URI.create(p.url() + path)).timeout(Duration.ofSeconds(20)).build();
  }

  private static String get(HttpClient http, ServiceProcess p, String path, String type) throws Exception {
    HttpResponse<String> r = http.send(request(p, path), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    assertEquals(type, r.headers().firstValue("content-type").orElse(""), path);
    return r.body();
  }

  private static JsonNode json(String body) throws Exception {
    return Json.MAPPER.readTree(body);
  }

  /** TechEmpower's page, built here from the table, independently of the services' code. */
  private static String expectedFortunes(DbTarget t) throws Exception {
    List<Object[]> rows = new ArrayList<>();
    try (Connection c = t.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT id, message FROM fortune")) {
      while (rs.next()) {
        rows.add(new Object[] {rs.getInt(1), rs.getString(2)});
      }
    }
    rows.add(new Object[] {0, "Additional fortune added at request time."});
    rows.sort(Comparator.comparing(r -> (String) r[1]));
    StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
        + "<tr><th>id</th><th>message</th></tr>");
    for (Object[] r : rows) {
      String m = ((String) r[1]).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;")
          .replace("'", "&#39;");
      b.append("<tr><td>").append(r[0]).append("</td><td>").append(m).append("</td></tr>");
    }
    return b.append("</table></body></html>").toString();
  }

  private static List<String> catalogueTables(DbTarget t) throws Exception {
    List<String> names = new ArrayList<>();
    try (Connection c = t.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            + " WHERE n.nspname = 'pg_catalog' AND c.relkind = 'r' ORDER BY c.relname")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }
}
