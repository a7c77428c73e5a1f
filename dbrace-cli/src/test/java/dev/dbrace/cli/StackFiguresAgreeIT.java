package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.IdleConnections;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every stack runs every workload in a short real race, and the figures must agree with each other. */
public class StackFiguresAgreeIT {
  static final List<String> STACKS = List.of("jdbc-platform", "jdbc-virtual", "r2dbc", "vertx", "vertx-pipelined",
      "hibernate-orm", "hibernate-orm-virtual", "hibernate-reactive");
  /**
   * Stacks whose session serves an id repeated within one operation from its persistence context,
   * without SQL: on queries-20 (20 uniform ids out of 10,000, so about 1 operation in 50 repeats
   * one) such an operation sends fewer than its 20 statements, and reports what it sent.
   */
  static final List<String> ORM_STACKS = List.of("hibernate-orm", "hibernate-orm-virtual", "hibernate-reactive");

  /**
   * The view (film-title) and the sleeps (slow-mix) through one stack of each way of running a
   * statement: the virtual-thread twins run the very same statement code as their platform stacks,
   * and vertx's pool the same as vertx-pipelined's client, so they are left out there to keep the
   * suite within its time.
   */
  static final List<String> FILM_TITLE = List.of("jdbc-platform", "r2dbc", "vertx-pipelined", "hibernate-orm", "hibernate-reactive");
  static final List<String> SLOW_MIX = List.of("jdbc-platform", "r2dbc", "vertx", "hibernate-reactive");

  static Stream<Arguments> cases() {
    return STACKS.stream().flatMap(stack -> {
      Stream.Builder<Arguments> b = Stream.builder();
      b.add(Arguments.of(stack, "point-select", Map.of(), 3000L));
      b.add(Arguments.of(stack, "queries-20", Map.of(), 300L));
      if (FILM_TITLE.contains(stack)) {
        b.add(Arguments.of(stack, "film-title", Map.of(), 500L));
      }
      if (SLOW_MIX.contains(stack)) {
        b.add(Arguments.of(stack, "slow-mix", Map.of("sleep", "0.05", "fraction", "0.1"), 300L));
      }
      return b.build();
    });
  }

  /**
   * hibernate-orm on queries-20 long enough for ids to repeat within operations (about 1 in 50):
   * the session answers a repeat itself, the operation reports the statements it sent, and the
   * server's count is the client's, so the report flags no mismatch.
   */
  @Test
  void ormQueriesCountWhatTheSessionSent(@TempDir Path out) throws Exception {
    WorkloadSpec workload = Workloads.byName("queries-20", Map.of());
    List<RunRecord> runs = Races.run(Races.settings(List.of("hibernate-orm"), workload,
        new LoadModel.Closed(1000, 0, 16), 8, 300), out, new RunListener() {});
    RunRecord r = runs.get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertTrue(r.result().statements() < r.result().ops() * 20, () -> "1,000 operations of 20 random ids out of 10,000 repeat some: "
        + r.result().statements() + " statements sent for " + r.result().ops() + " operations");
    // the report's mismatch flag is this inequality
    assertEquals(r.server().clientStatements(), r.server().statementCalls(), "server statements = statements sent");
  }

  /**
   * The connections at work as the server saw them: jdbc-platform's 8 users keep its whole pool of 4 busy;
   * vertx-pipelined on one event loop puts every statement on one connection (Vert.x takes the first connection of the
   * caller's event loop with room, and room is the pipelining limit, 256), which the race's output and report name.
   */
  @Test
  void connectionsAtWorkAsTheServerSawThem(@TempDir Path out) throws Exception {
    RaceSettings b = Races.settings(List.of("jdbc-platform", "vertx-pipelined"), Workloads.byName("point-select", Map.of()),
        new LoadModel.Closed(0, 1_500, 8), 4, 500);
    RaceSettings s = b.toBuilder().stackOptions(Map.of("vertx-pipelined", Map.of("eventLoops", "1"))).build();
    List<RunRecord> runs = Races.run(s, out, new RunListener() {});
    Map<String, RunRecord> byStack = new HashMap<>();
    runs.forEach(r -> byStack.put(r.stack(), r));
    for (RunRecord r : runs) {
      assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    }
    assertEquals(new RunRecord.Connections(4, 4), byStack.get("jdbc-platform").probes().connections());
    RunRecord.Connections vp = byStack.get("vertx-pipelined").probes().connections();
    assertNotNull(vp, "read for vertx-pipelined");
    assertEquals(1, vp.used(), () -> "one event loop, one connection at work: " + vp);
    String sentence = IdleConnections.sentence(runs).orElseThrow();
    assertTrue(sentence.contains("vertx-pipelined on 1 of its pool of 4") && !sentence.contains("jdbc-platform"), sentence);
    assertTrue(Files.readString(out.resolve("race.json")).contains("\"connections\""), "race.json records it");
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void shortRaceIsConsistent(String stack, String workloadName, Map<String, String> opts, long executions,
      @TempDir Path out) throws Exception {
    WorkloadSpec workload = Workloads.byName(workloadName, opts);
    LoadModel.Closed load = new LoadModel.Closed(executions, 0, 16);
    List<RunRecord> runs = Races.run(Races.settings(List.of(stack), workload, load, 8, 500), out, new RunListener() {});
    assertEquals(1, runs.size());
    RunRecord r = runs.get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());

    // every issued operation is accounted for; every success was verified
    assertEquals(executions, r.result().issued(), "closed loop issues exactly --executions measured operations");
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertEquals(0, r.result().errors(), () -> "errors: " + r.result().errorSamples());
    assertTrue(r.result().ops() > 0);
    int perOp = workload.mix().get(0).statementCount();
    if (ORM_STACKS.contains(stack) && perOp > 1) {
      assertTrue(r.result().statements() <= r.result().ops() * perOp && r.result().statements() >= r.result().ops() * perOp * 0.99,
          () -> "statements sent " + r.result().statements() + " for " + r.result().ops() + " x " + perOp
              + ": only repeated ids are served by the session");
    } else {
      assertEquals(r.result().ops() * perOp, r.result().statements(), "verified statements = ops x statements per op");
    }

    // the server saw at least what the client claims, and exactly the workload's statements
    var s = r.server();
    assertTrue(s.clientStatements() >= r.result().statements());
    assertNotNull(s.statementCalls(), "embedded server has pg_stat_statements");
    long calls = s.statementCalls();
    // each statement in autocommit, so a commit per statement the server ran; an ORM's operations
    // report the statements they sent (repeats served from the session), so the counts match on every stack
    assertTrue(s.xactCommit() >= s.clientStatements(),
        () -> "server commits " + s.xactCommit() + " < client statements " + s.clientStatements());
    assertEquals(s.clientStatements(), calls, "pg_stat_statements calls = client's verified statements");

    // latency and throughput make sense
    var l = r.result().latencyMs();
    assertTrue(l.p50() > 0 && l.p50() <= l.p99() && l.p99() <= l.max(), () -> "percentiles " + l);
    assertTrue(r.result().throughputOpsS() > 0 && r.result().durationS() > 0);
    assertEquals(r.result().ops() / r.result().durationS(), r.result().throughputOpsS(), r.result().throughputOpsS() * 0.01);
    if (workloadName.equals("slow-mix")) {
      assertTrue(l.max() >= 50, "slow operations sleep 50 ms in the database: max " + l.max());
    }

    // figures measured from outside the worker
    var p = r.process();
    assertNotNull(p, "process figures");
    assertTrue(p.cpuUserS() + p.cpuSysS() > 0, "cpu");
    assertTrue(p.peakRssMb() > 10, "rss");
    assertTrue(p.peakThreads() > 1, "threads");
    assertTrue(p.ctxVoluntary() + p.ctxInvoluntary() > 0, "context switches");
    assertNotNull(r.result().gc());
    // warm-up: the fixed 500 ms asked for; the compiler threads' CPU in warm-up and in the measured
    // phase, read from /proc, each part of the process's CPU in the same span
    var w = r.result().warmup();
    assertTrue(w.durationS() >= 0.5 && w.durationS() <= 0.5 + 0.3, () -> "warm-up " + w.durationS() + " s");
    assertEquals("fixed", w.ended());
    assertTrue(p.warmupJitCpuS() > 0, () -> "the JIT compiled during warm-up: " + p);
    assertTrue(p.warmupJitCpuS() <= p.warmupCpuS(), () -> "compiler CPU within the warm-up's CPU: " + p);
    assertTrue(p.jitCpuS() >= 0 && p.jitCpuS() <= p.cpuUserS() + p.cpuSysS(), () -> "compiler CPU within the measured CPU: " + p);
    assertTrue(r.result().versions().size() > 0, "driver versions recorded");

    // files
    assertTrue(Files.size(out.resolve(r.hlog())) > 0, "hlog written");
    assertTrue(Files.readString(out.resolve("race.json")).contains("\"throughput_ops_s\""));
    assertTrue(Files.readString(out.resolve("summary.csv")).lines().count() == 2);
  }
}
