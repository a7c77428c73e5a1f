package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.service.NodeModules;
import dev.dbrace.testkit.SharedTestFirebird;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve-race --scenario node-e5} (E5: the Node.js connection styles on /relations) as a user
 * types it, on the test PostgreSQL and the test Firebird: every answer verified, and every variant
 * sent the same bytes. Skipped where node and npm (or Firebird) are missing.
 */
public class NodeE5ServeRaceTest {

  private static void nodeIsThere() {
    assumeTrue(NodeModules.find("node").isPresent() && NodeModules.find("npm").isPresent(),
        "Node.js tests skipped: node and npm are not both on the PATH");
  }

  @Test
  void onPostgresqlEveryVariantSendsTheSameBytes(@TempDir Path out) throws Exception {
    nodeIsThere();
    DbTarget t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("serve-race", "--scenario", "node-e5", "--executions", "200", "--warmup", "200ms",
        "--services", "node-sync-shared,node-async-shared-queued,node-async-pool-prepared", "--url", url, "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    JsonNode race = assertEveryRun(out, List.of("node-sync-shared", "node-async-shared-queued", "node-async-pool-prepared"));
    race.path("runs").forEach(run -> assertTrue(run.path("server").isObject(), "PostgreSQL's counters: " + run));
    assertTrue(r.out().contains("same answer: every answer of all 3 variants was the same"), r.out());
    assertFalse(r.out().contains(t.password()) || r.err().contains(t.password()), "password on the console");
  }

  @Test
  void onFirebirdTheSyncStylesAreLeftOutAndTheOthersSendTheSameBytes(@TempDir Path out) throws Exception {
    nodeIsThere();
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
    DbTarget t = SharedTestFirebird.target();
    String url = "firebird://" + t.user() + ":" + t.password() + "@" + t.host() + ":" + t.port() + "/" + t.database();
    Cli.Result r = Cli.run("serve-race", "--scenario", "node-e5", "--executions", "200", "--warmup", "200ms",
        "--url", url, "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.err().contains("dbrace: left out on Firebird, their descriptors do not list firebird: node-sync-per-request, "
        + "node-sync-shared"),
        r.err());
    JsonNode race = assertEveryRun(out, List.of("node-async-per-request", "node-async-shared-queued", "node-async-pool",
        "node-async-pool-prepared"));
    race.path("runs").forEach(run -> assertTrue(run.path("server").isMissingNode() || run.path("server").isNull(),
        "PostgreSQL's counters are not available on Firebird: " + run.path("server")));
    assertTrue(r.out().contains("same answer: every answer of all 4 variants was the same"), r.out());
    assertTrue(r.out().contains("not available on Firebird"), r.out());
  }

  /** E5 on both databases with one command: the embedded PostgreSQL, then the embedded Firebird, each its own folder. */
  @Test
  void bothEnginesInOneCommand(@TempDir Path out) throws Exception {
    nodeIsThere();
    String why = SharedTestFirebird.unavailable();
    assumeTrue(why == null, why);
    Cli.Result r = Cli.run("serve-race", "--scenario", "node-e5", "--engine", "both", "--executions", "200", "--warmup", "200ms",
        "--services", "node-async-pool,node-async-pool-prepared", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    assertEveryRun(out.resolve("postgresql"), List.of("node-async-pool", "node-async-pool-prepared"));
    assertEveryRun(out.resolve("firebird"), List.of("node-async-pool", "node-async-pool-prepared"));
    assertEquals(2, r.out().lines().filter(l -> l.contains("same answer: every answer of all 2 variants was the same")).count(), r.out());
  }

  @Test
  void aSyncStyleNamedOnFirebirdIsRefusedInOneLine() {
    Cli.Result r = Cli.run("serve-race", "--scenario", "node-e5", "--engine", "firebird", "--services", "node-sync-shared");
    assertOneLineError(r, "service node-sync-shared does not run on Firebird (its engines: postgresql)");
  }

  /** E5's load unless the command line chose: 5 at a time on a pool of 5, /relations; 200 verified per run, no error. */
  private static JsonNode assertEveryRun(Path out, List<String> variants) throws Exception {
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(5, race.path("settings").path("pool").asInt(), race.path("settings").toString());
    assertEquals(5, race.path("settings").path("concurrency").asInt());
    assertEquals("/relations", race.path("settings").path("workload").asText());
    List<String> names = new ArrayList<>();
    Set<String> hashes = new HashSet<>();
    for (JsonNode run : race.path("runs")) {
      String name = run.path("stack").asText();
      names.add(name);
      assertEquals("ok", run.path("status").asText(), name + ": " + run.path("message"));
      assertEquals(200, run.path("ops").asLong(), name);
      assertEquals(0, run.path("errors").asLong(), name + ": " + run.path("error_samples"));
      String sha = run.path("versions").path("body-sha256").asText();
      assertEquals(64, sha.length(), name + " recorded its body's hash: " + run.path("versions"));
      assertTrue(run.path("versions").path("body-bytes").asLong() > 1_000, name + ": " + run.path("versions"));
      hashes.add(sha + " " + run.path("versions").path("body-bytes").asText());
    }
    assertEquals(variants, names);
    assertEquals(1, hashes.size(), "every variant sent the same bytes: " + hashes);
    return race;
  }
}
