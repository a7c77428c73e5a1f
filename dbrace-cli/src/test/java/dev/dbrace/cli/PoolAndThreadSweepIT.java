package dev.dbrace.cli;

import static dev.dbrace.testkit.CliAssertions.assertOneLineError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.core.run.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Curves over a setting ({@code --pools}, a list of {@code --threads}) and {@code --threads elastic},
 * on a stack made slow on purpose: every operation sleeps 20 ms in PostgreSQL, so a connection serves
 * at most 50 operations a second and the pool size, not the machine, sets the throughput.
 */
class PoolAndThreadSweepIT {
  private static final List<String> SLOW = List.of("--stacks", "jdbc-platform", "--workload", "slow-mix",
      "--workload-opt", "sleep=0.02", "--workload-opt", "fraction=1", "--warmup", "0s");

  private static String url() {
    var t = TestDb.get().target();
    return "postgresql://postgres:" + t.password() + "@127.0.0.1:" + t.port() + "/postgres";
  }

  private static Cli.Result cli(List<String> args) {
    return Cli.run(args.toArray(String[]::new));
  }

  private static List<String> args(String command, Path out, String... more) {
    List<String> a = new ArrayList<>(List.of(command, "--url", url(), "--out", out.toString()));
    a.addAll(SLOW);
    a.addAll(List.of(more));
    return a;
  }

  @Test
  void aPoolSweepRunsEachStepWithItsPoolAndChartsIt(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("pools");
    Cli.Result r = cli(args("curve", out, "--pools", "3,1", "--concurrencies", "6", "--step-duration", "2s", "--wide"));
    assertEquals(0, r.exit(), r.err());
    JsonNode race = Json.MAPPER.readTree(out.resolve("race.json").toFile());
    JsonNode settings = race.path("settings");
    assertEquals("pool", settings.path("sweep").asText(), settings.toString());
    assertEquals(List.of(1.0, 3.0), List.of(settings.path("steps").get(0).asDouble(), settings.path("steps").get(1).asDouble()));
    JsonNode runs = race.path("runs");
    assertEquals(2, runs.size(), runs.toString());
    for (int i = 0; i < 2; i++) {
      JsonNode run = runs.get(i);
      assertEquals("ok", run.path("status").asText(), run.toString());
      assertEquals(i == 0 ? 1 : 3, run.path("pool").asInt(), "each step's own pool: " + run);
      assertEquals(6, run.path("load_model").path("concurrency").asInt(), "one load throughout: " + run);
      JsonNode p = run.path("process");
      assertTrue(p.path("minor_faults").asLong() > 0, "a JVM under load faults pages in: " + p);
      assertTrue(p.path("major_faults").asLong() >= 0, p.toString());
      // % CPU is the CPU over the measured window's wall time (user and sys are rounded to 10 ms): part of the CPU up
      // to the result, which also spans the drain of the last operations and the result's making
      double cpu = p.path("cpu_user_s").asDouble() + p.path("cpu_sys_s").asDouble();
      double wall = p.path("measured_wall_s").asDouble();
      double window = p.path("window_wall_s").asDouble();
      double percent = p.path("cpu_percent").asDouble();
      assertTrue(percent > 0 && percent / 100 * window <= cpu + 0.011 + 0.0005 * window,
          percent + " % over " + window + " s vs " + cpu + " s CPU over " + wall + " s: " + p);
      // the runner reads /proc when the worker's "measuring", "drain" and result messages reach it, so on a busy
      // machine a reading can come late: about the measured phase, not the JVM's start-up and warm-up before it
      double duration = run.path("duration_s").asDouble();
      assertTrue(window >= duration / 2 && window <= wall && wall < duration + 5,
          "the readings span about the measured phase: " + window + " s and " + wall + " s vs " + duration);
    }
    // 1 connection x 20 ms: at most 50/s; 3 connections: at most 150/s
    double one = runs.get(0).path("throughput_ops_s").asDouble();
    double three = runs.get(1).path("throughput_ops_s").asDouble();
    assertTrue(one > 20 && one <= 52, "pool 1: " + one);
    assertTrue(three > 1.5 * one, "pool 3 serves more: " + three + " vs " + one);
    String verdict = race.at("/verdict/text").asText();
    assertTrue(verdict.startsWith("Peaks: jdbc-platform ") && verdict.contains(" ops/s at pool 3") && verdict.contains("pools 1 and 3"),
        verdict);
    assertTrue(r.out().contains("closed c=6 pool 1") && r.out().contains("closed c=6 pool 3"), r.out());
    assertTrue(r.out().contains("% cpu") && r.out().contains("faults min/maj"), "--wide's columns: " + r.out());
    String html = Files.readString(out.resolve("report.html"));
    for (String chart : List.of("throughput-vs-pool", "p99-vs-pool", "cpu-vs-pool")) {
      assertTrue(html.contains("id=\"chart-" + chart + "\""), chart);
    }
    assertTrue(html.contains("Figures vs pool size") && html.contains("page faults min / maj"), "the sweep's section");
    String csv = Files.readString(out.resolve("summary.csv"));
    assertTrue(csv.lines().findFirst().orElseThrow()
        .endsWith(",cpu_percent,ttfb_p50_ms,ttfb_p99_ms,server_cpu_ms_per_1k_ops,runner_cpu_percent"), csv);
    // the embedded server runs on this machine: every run has the server's CPU per 1,000 operations, and it is not 0;
    // the runner's own JVM reads the worker's /proc and takes its progress all along: a share of a core, not 0
    csv.lines().skip(1).forEach(line -> {
      String[] cells = line.split(",");
      assertTrue(Double.parseDouble(cells[cells.length - 2]) > 0, line);
      double runner = Double.parseDouble(cells[cells.length - 1]);
      assertTrue(runner > 0 && runner < 100, line);
    });
  }

  /** 48 operations in flight on 4 connections: a fixed pool of 4 threads stays at 4, an elastic one grows a thread per operation. */
  @Test
  void elasticThreadsGrowWithTheOperationsInFlight(@TempDir Path dir) throws Exception {
    Path elastic = dir.resolve("elastic");
    Path fixed = dir.resolve("fixed");
    String[] load = {"--pool", "4", "--concurrency", "48", "--duration", "2s", "--rounds", "1"};
    Cli.Result e = cli(args("run", elastic, concat(load, "--threads", "elastic")));
    assertEquals(0, e.exit(), e.err());
    Cli.Result f = cli(args("run", fixed, concat(load, "--threads", "4")));
    assertEquals(0, f.exit(), f.err());
    JsonNode er = Json.MAPPER.readTree(elastic.resolve("race.json").toFile());
    JsonNode fr = Json.MAPPER.readTree(fixed.resolve("race.json").toFile());
    assertEquals("elastic", er.path("settings").path("thread_pool").asText());
    assertEquals(0, er.path("runs").get(0).path("threads").asInt(), "the run records elastic as 0");
    assertEquals("fixed", fr.path("settings").path("thread_pool").asText());
    assertTrue(er.at("/verdict/text").asText().contains("threads elastic"), er.at("/verdict/text").asText());
    int grown = er.path("runs").get(0).path("process").path("peak_threads").asInt();
    int base = fr.path("runs").get(0).path("process").path("peak_threads").asInt();
    assertTrue(base > 4 && grown >= base + 30, "elastic " + grown + " threads vs a fixed pool of 4: " + base);
  }

  @Test
  void oneSweptSettingAtATimeAndNoBadThreads() {
    assertOneLineError(Cli.run("run", "--threads", "lots"), "--threads must be elastic or 1..10000, got 'lots'");
    assertOneLineError(Cli.run("run", "--threads", "0"), "--threads must be elastic or 1..10000, got 0");
    assertOneLineError(Cli.run("run", "--threads", "50,200"), "a list sweeps it in curve");
    assertOneLineError(Cli.run("curve", "--pools", "4,16", "--concurrencies", "8,16"), "sweep one setting at a time");
    assertOneLineError(Cli.run("curve", "--pools", "4,16", "--threads", "50,200"), "sweep one setting at a time");
    assertOneLineError(Cli.run("curve", "--threads", "50,elastic"), "not a step of a sweep");
    assertOneLineError(Cli.run("curve", "--pools", "4"), "--pools needs at least two values");
    assertOneLineError(Cli.run("curve", "--pools", "4,0"), "a pool size must be 1..1000, got 0");
    assertOneLineError(Cli.run("curve", "--pools", "4,16", "--pool", "8"), "give one of them");
    assertOneLineError(Cli.run("curve", "--pools", "4,16", "--level", "service"), "a service sizes its own pool");
  }

  private static String[] concat(String[] a, String... b) {
    String[] all = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }
}
