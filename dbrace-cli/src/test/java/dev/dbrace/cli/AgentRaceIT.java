package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.db.postgres.EmbeddedPostgres;
import dev.dbrace.runner.Home;
import dev.dbrace.testkit.TestNetwork;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Races whose runs two agents on hosts of their own (network namespaces) share, the controller and the embedded
 * PostgreSQL on the bridge's address: the merged run is the agents' sum, its latency the union of their interval logs
 * (computed here independently), the server saw at least as many commits; an open race's arrivals are the asked rate
 * over both; an agent killed during a run makes that run degraded, the other's figures kept, and the race goes on.
 * Needs root and ip (else skipped).
 */
class AgentRaceIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PASSWORD = "agents-" + Long.toHexString(System.nanoTime());

  @TempDir
  static Path dir;
  private static TestNetwork net;
  private static Path key;
  /** The two agents, started once and restarted where a test killed one: each start costs seconds of JVM and join. */
  private static final Process[] agents = new Process[2];
  private static final Path[] agentLogs = new Path[2];
  private static Path otherKey;

  @BeforeAll
  static void network() throws Exception {
    net = TestNetwork.create(2);
    key = dir.resolve("cluster-key.p12");
    assertEquals(0, Cli.run("cluster-key", "--out", key.toString()).exit());
    otherKey = dir.resolve("other-key.p12");
    assertEquals(0, Cli.run("cluster-key", "--out", otherKey.toString()).exit());
  }

  @AfterAll
  static void gone() throws Exception {
    for (Process p : agents) {
      if (p != null) {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
          p.destroyForcibly();
        }
      }
    }
    if (net != null) {
      net.close();
    }
  }

  @Test
  void twoAgentsShareAClosedRaceAndItsFiguresAreTheirUnion() throws Exception {
    startAgents();
    Path out = dir.resolve("closed");
    JsonNode race = race(out, "--stacks", "vertx", "--rounds", "1", "--duration", "3s", "--warmup", "2s", "--concurrency", "16");
    JsonNode run = race.path("runs").get(0);
    assertEquals("ok", run.path("status").asText(), run.toString());
    JsonNode parts = run.path("agents");
    assertEquals(2, parts.size(), run.toString());
    long sum = 0;
    Histogram union = new Histogram(3);
    for (JsonNode part : parts) {
      assertEquals("ok", part.path("status").asText(), part.toString());
      assertTrue(part.path("host").asText().endsWith(net.host(0).address()) || part.path("host").asText()
          .endsWith(net.host(1).address()), part.path("host").asText());
      long ops = part.path("result").path("ops").asLong();
      assertTrue(ops > 0, part.toString());
      sum += ops;
      union.add(measured(out.resolve("results").resolve(part.path("hlog").asText())));
      assertTrue(Math.abs(part.path("start_skew_ms").asDouble()) < 2_000, "each part started at the go: " + part);
    }
    assertEquals(sum, run.path("ops").asLong(), "the run's operations are the agents' sum");
    assertEquals(ms(union.getValueAtPercentile(50)), run.path("latency_ms").path("p50").asDouble(), 1e-9,
        "p50 of the union of the agents' logs");
    assertEquals(ms(union.getValueAtPercentile(99)), run.path("latency_ms").path("p99").asDouble(), 1e-9,
        "p99 of the union of the agents' logs");
    assertTrue(run.path("server").path("xact_commit").asLong() >= sum, "the server committed every operation: " + run);
    assertTrue(run.path("process").path("cpu_ms_per_1k_ops").asDouble() > 0, run.toString());
  }

  @Test
  void twoAgentsShareAnOpenRaceAtTheAskedRate() throws Exception {
    startAgents();
    Path out = dir.resolve("open");
    JsonNode race = race(out, "--stacks", "vertx", "--rounds", "1", "--load", "open", "--rate", "400", "--duration", "3s",
        "--warmup", "2s");
    JsonNode run = race.path("runs").get(0);
    assertEquals("ok", run.path("status").asText(), run.toString());
    long arrivals = run.path("issued").asLong() + run.path("not_issued").asLong();
    assertEquals(1200, arrivals, 1200 * 0.02, "400/s over 3 s, the two agents' 200/s together: " + run);
  }

  @Test
  void twoAgentsGenerateAServiceRaceAndTheServiceIsWhatIsMeasured() throws Exception {
    startAgents();
    Path out = dir.resolve("service");
    Files.createDirectories(out);
    // the agents' namespaces reach the controller's host only on the bridge: an ok run means the service listened there
    Process p = forked(out, List.of("serve-race", "--agents", "2", "--services", "vertx-web", "--endpoint", "/db",
        "--rounds", "1", "--duration", "3s", "--warmup", "2s", "--concurrency", "16"));
    assertTrue(p.waitFor(4, TimeUnit.MINUTES), "the race ended");
    String log = Files.readString(out.resolve("stdout")) + Files.readString(out.resolve("stderr"));
    assertEquals(0, p.exitValue(), log);
    JsonNode run = JSON.readTree(out.resolve("results").resolve("race.json").toFile()).path("runs").get(0);
    assertEquals("ok", run.path("status").asText(), run.toString());
    JsonNode parts = run.path("agents");
    assertEquals(2, parts.size(), run.toString());
    long sum = 0;
    double generatorCpuS = 0;
    for (JsonNode part : parts) {
      assertEquals("ok", part.path("status").asText(), part.toString());
      sum += part.path("result").path("ops").asLong();
      generatorCpuS += part.path("process").path("cpu_user_s").asDouble() + part.path("process").path("cpu_sys_s").asDouble();
    }
    assertTrue(sum > 0, run.toString());
    assertEquals(sum, run.path("ops").asLong(), "the run's requests are the agents' sum");
    JsonNode generator = run.path("generator");
    assertEquals(generatorCpuS, generator.path("cpu_user_s").asDouble() + generator.path("cpu_sys_s").asDouble(), 0.02,
        "the generator is the agents' workers together: " + generator);
    double serviceCpuS = run.path("process").path("cpu_user_s").asDouble() + run.path("process").path("cpu_sys_s").asDouble();
    assertTrue(serviceCpuS > 0, "the service's process, read on the controller's host: " + run.path("process"));
    assertTrue(run.path("process").path("peak_rss_mb").asDouble() > 0, run.path("process").toString());
    assertTrue(Files.exists(out.resolve("results").resolve("runs/vertx-web/process.csv")), "the service's timeline");
  }

  @Test
  void anAgentKilledDuringARunDegradesItAndTheRaceGoesOn() throws Exception {
    startAgents();
    Path out = dir.resolve("killed");
    Files.createDirectories(out);
    long partsBefore = parts(1);
    Process controller = controller(out, "--stacks", "vertx", "--rounds", "2", "--duration", "8s", "--warmup", "2s",
        "--concurrency", "16");
    // kill agent 1 in the first run's measured phase: its part begins with a line in its log, then 2 s of warm-up
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (parts(1) == partsBefore && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    Thread.sleep(6_000);
    agents[1].destroyForcibly();
    assertTrue(controller.waitFor(4, TimeUnit.MINUTES), "the race ended");
    String log = Files.readString(out.resolve("stdout")) + Files.readString(out.resolve("stderr"));
    assertEquals(1, controller.exitValue(), "a race with a run not ok exits 1: " + log);
    JsonNode runs = JSON.readTree(out.resolve("results").resolve("race.json").toFile()).path("runs");
    assertEquals(2, runs.size(), "the race went on: " + log);
    JsonNode first = runs.get(0);
    assertEquals("degraded", first.path("status").asText(), first.toString());
    assertTrue(first.path("message").asText().contains("left the cluster during the run"), first.path("message").asText());
    assertTrue(first.path("ops").asLong() > 0, "the other agent's figures kept: " + first);
    assertEquals(1, runs.get(1).path("agents").size(), "the next run shared by the agent left: " + runs.get(1));
  }

  @Test
  void aControllerKilledDuringARunLeavesNoWorkerRunning() throws Exception {
    startAgents();
    Path out = dir.resolve("controller-killed");
    Files.createDirectories(out);
    // the database apart from the controller, so that killing it (SIGKILL: no shutdown hook) leaves nothing behind
    var reach = new EmbeddedPostgres.Reach(net.bridgeAddress(), net.bridgeAddress() + "/24", PASSWORD);
    try (EmbeddedPostgres pg = EmbeddedPostgres.startReachable(Home.cacheDir(), m -> { }, reach)) {
      Process controller = controller(out, "--url", "postgresql://postgres@" + net.bridgeAddress() + ":"
          + pg.target().port() + "/postgres", "--stacks", "vertx", "--rounds", "1", "--duration", "60s", "--warmup", "2s",
          "--concurrency", "8");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (workers().size() < 2 && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      assertEquals(2, workers().size(), "each agent forked its worker");
      Thread.sleep(4_000);
      controller.destroyForcibly();
      long killed = System.nanoTime();
      while (!workers().isEmpty() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(60)) {
        Thread.sleep(200);
      }
      double gone = (System.nanoTime() - killed) / 1e9;
      System.err.printf("[agents] the agents' workers were gone %.1f s after their controller was killed%n", gone);
      assertTrue(workers().isEmpty(), "workers still running 60 s after their controller died: " + workers());
      assertTrue(agents[0].isAlive() && agents[1].isAlive(), "the agents stay up for the next controller");
    }
  }

  /** The worker JVMs the agents forked, still running. */
  private List<ProcessHandle> workers() {
    return Arrays.stream(agents).flatMap(a -> a.toHandle().descendants()).filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().orElse("").contains("WorkerMain")).toList();
  }

  @Test
  void aScaleCurveRunsTheSameLoadPerAgentOnOneThenTwoAgents() throws Exception {
    startAgents();
    Path out = dir.resolve("scale");
    Files.createDirectories(out);
    Process p = forked(out, List.of("curve", "--agents", "2,1", "--concurrencies", "8", "--stacks", "vertx",
        "--step-duration", "3s", "--warmup", "2s"));
    assertTrue(p.waitFor(4, TimeUnit.MINUTES), "the curve ended");
    String log = Files.readString(out.resolve("stdout")) + Files.readString(out.resolve("stderr"));
    assertEquals(0, p.exitValue(), log);
    JsonNode race = JSON.readTree(out.resolve("results").resolve("race.json").toFile());
    assertEquals("agents", race.path("settings").path("sweep").asText(), race.path("settings").toString());
    assertEquals("[1.0,2.0]", race.path("settings").path("steps").toString());
    JsonNode runs = race.path("runs");
    assertEquals(2, runs.size(), log);
    for (int k = 1; k <= 2; k++) {
      JsonNode run = runs.get(k - 1);
      assertEquals("ok", run.path("status").asText(), run.toString());
      assertEquals(k, run.path("agents").size(), "step " + k + ": " + run.path("agents"));
      assertEquals(8 * k, run.path("load_model").path("concurrency").asInt(), "8 users per agent");
    }
  }

  @Test
  void agentsThatDoNotComeAreOneLineAndExit2() throws Exception {
    Path out = dir.resolve("no-agents");
    Files.createDirectories(out);
    // another key: the agents other tests left up are members of its cluster but cannot talk to it
    Process p = forked(out, List.of("run", "--agents", "2", "--agents-timeout", "5s", "--stacks", "vertx"), otherKey);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the controller gave up");
    String err = Files.readString(out.resolve("stderr"));
    assertEquals(2, p.exitValue(), err);
    String last = err.lines().filter(l -> l.startsWith("dbrace: ")).reduce((a, b) -> b).orElse("");
    assertTrue(last.contains("2 agents expected within 5 s, 0 came"), err);
    assertTrue(!Files.exists(out.resolve("results")), "nothing was raced, no results folder");
  }

  /** Both agents up: those not started yet, or killed by an earlier test, are started. */
  private void startAgents() throws Exception {
    for (int i = 0; i < 2; i++) {
      if (agents[i] != null && agents[i].isAlive()) {
        continue;
      }
      Path log = Files.createDirectories(dir.resolve("agent-" + i + "-" + System.nanoTime()));
      List<String> cmd = net.host(i).command(ForkedCli.javaCommand("agent", "--bind", net.host(i).address(), "--join",
          net.bridgeAddress() + ":5701", "--key", key.toString()));
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(log.resolve("stdout").toFile())
          .redirectError(log.resolve("stderr").toFile());
      pb.environment().put("PGPASSWORD", PASSWORD);
      agents[i] = pb.start();
      agentLogs[i] = log;
    }
  }

  /** How many parts agent {@code i} has begun so far (one line each in its log). */
  private static long parts(int i) throws IOException {
    return Files.readString(agentLogs[i].resolve("stderr")).lines().filter(l -> l.contains(": part ")).count();
  }


  private static Process controller(Path out, String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("run", "--agents", "2"));
    all.addAll(List.of(args));
    return forked(out, all);
  }

  private static Process forked(Path out, List<String> command) throws IOException {
    return forked(out, command, key);
  }

  /** {@code command} as a controller on the bridge holding {@code clusterKey}, its results in {@code out/results}. */
  private static Process forked(Path out, List<String> command, Path clusterKey) throws IOException {
    List<String> all = new ArrayList<>(command);
    all.addAll(List.of("--bind", net.bridgeAddress(), "--cluster-key", clusterKey.toString(), "--out",
        out.resolve("results").toString()));
    return ForkedCli.start(out, Map.of("PGPASSWORD", PASSWORD), all.toArray(String[]::new));
  }

  private static JsonNode race(Path out, String... args) throws Exception {
    Files.createDirectories(out);
    Process p = controller(out, args);
    assertTrue(p.waitFor(4, TimeUnit.MINUTES), "the race ended");
    String log = Files.readString(out.resolve("stdout")) + Files.readString(out.resolve("stderr"));
    System.err.println("[agents] " + log);
    assertEquals(0, p.exitValue(), log);
    return JSON.readTree(out.resolve("results").resolve("race.json").toFile());
  }

  /** The measured (untagged) intervals of an agent's log, added up. */
  private static Histogram measured(Path hlog) throws IOException {
    Histogram sum = new Histogram(3);
    HistogramLogReader r = new HistogramLogReader(hlog.toFile());
    EncodableHistogram e;
    while ((e = r.nextIntervalHistogram()) != null) {
      if (e.getTag() == null) {
        sum.add((Histogram) e);
      }
    }
    return sum;
  }

  private static double ms(long nanos) {
    return Math.round(nanos / 1e3) / 1e3;
  }
}
