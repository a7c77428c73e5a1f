package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.console.ConsoleTable;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.run.Latency;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The verdict and the console table on recorded runs: who led, whether the rounds agree, and the
 * median and range the table shows for each stack.
 */
public class VerdictTest {
  static final LoadModel CLOSED = new LoadModel.Closed(0, 5_000, 64);

  /** A finished run as the runner records it: {@code opsS} over 5 s, p99, CPU per 1,000 operations. */
  static RunRecord run(String stack, int round, double opsS, double p99, double cpuMsPer1k) {
    return run(stack, round, CLOSED, "ok", opsS, p99, cpuMsPer1k, Tls.OFF, "settled");
  }

  static RunRecord run(String stack, int round, LoadModel load, String status, double opsS, double p99, double cpuMsPer1k,
      Tls tls, String warmupEnded) {
    long ops = Math.round(opsS * 5);
    double cpuS = cpuMsPer1k * ops / 1e6;
    var result = new WorkerResult(Map.of(), ops + 3, ops, 2, 1, 0, Map.of(), Map.of(), ops, ops, 5, opsS,
        new Latency(p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3, p99 / 3), null, null, new WorkerResult.Warmup(100, 0, 3, null,
        warmupEnded, null, 0L, 0.0, 0L), null, "jvm", null, null, null);
    return new RunRecord(stack, "point-select", load.describe(), load, "race", 0, round, RunStatus.of(status), null,
        List.of(), result, new RunRecord.ProcessFigures(cpuS * 0.8, cpuS * 0.2, cpuMsPer1k, 200, 1000, 50, 30, 0, 0, 0),
        new RunRecord.ServerFigures(ops, 0, ops, ops), null, 9, null, new RunRecord.Probes(null, null, null, tls));
  }

  /** A service run on /notifications whose first item came at {@code firstP50} ms and its last byte at {@code lastP50}. */
  static RunRecord notification(String stack, double opsS, double firstP50, double lastP50) {
    RunRecord r = run(stack, 1, opsS, lastP50 * 2, 100);
    Latency last = new Latency(lastP50, lastP50 * 1.5, lastP50 * 2, lastP50 * 2, lastP50 * 2, lastP50);
    Latency first = firstP50 == lastP50 ? last : new Latency(firstP50, firstP50, firstP50, firstP50, firstP50, firstP50);
    WorkerResult w = r.result();
    var result = new WorkerResult(w.versions(), w.issued(), w.ops(), w.errors(), w.unfinished(), w.notIssued(), w.errorsByKind(),
        w.errorSamples(), w.statements(), w.totalStatements(), w.durationS(), w.throughputOpsS(), last, first,
        w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(), w.effectiveConcurrency());
    return new RunRecord(stack, "/notifications/{user}", r.load(), r.loadModel(), r.purpose(), r.step(), r.round(), r.status(),
        null, List.of(), result, r.process(), r.server(), null, 9, r.process(), r.probes());
  }

  /** Where streaming is the point the verdict sets each first item beside its last byte, and says who streamed. */
  @Test
  void theNotificationVerdictSaysFirstItemAndLastByte() {
    String v = Verdict.race(List.of(notification("mvc-jdbc", 70, 2_300, 2_300), notification("webflux-r2dbc", 75, 40, 2_100)), 16, 0);
    assertTrue(v.contains("Time to first item at p50 (from issue, as latency): mvc-jdbc 2,300 ms (all at once: first item = last byte);"
        + " webflux-r2dbc 40.0 ms, its last byte 2,100 ms (streamed)"), v);
    assertTrue(v.contains("webflux-r2dbc sent a first item soonest: 40.0 ms vs 2,300 ms for mvc-jdbc (57.50x)"), v);
    // a driver-level race (no first item recorded) says nothing of it
    assertFalse(Verdict.race(List.of(run("vertx", 1, 11_500, 3, 200), run("r2dbc", 1, 9_000, 3, 200)), 16, 200)
        .contains("first item"));
  }

  /** Time to first item: two columns after the latency's where a run recorded it, none at the driver level. */
  @Test
  void theTableShowsTimeToFirstItemWhereItWasRecorded() {
    String table = print(List.of(notification("mvc-jdbc", 70, 2_300, 2_300), notification("webflux-r2dbc", 75, 40, 2_100)));
    List<String> head = List.of(table.lines().findFirst().orElseThrow().trim().split("\\s{2,}"));
    int p50 = head.indexOf("ttfb p50 ms");
    assertEquals(head.indexOf("max ms") + 1, p50, table);
    assertEquals(p50 + 1, head.indexOf("ttfb p99 ms"), table);
    List<String> streamed = List.of(table.lines().filter(l -> l.startsWith("webflux-r2dbc")).findFirst().orElseThrow()
        .trim().split("\\s{2,}"));
    assertEquals("40.000", streamed.get(p50), table);
    assertEquals("40.000", streamed.get(p50 + 1), table);
    List<String> buffered = List.of(table.lines().filter(l -> l.startsWith("mvc-jdbc")).findFirst().orElseThrow()
        .trim().split("\\s{2,}"));
    assertEquals("2300.000", buffered.get(p50), table);
    assertEquals("4600.000", buffered.get(p50 + 1), "first item = last byte: its p99 is the latency's: " + table);
    assertFalse(print(List.of(run("vertx", 1, 11_500, 3, 200))).contains("ttfb"), "a driver-level table has no such column");
  }

  /** CPU per 1,000 operations over a handful of successes among many failures compares nothing: left out. */
  @Test
  void aStackThatVerifiedUnderHalfOfItsOperationsIsLeftOutOfTheCpuComparison() {
    RunRecord fine = run("mvc-jdbc", 1, 200, 3, 100);
    RunRecord base = run("webflux-r2dbc", 1, 1, 3, 90_000); // 5 verified
    WorkerResult w = base.result();
    var mostlyFailed = new WorkerResult(w.versions(), 1_000, w.ops(), 995, 0, 0, w.errorsByKind(), w.errorSamples(),
        w.statements(), w.totalStatements(), w.durationS(), w.throughputOpsS(), w.latencyMs(), w.ttfbMs(),
        w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(), w.effectiveConcurrency());
    RunRecord failing = new RunRecord(base.stack(), base.workload(), base.load(), base.loadModel(), base.purpose(), base.step(),
        base.round(), base.status(), null, List.of(), mostlyFailed, base.process(), base.server(), null, 9, base.process(),
        base.probes());
    assertFalse(Verdict.race(List.of(fine, failing), 16, 0).contains("CPU per 1,000 operations"));
    assertTrue(Verdict.race(List.of(fine, run("vertx", 1, 150, 3, 200)), 16, 0).contains("CPU per 1,000 operations"));
  }

  @Test
  void aLeadTheRoundsAgreeOnIsStatedWithItsRatio() {
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, 10_000, 4, 300), run("vertx", 1, 11_500, 3, 200),
        run("jdbc-platform", 2, 10_200, 4, 320), run("vertx", 2, 11_700, 3, 210));
    String v = Verdict.race(runs, 16, 200);
    // medians 10,100 and 11,600: 1.15x; ranges 10,000-10,200 and 11,500-11,700 apart
    assertTrue(v.startsWith("vertx led every round: 1.15x jdbc-platform (median 11,600 vs 10,100 ops/s over 2 rounds), "
        + "ranges do not overlap"), v);
    assertTrue(v.contains("CPU per 1,000 operations: vertx the cheapest at 205.0 ms, jdbc-platform the dearest at 310.0 ms (1.51x)"), v);
    assertTrue(v.contains("a closed loop at concurrency 64, pool 16, threads 200, TLS off"), v);
    assertFalse(v.contains("noise"), v);
    assertFalse(v.contains("the server's own"), "no server CPU read, none said: " + v);
  }

  /** Where the server's CPU was read (a server on this machine), the CPU sentence gives it for the two stacks it names. */
  @Test
  void theServersCpuForTheCheapestAndTheDearest() {
    java.util.function.BiFunction<RunRecord, Double, RunRecord> server = (r, ms) ->
        r.withProbes(p -> p.withServerCpu(new RunRecord.ProcessCpu(1, 1, ms, 90)));
    List<RunRecord> runs = List.of(
        server.apply(run("jdbc-platform", 1, 10_000, 4, 300), 150.0), server.apply(run("vertx", 1, 11_500, 3, 200), 110.0),
        server.apply(run("jdbc-platform", 2, 10_200, 4, 320), 170.0), server.apply(run("vertx", 2, 11_700, 3, 210), 130.0));
    String v = Verdict.race(runs, 16, 200);
    assertTrue(v.contains("jdbc-platform the dearest at 310.0 ms (1.51x); the server's own for them: 120.0 and 160.0 ms"), v);
  }

  @Test
  void overlappingRangesAreNoiseNotALead() {
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, 10_000, 4, 300), run("jdbc-virtual", 1, 10_300, 4, 310), run("vertx", 1, 5_000, 3, 200),
        run("jdbc-platform", 2, 10_600, 4, 300), run("jdbc-virtual", 2, 10_100, 4, 310), run("vertx", 2, 5_100, 3, 200));
    String v = Verdict.race(runs, 16, 200);
    // jdbc-platform's median (10,300) is the highest, but its range 10,000-10,600 holds jdbc-virtual's 10,100-10,300
    assertTrue(v.startsWith("jdbc-platform and jdbc-virtual are within the noise: their ranges overlap"), v);
    assertTrue(v.contains("jdbc-platform 10,000-10,600, jdbc-virtual 10,100-10,300 ops/s over 2 rounds"), v);
    assertFalse(v.contains("led every round"), v);
  }

  @Test
  void oneRoundSaysItHasNoSpreadAndUnknownTlsIsSaid() {
    List<RunRecord> runs = List.of(run("r2dbc", 1, CLOSED, "ok", 8_000, 5, 250, null, "settled"),
        run("vertx", 1, CLOSED, "ok", 6_000, 5, 250, Tls.OFF, "cap"));
    String v = Verdict.race(runs, 8, 50);
    assertTrue(v.startsWith("r2dbc led: 1.33x vertx (8,000 vs 6,000 ops/s); one round, so no spread"), v);
    assertTrue(v.contains("TLS unknown"), v);
    assertTrue(v.contains("warm-up did not settle (hit its cap) for vertx"), v);
  }

  @Test
  void runsThatDidNotFinishOkAreNeverTheLeader() {
    List<RunRecord> runs = List.of(run("jdbc-platform", 1, 9_000, 4, 300),
        run("vertx", 1, CLOSED, "hung", 50_000, 3, 200, Tls.OFF, "settled"));
    String v = Verdict.race(runs, 16, 200);
    assertTrue(v.startsWith("only jdbc-platform has figures: 9,000 ops/s"), v);
    assertTrue(v.contains("Not counted (no ok run with figures): vertx (hung)"), v);
  }

  @Test
  void aCurveNamesEachStacksPeakAndTheLeaderAtEachLoad() {
    LoadModel c1 = new LoadModel.Closed(0, 2_000, 1);
    LoadModel c64 = new LoadModel.Closed(0, 2_000, 64);
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, c1, "ok", 1_000, 1, 300, Tls.OFF, "settled"), run("vertx", 1, c1, "ok", 1_050, 1, 200, Tls.OFF, "settled"),
        run("jdbc-platform", 2, c1, "ok", 1_100, 1, 300, Tls.OFF, "settled"), run("vertx", 2, c1, "ok", 1_000, 1, 200, Tls.OFF, "settled"),
        run("jdbc-platform", 1, c64, "ok", 9_000, 9, 300, Tls.OFF, "settled"),
        run("vertx", 1, c64, "ok", 12_000, 6, 200, Tls.OFF, "settled"),
        run("jdbc-platform", 2, c64, "ok", 9_200, 9, 300, Tls.OFF, "settled"),
        run("vertx", 2, c64, "ok", 12_400, 6, 200, Tls.OFF, "settled"));
    String v = Verdict.curve(runs, null, 16, 200);
    assertTrue(v.startsWith("Peaks: jdbc-platform 9,100 ops/s at concurrency 64; vertx 12,200 ops/s at concurrency 64"), v);
    assertTrue(v.contains("at concurrency 1 vertx and jdbc-platform within the noise on throughput")
        || v.contains("at concurrency 1 jdbc-platform and vertx within the noise on throughput"), v);
    assertTrue(v.contains("at concurrency 64 vertx leads on throughput (12,200 ops/s (12,000-12,400) vs 9,100 ops/s (9,000-9,200) for "
        + "jdbc-platform)"), v);
  }

  @Test
  void theTableShowsTheMedianAndRangeOfTheRounds() {
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, 10_000, 4, 300), run("vertx", 1, 11_500, 3, 200),
        run("jdbc-platform", 2, 10_200, 5, 320), run("vertx", 2, 11_700, 3.5, 210));
    String table = print(runs);
    List<String> lines = table.lines().toList();
    assertTrue(lines.get(0).contains("rounds") && lines.get(0).contains("unfinished") && lines.get(0).contains("tls"), table);
    String platform = lines.stream().filter(l -> l.startsWith("jdbc-platform")).findFirst().orElseThrow();
    assertTrue(platform.contains("10,100 (10,000-10,200)"), platform);
    assertTrue(platform.contains("4.500 (4.000-5.000)"), platform);
    assertTrue(platform.contains("310.0 (300.0-320.0)"), platform);
    assertTrue(platform.contains("0.87x"), "10,100 / 11,600: " + platform);
    String vertx = lines.stream().filter(l -> l.startsWith("vertx")).findFirst().orElseThrow();
    assertTrue(vertx.contains("11,600 (11,500-11,700)") && vertx.contains("1.00x"), vertx);
    assertEquals(2, lines.stream().filter(l -> l.startsWith("jdbc-platform") || l.startsWith("vertx")).count(), table);
  }

  @Test
  void oneRoundLooksAsBeforeAndNotSettledIsMarked() {
    String table = print(List.of(run("jdbc-platform", 1, 10_000, 4, 300),
        run("vertx", 1, CLOSED, "ok", 11_500, 3, 200, Tls.ON, "cap")));
    assertFalse(table.lines().findFirst().orElseThrow().contains("rounds"), table);
    assertTrue(table.contains("10,000") && !table.contains("(10,000"), table);
    assertTrue(table.contains("warm-up not settled (it hit its cap; the figures may include JIT work): vertx"), table);
    String vertx = table.lines().filter(l -> l.startsWith("vertx")).findFirst().orElseThrow();
    assertTrue(vertx.contains(" yes "), vertx);
  }

  @Test
  void vsBestComparesWithinALoadPointOnly() {
    LoadModel c1 = new LoadModel.Closed(0, 2_000, 1);
    String table = print(List.of(run("vertx", 1, c1, "ok", 1_000, 1, 200, Tls.OFF, "settled"),
        run("vertx", 1, CLOSED, "ok", 10_000, 4, 200, Tls.OFF, "settled")));
    assertEquals(2, table.lines().filter(l -> l.startsWith("vertx") && l.contains("1.00x")).count(),
        "each step is the best at its own load: " + table);
  }

  private static String print(List<RunRecord> runs) {
    var bytes = new ByteArrayOutputStream();
    ConsoleTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), runs);
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
