package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.db.CpuPin;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.service.FirebirdAddon;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.runner.service.ServiceCatalog;
import dev.dbrace.service.host.ServiceVariant;
import dev.dbrace.testkit.SharedTestFirebird;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve-race --scenario node-e5} (E5: the Node.js connection styles on /relations) as a user
 * types it, on the test PostgreSQL and the test (or embedded) Firebird: every answer verified, and every
 * variant sent the same bytes. Skipped where node and npm (or Firebird, or the Node firebird addon,
 * which needs apt-get install -y firebird-dev) are missing.
 */
public class NodeE5SameBytesIT {

  private static void nodeIsThere() {
    assumeTrue(NodeModules.find("node").isPresent() && NodeModules.find("npm").isPresent(),
        "Node.js tests skipped: node and npm are not both on the PATH");
  }

  @Test
  void onPostgresqlEveryVariantSendsTheSameBytes(@TempDir Path out) throws Exception {
    nodeIsThere();
    DbTarget t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--scenario", "node-e5", "--executions", "200", "--warmup", "200ms",
        "--services", "node-sync-shared,node-async-shared-queued,node-async-pool-prepared", "--url", url, "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = assertEveryRun(out, "/relations", 200,
        List.of("node-sync-shared", "node-async-shared-queued", "node-async-pool-prepared"));
    race.path("runs").forEach(run -> assertTrue(run.path("server").isObject(), "PostgreSQL's counters: " + run));
    assertTrue(r.out().contains("same answer: every answer of all 3 variants was the same"), r.out());
    assertFalse(r.out().contains(t.password()) || r.err().contains(t.password()), "password on the console");
  }

  /** E5's six styles as published: sync on the firebird addon, async on its libfbclient calls (libuv's thread pool). */
  static final List<String> E5_ON_FIREBIRD = List.of("node-sync-per-request", "node-fbclient-async-per-request", "node-sync-shared",
      "node-fbclient-async-shared-queued", "node-fbclient-async-pool", "node-fbclient-async-pool-prepared");

  /** The Node firebird addon built (dbrace installs firebird-dev as root), else the test is skipped naming the command. */
  private static void firebirdAddonIsThere() throws Exception {
    nodeIsThere();
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
    ServiceVariant v = ServiceCatalog.discover(Home.dir()).get("node-sync-shared");
    NodeModules.ensure(v.name(), v.module(), Files.createTempFile("dbrace-npm-ci-", ".log"));
    why = FirebirdAddon.ensure(v, Files.createTempFile("dbrace-npm-ci-", ".log"), line -> System.err.println("[test] " + line));
    assumeTrue(why == null, why);
  }

  /**
   * The six styles on the embedded Firebird (its user with a 20-byte password for the addon), the server
   * pinned to one core: every answer verified, every style the same bytes, the cores in race.json.
   */
  @Test
  void onTheEmbeddedFirebirdTheSixStylesSendTheSameBytesOnOneCore(@TempDir Path out) throws Exception {
    firebirdAddonIsThere();
    // E5's 5 requests in flight: the addon's async styles crash under it if a query's statement is freed on the main
    // thread while the next call on its connection runs on a libuv thread (lib/fbclient.js lets the free come first)
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--scenario", "node-e5", "--engine", "firebird", "--db-cpus", "1",
        "--executions", "100",
        "--warmup", "200ms", "--services", String.join(",", E5_ON_FIREBIRD), "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = assertEveryRun(out, "/relations", 100, E5_ON_FIREBIRD);
    assertEquals(Integer.toString(CpuPin.allowed().get(0)), race.path("environment").path("database_cpus").asText());
    assertTrue(r.err().contains("and its processes pinned to core " + CpuPin.allowed().get(0)), r.err());
    assertTrue(r.out().contains("same answer: every answer of all 6 variants was the same"), r.out());
  }

  /**
   * E5's 10-row follow-up: /relations?limit=10, ten rows in every answer, the same bytes from the addon's sync style,
   * its async pool and node-firebird's prepared pool; 1,000 requests 5 at a time, under which the addon's async pool
   * crashes if a query's statement is freed beside the next call on its connection (services/node/README.md).
   */
  @Test
  void tenRowsOnFirebird(@TempDir Path out) throws Exception {
    firebirdAddonIsThere();
    List<String> three = List.of("node-sync-shared", "node-fbclient-async-pool", "node-async-pool-prepared");
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--scenario", "node-e5", "--engine", "firebird", "--endpoint",
        "/relations?limit=10",
        "--executions", "1000", "--warmup", "1s", "--services", String.join(",", three), "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = assertEveryRun(out, "/relations?limit=10", 1000, three);
    // the generator checks each answer has exactly 10 rows (an error otherwise): a tenth of the catalogue's bytes
    race.path("runs").forEach(run -> assertTrue(run.path("versions").path("body-bytes").asLong() < 6_000, run.path("versions").toString()));
  }

  /** E5 on both databases with one command: the embedded PostgreSQL, then the embedded Firebird, each its own folder. */
  @Test
  void bothEnginesInOneCommand(@TempDir Path out) throws Exception {
    nodeIsThere();
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
    Cli.Result r = Cli.run("serve-race", "--rounds", "1", "--scenario", "node-e5", "--engine", "both", "--executions", "200",
        "--warmup", "200ms",
        "--services", "node-async-pool,node-async-pool-prepared", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertEveryRun(out.resolve("postgresql"), "/relations", 200, List.of("node-async-pool", "node-async-pool-prepared"));
    assertEveryRun(out.resolve("firebird"), "/relations", 200, List.of("node-async-pool", "node-async-pool-prepared"));
    assertEquals(2, r.out().lines().filter(l -> l.contains("same answer: every answer of all 2 variants was the same")).count(), r.out());
  }

  @Test
  void aFirebirdOnlyStyleNamedOnPostgresqlAndDbCpusWithUrlOrOutOfRangeAreRefusedInOneLine() {
    Cli.Result r = Cli.run("serve-race", "--scenario", "node-e5", "--services", "node-fbclient-async-pool");
    assertOneLineError(r, "service node-fbclient-async-pool does not run on PostgreSQL (its engines: firebird)");
    r = Cli.run("serve-race", "--scenario", "node-e5", "--db-cpus", "1", "--url", "postgresql://u@127.0.0.1:1/db");
    assertOneLineError(r, "--db-cpus pins the database server dbrace starts; the --url database is yours");
    r = Cli.run("serve-race", "--scenario", "node-e5", "--db-cpus", "0");
    assertOneLineError(r, "--db-cpus must be 1.." + CpuPin.allowed().size());
  }

  /** E5's load unless the command line chose: 5 at a time on a pool of 5; {@code ops} verified per run, no error. */
  private static JsonNode assertEveryRun(Path out, String endpoint, long ops, List<String> variants) throws Exception {
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(5, race.path("settings").path("pool").asInt(), race.path("settings").toString());
    assertEquals(5, race.path("settings").path("concurrency").asInt(), "E5's 5 requests in flight");
    assertEquals(endpoint, race.path("settings").path("workload").asText());
    List<String> names = new ArrayList<>();
    Set<String> hashes = new HashSet<>();
    for (JsonNode run : race.path("runs")) {
      String name = run.path("stack").asText();
      names.add(name);
      assertEquals("ok", run.path("status").asText(), name + ": " + run.path("message"));
      assertEquals(ops, run.path("ops").asLong(), name);
      assertEquals(0, run.path("errors").asLong(), name + ": " + run.path("error_samples"));
      String sha = run.path("versions").path("body-sha256").asText();
      assertEquals(64, sha.length(), name + " recorded its body's hash: " + run.path("versions"));
      assertTrue(run.path("versions").path("body-bytes").asLong() > 500, name + ": " + run.path("versions"));
      hashes.add(sha + " " + run.path("versions").path("body-bytes").asText());
    }
    assertEquals(variants, names);
    assertEquals(1, hashes.size(), "every variant sent the same bytes: " + hashes);
    return race;
  }
}
