package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command a user types, end to end: results on disk, the table, and no password anywhere. */
class RunResultsTableAndVerdictIT {

  @Test
  void runWritesResultsAndNeverThePassword(@TempDir Path out) throws Exception {
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("run", "--url", url, "--stacks", "jdbc-platform,vertx", "--executions", "2000",
        "--concurrency", "8", "--pool", "4", "--warmup", "300ms", "--rounds", "1", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());
    // the default table: the figures compared first, and where the others are
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("jdbc-platform ")) && r.out().contains(" ops/s "), r.out());
    assertTrue(r.out().contains(" more columns: --wide, or race.json / summary.csv") && !r.out().contains("p99.9 ms"), r.out());
    assertFalse(r.out().contains("server xact"), "no note on a column the table left out: " + r.out());
    assertTrue(r.out().contains("one round, so not tested"), r.out());

    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(2, race.path("runs").size());
    for (JsonNode run : race.path("runs")) {
      for (String key : List.of("stack", "workload", "load", "ops", "errors", "throughput_ops_s")) {
        assertTrue(run.has(key), "run has " + key);
      }
      for (String key : List.of("p50", "p90", "p99", "p999", "max")) {
        assertTrue(run.path("latency_ms").has(key), "latency_ms has " + key);
      }
      for (String key : List.of("cpu_user_s", "cpu_sys_s", "peak_rss_mb", "ctx_voluntary", "ctx_involuntary", "peak_threads")) {
        assertTrue(run.path("process").has(key), "process has " + key);
      }
      assertTrue(run.path("server").path("xact_commit").asLong() >= 2000);
      assertEquals(2000, run.path("ops").asLong());
    }
    assertTrue(race.path("environment").path("database").asText().startsWith("postgresql://postgres@127.0.0.1"));
    assertTrue(race.path("command").asText().contains("***"), "password in the recorded command is redacted");
    assertTrue(race.path("command").asText().startsWith("./dbrace run --url "), race.path("command").asText());

    assertTrue(Files.readString(out.resolve("report.html")).contains("jdbc-platform"), "the race wrote its report");
    // every compiler thread from start to end, so none escapes the JIT's CPU (CompilerThreadsKeptIT), said in the results
    String fixedCompilers = "-XX:-UseDynamicNumberOfCompilerThreads";
    assertTrue(race.at("/settings/worker_jvm_args").toString().contains(fixedCompilers), race.at("/settings").toString());
    for (String stack : List.of("jdbc-platform", "vertx")) {
      String command = Files.readString(out.resolve("runs").resolve(stack).resolve("worker.command"));
      assertTrue(command.contains(" " + fixedCompilers + " "), command);
    }

    String secret = t.password();
    assertFalse(r.out().contains(secret) || r.err().contains(secret), "password on the console");
    try (Stream<Path> files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertFalse(Files.readString(f).contains(secret), "password in " + f);
      }
    }
  }

  /**
   * An A/A race: a stack named twice runs twice, as vertx and vertx#2, each in every round with the same options, the
   * rounds turned a place each time, each run in a folder of its own, and the verdict judged by figure in race.json.
   */
  @Test
  void aStackNamedTwiceRacesItselfInTurnedRoundsAndEndsInAVerdict(@TempDir Path out) throws Exception {
    var t = TestDb.get().target();
    String url = "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
    Cli.Result r = Cli.run("run", "--url", url, "--stacks", "vertx,vertx", "--rounds", "3", "--duration", "1s",
        "--warmup", "1s", "--concurrency", "8", "--pool", "4", "--stack-opt", "vertx.cachePreparedStatements=false",
        "--wide", "--out", out.toString());
    assertEquals(0, r.exit(), r.err());

    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    assertEquals(3, race.at("/settings/rounds").asInt());
    assertEquals(List.of("vertx", "vertx#2"), Json.MAPPER.convertValue(race.at("/settings/stacks"), List.class));
    assertEquals("false", race.at("/settings/stack_options/vertx#2/cachePreparedStatements").asText(),
        "the stack's option is its replica's too: " + race.at("/settings/stack_options"));
    List<String> order = new ArrayList<>();
    Set<String> hlogs = new HashSet<>();
    for (JsonNode run : race.path("runs")) {
      order.add(run.path("stack").asText() + "@" + run.path("round").asInt());
      assertEquals("ok", run.path("status").asText(), run.toString());
      Path hlog = out.resolve(run.path("hlog").asText());
      assertTrue(Files.isRegularFile(hlog), "each round writes its own log: " + hlog);
      hlogs.add(hlog.toString());
    }
    assertEquals(List.of("vertx@1", "vertx#2@1", "vertx#2@2", "vertx@2", "vertx@3", "vertx#2@3"), order, "A B, B A, A B");
    assertEquals(6, hlogs.size(), "every run in a folder of its own: " + hlogs);
    assertTrue(Files.isRegularFile(out.resolve("runs/vertx#2/round-2/latency.hlog")), "the replica's round 2 folder");

    String verdict = race.at("/verdict/text").asText();
    assertTrue(verdict.contains("vertx") && verdict.contains("vertx#2") && verdict.contains("pool 4"), verdict);
    assertTrue(r.out().contains("verdict: " + verdict), r.out());
    JsonNode throughput = race.at("/verdict/dimensions/0");
    assertEquals("throughput", throughput.path("name").asText(), race.path("verdict").toString());
    assertEquals(3, throughput.path("rounds").asInt());
    assertTrue(throughput.has("p_value") && throughput.path("within_noise").size() >= 1, throughput.toString());
    // the table, every column (--wide): one row per replica, median and range of its three rounds
    String head = r.out().lines().filter(l -> l.startsWith("stack ")).findFirst().orElseThrow();
    assertTrue(head.contains(" rounds ") && head.contains(" p99.9 ms ") && head.endsWith(" server stmts/client"), r.out());
    assertFalse(r.out().contains("more columns"), r.out());
    assertTrue(r.out().contains("\nserver xact, server stmts/client: from the worker's start"), r.out());
    List<String> rows = r.out().lines().filter(l -> l.startsWith("vertx")).toList();
    assertEquals(2, rows.size(), r.out());
    assertTrue(rows.getFirst().matches(".*\\d \\([0-9,]+-[0-9,]+\\).*"), rows.getFirst());
    String report = Files.readString(out.resolve("report.html"));
    assertTrue(report.contains("round 2") && report.contains("vertx#2"), "the report tells the rounds and replicas apart");
    assertTrue(report.contains("class=\"judgements\""), "the report's table of judged figures");
    List<String> csv = Files.readAllLines(out.resolve("summary.csv"));
    assertTrue(csv.getFirst().contains(",round,status,ops,errors,unfinished,"), csv.getFirst());
    assertEquals(7, csv.size(), "a line per run: " + csv);
  }
}
