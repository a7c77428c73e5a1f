package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.console.ConsoleTable;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.Latency;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
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
        warmupEnded, null, 0L, 0.0, 0L), null, "jvm", null, null, null, null);
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
        w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(), w.effectiveConcurrency(), null);
    return new RunRecord(stack, "/notifications/{user}", r.load(), r.loadModel(), r.purpose(), r.step(), r.round(), r.status(),
        null, List.of(), result, r.process(), r.server(), null, 9, r.process(), r.probes());
  }

  /** Where streaming is the point the verdict sets each first item beside its last byte, and says who streamed. */
  @Test
  void theNotificationVerdictSaysFirstItemAndLastByte() {
    String v = Verdict.race(List.of(notification("mvc-jdbc", 70, 2_300, 2_300), notification("webflux-r2dbc", 75, 40, 2_100)),
        16, 0).text();
    assertTrue(v.contains("Time to first item at p50 (from issue, as latency): mvc-jdbc 2,300 ms (all at once: first item = last byte);"
        + " webflux-r2dbc 40.0 ms, its last byte 2,100 ms (streamed)"), v);
    assertTrue(v.contains("webflux-r2dbc sent a first item soonest: 40.0 ms vs 2,300 ms for mvc-jdbc (57.50x)"), v);
    // a driver-level race (no first item recorded) says nothing of it
    assertFalse(Verdict.race(List.of(run("vertx", 1, 11_500, 3, 200), run("r2dbc", 1, 9_000, 3, 200)), 16, 200).text()
        .contains("first item"));
  }

  /**
   * Time to first item: with --wide two columns after the latency's where a run recorded it, none at the driver level;
   * the default table leaves them out and says so.
   */
  @Test
  void theTableShowsTimeToFirstItemWhereItWasRecorded() {
    List<RunRecord> runs = List.of(notification("mvc-jdbc", 70, 2_300, 2_300), notification("webflux-r2dbc", 75, 40, 2_100));
    String table = wide(runs);
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
    assertFalse(wide(List.of(run("vertx", 1, 11_500, 3, 200))).contains("ttfb"), "a driver-level table has no such column");
    String narrow = print(runs);
    assertFalse(narrow.contains("ttfb"), narrow);
    assertTrue(narrow.contains("\n" + (head.size() - 10) + " more columns: --wide, or race.json / summary.csv\n"), narrow);
  }

  /** CPU per 1,000 operations over a handful of successes among many failures compares nothing: left out. */
  @Test
  void aStackThatVerifiedUnderHalfOfItsOperationsIsLeftOutOfTheCpuComparison() {
    RunRecord fine = run("mvc-jdbc", 1, 200, 3, 100);
    RunRecord base = run("webflux-r2dbc", 1, 1, 3, 90_000); // 5 verified
    WorkerResult w = base.result();
    var mostlyFailed = new WorkerResult(w.versions(), 1_000, w.ops(), 995, 0, 0, w.errorsByKind(), w.errorSamples(),
        w.statements(), w.totalStatements(), w.durationS(), w.throughputOpsS(), w.latencyMs(), w.ttfbMs(),
        w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(), w.effectiveConcurrency(), null);
    RunRecord failing = new RunRecord(base.stack(), base.workload(), base.load(), base.loadModel(), base.purpose(), base.step(),
        base.round(), base.status(), null, List.of(), mostlyFailed, base.process(), base.server(), null, 9, base.process(),
        base.probes());
    var without = Verdict.race(List.of(fine, failing), 16, 0);
    assertEquals("verified under half of the operations it was due", without.dimension("cpu").excluded().get("webflux-r2dbc"),
        without.text());
    assertTrue(without.text().contains("CPU per operation: only mvc-jdbc ranked (not ranked: webflux-r2dbc, verified under"
        + " half of the operations it was due)"), without.text());
    String both = Verdict.race(List.of(fine, run("vertx", 1, 150, 3, 200)), 16, 0).text();
    assertTrue(both.contains("CPU per operation: mvc-jdbc best (100.0 ms vs 200.0 ms for vertx; not tested)"), both);
  }

  /** Three rounds of each stack at the given throughputs, p99s and CPU per 1,000 operations. */
  static List<RunRecord> rounds(String stack, double[] opsS, double[] p99, double[] cpu) {
    List<RunRecord> out = new ArrayList<>();
    for (int i = 0; i < opsS.length; i++) {
      out.add(run(stack, i + 1, opsS[i], p99[i], cpu[i]));
    }
    return out;
  }

  static List<RunRecord> race(List<List<RunRecord>> stacks) {
    return stacks.stream().flatMap(List::stream).sorted(Comparator.comparingInt(RunRecord::round)).toList();
  }

  @Test
  void aLeadTheRoundsSupportIsStatedWithItsRatioAndConfidence() {
    List<RunRecord> runs = race(List.of(
        rounds("jdbc-platform", new double[] {10_000, 10_200, 10_100}, new double[] {4, 4, 4}, new double[] {300, 320, 310}),
        rounds("vertx", new double[] {11_500, 11_700, 11_600}, new double[] {3, 3, 3}, new double[] {200, 210, 205})));
    dev.dbrace.core.result.Verdict verdict = Verdict.race(runs, 16, 200);
    String v = verdict.text();
    assertTrue(v.startsWith("Throughput: vertx leads, 1.15x jdbc-platform (median 11,600 vs 10,100 ops/s over 3 rounds,"
        + " p < 0.001); on no other figure is it proven behind. Also: p99: vertx leads, 1.33x jdbc-platform (3.00 ms vs"
        + " 4.00 ms); CPU per operation: vertx leads, 1.51x jdbc-platform (205.0 ms vs 310.0 ms). No lead on peak RSS or"
        + " threads: the rounds tell no stack apart."), v);
    assertTrue(v.contains("a closed loop at concurrency 64, pool 16, threads 200, TLS off"), v);
    assertTrue(v.contains("A lead is stated where the rounds prove it over 5 %, at 95 % confidence for the verdict as a whole"), v);
    assertFalse(v.contains("the server's own"), "no server CPU read, none said: " + v);
    var throughput = verdict.dimension("throughput");
    assertEquals("vertx", throughput.leader());
    assertTrue(throughput.supported());
    assertEquals(1.1485, throughput.ratio(), 1e-3);
    assertEquals(3, throughput.rounds());
    assertEquals(List.of("jdbc-platform"), throughput.behind());
    assertEquals(List.of("throughput", "latency", "cpu", "rss", "threads"),
        verdict.dimensions().stream().map(dev.dbrace.core.result.Verdict.Dimension::name).toList());
    assertFalse(verdict.dimension("rss").supported(), "equal RSS in every round: no lead");
  }

  /** The first sentence names what the throughput leader pays: its p99 and CPU, where the rounds prove them worse. */
  @Test
  void theTradeOffComesFirst() {
    List<RunRecord> runs = race(List.of(
        rounds("jdbc-platform", new double[] {66_000, 66_600, 67_200}, new double[] {16, 17, 18}, new double[] {30, 31, 32}),
        rounds("vertx", new double[] {60_500, 61_000, 61_400}, new double[] {2, 2.1, 2.2}, new double[] {20, 20.5, 21})));
    String v = Verdict.race(runs, 16, 200).text();
    assertTrue(v.startsWith("jdbc-platform: most throughput (1.09x vertx) but p99 8.10x vertx's and CPU per operation 1.51x"
        + " vertx's. Throughput: jdbc-platform leads, 1.09x vertx"), v);
  }

  /** Rounds that cross are noise, however far apart the medians; a stack the rounds put behind is named. */
  @Test
  void roundsThatCrossAreNoiseAndAStackFarBehindIsNamed() {
    List<RunRecord> runs = race(List.of(
        rounds("jdbc-platform", new double[] {52_452, 68_000, 76_500}, new double[] {4, 4, 4}, new double[] {30, 30, 30}),
        rounds("jdbc-virtual", new double[] {62_000, 64_000, 66_500}, new double[] {4, 4, 4}, new double[] {30, 30, 30}),
        rounds("r2dbc", new double[] {31_000, 32_500, 33_000}, new double[] {4, 4, 4}, new double[] {30, 30, 30})));
    var verdict = Verdict.race(runs, 16, 200);
    String v = verdict.text();
    assertTrue(v.startsWith("Throughput: jdbc-platform and jdbc-virtual are within the noise (jdbc-platform 68,000,"
        + " jdbc-virtual 64,000 ops/s over 3 rounds; jdbc-platform 1.06x jdbc-virtual at the median); behind at 95 %"
        + " confidence: r2dbc (0.48x jdbc-platform's)"), v);
    assertFalse(verdict.dimension("throughput").supported());
  }

  /** Two identical stacks a few percent apart on a steady figure (peak RSS 389 vs 376 MB) are not told apart: the margin. */
  @Test
  void aSteadyDifferenceUnderFivePercentIsNoLead() {
    List<RunRecord> runs = new ArrayList<>();
    double[] rssA = {391, 386, 389};
    for (int round = 1; round <= 3; round++) {
      runs.add(rss(run("jdbc-platform", round, 50_000 + 1_000 * round, 20, 20), rssA[round - 1]));
      runs.add(rss(run("jdbc-platform#2", round, 51_000 - 1_000 * round, 20, 20), 376));
    }
    var verdict = Verdict.race(runs, 16, 200);
    assertFalse(verdict.dimension("rss").supported(), verdict.text());
    assertTrue(verdict.dimensions().stream().noneMatch(d -> !d.behind().isEmpty()), verdict.text());
    assertTrue(verdict.text().contains("No lead on p99, CPU per operation, peak RSS or threads"), verdict.text());
  }

  /** The same run with another peak RSS. */
  static RunRecord rss(RunRecord r, double mb) {
    var p = r.process();
    return new RunRecord(r.stack(), r.workload(), r.load(), r.loadModel(), r.purpose(), r.step(), r.round(), r.status(), null,
        List.of(), r.result(), new RunRecord.ProcessFigures(p.cpuUserS(), p.cpuSysS(), p.cpuMsPer1kOps(), mb, p.ctxVoluntary(),
        p.ctxInvoluntary(), p.peakThreads(), p.jitCpuS(), p.warmupCpuS(), p.warmupJitCpuS()), r.server(), null, 9, null,
        r.probes());
  }

  /** Two rounds are too few to test a lead: the best median is named and the verdict says it was not tested. */
  @Test
  void twoRoundsAreNotTested() {
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, 66_000, 4, 300), run("vertx", 1, 60_500, 3, 200),
        run("jdbc-platform", 2, 67_200, 4, 320), run("vertx", 2, 61_400, 3, 210));
    var verdict = Verdict.race(runs, 16, 200);
    assertTrue(verdict.text().startsWith("Throughput: jdbc-platform best at 66,600 ops/s, 1.09x vertx (60,950 ops/s); too few"
        + " rounds, so not tested"), verdict.text());
    assertFalse(verdict.dimension("throughput").supported());
    assertEquals(null, verdict.dimension("throughput").pValue());
  }

  /** An open loop is judged on latency, never on throughput (every stack that keeps up delivers the rate). */
  @Test
  void anOpenLoopIsJudgedOnLatencyAndErrorsKeepAStackFromLeading() {
    LoadModel open = new LoadModel.Open(1_000, 5_000, 1024, "constant");
    List<RunRecord> runs = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      runs.add(run("vertx", round, open, "ok", 1_000, 2 + 0.1 * round, 200, Tls.OFF, "settled"));
      runs.add(run("jdbc-platform", round, open, "ok", 1_000, 9 + 0.2 * round, 300, Tls.OFF, "settled"));
      runs.add(withErrors(run("r2dbc", round, open, "ok", 950, 0.5, 250, Tls.OFF, "settled"), 250));
    }
    var verdict = Verdict.race(runs, 16, 200);
    assertEquals(null, verdict.dimension("throughput"), "an open loop's throughput is the offered rate");
    var latency = verdict.dimension("latency");
    assertEquals("vertx", latency.leader());
    assertTrue(latency.supported(), verdict.text());
    assertTrue(latency.excluded().get("r2dbc").contains("errors and refusals, over the 0.10 % budget"), latency.excluded().toString());
    assertTrue(verdict.text().startsWith("P99 latency: vertx leads, 4.27x jdbc-platform (median 2.20 vs 9.40 ms over 3 rounds,"
        + " p < 0.001); not ranked: r2dbc (5.06 % errors and refusals, over the 0.10 % budget)"), verdict.text());
  }

  /** The same run with {@code errors} failed operations among those it issued. */
  static RunRecord withErrors(RunRecord r, long errors) {
    WorkerResult w = r.result();
    var failing = new WorkerResult(w.versions(), w.issued() + errors, w.ops(), w.errors() + errors, w.unfinished(), w.notIssued(),
        w.errorsByKind(), w.errorSamples(), w.statements(), w.totalStatements(), w.durationS(), w.throughputOpsS(),
        w.latencyMs(), w.ttfbMs(), w.serviceLatencyMs(), w.warmup(), w.gc(), w.jvm(), w.errorLatencyMs(), w.issueLatenessMs(),
        w.effectiveConcurrency(), null);
    return r.withResult(failing);
  }

  /** Where the server's CPU was read (a server on this machine), the verdict gives it for the cheapest and the dearest. */
  @Test
  void theServersCpuForTheCheapestAndTheDearest() {
    BiFunction<RunRecord, Double, RunRecord> server = (r, ms) ->
        r.withProbes(p -> p.withServerCpu(new RunRecord.ProcessCpu(1, 1, ms, 90)));
    List<RunRecord> runs = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      runs.add(server.apply(run("jdbc-platform", round, 10_000 + 100 * round, 4, 300 + 10 * round), 140.0 + 10 * round));
      runs.add(server.apply(run("vertx", round, 11_500 + 100 * round, 3, 200 + 5 * round), 100.0 + 10 * round));
    }
    String v = Verdict.race(runs, 16, 200).text();
    assertTrue(v.contains("The server's own CPU per 1,000 operations: 120.0 ms for vertx's (the cheapest client, 210.0 ms),"
        + " 160.0 ms for jdbc-platform's (the dearest, 320.0 ms)"), v);
  }

  @Test
  void oneRoundSaysItIsNotTestedAndUnknownTlsIsSaid() {
    List<RunRecord> runs = List.of(run("r2dbc", 1, CLOSED, "ok", 8_000, 5, 250, null, "settled"),
        run("vertx", 1, CLOSED, "ok", 6_000, 5, 250, Tls.OFF, "cap"));
    String v = Verdict.race(runs, 8, 50).text();
    assertTrue(v.startsWith("Throughput: r2dbc best at 8,000 ops/s, 1.33x vertx (6,000 ops/s); one round, so not tested"), v);
    assertTrue(v.contains("TLS unknown"), v);
    assertTrue(v.contains("warm-up did not settle (hit its cap) for vertx"), v);
  }

  @Test
  void runsThatDidNotFinishOkAreNeverTheLeader() {
    List<RunRecord> runs = List.of(run("jdbc-platform", 1, 9_000, 4, 300),
        run("vertx", 1, CLOSED, "hung", 50_000, 3, 200, Tls.OFF, "settled"));
    String v = Verdict.race(runs, 16, 200).text();
    assertTrue(v.startsWith("only jdbc-platform has figures: 9,000 ops/s"), v);
    assertTrue(v.contains("Not counted (no ok run with figures): vertx (hung)"), v);
  }

  /** A run that agents shared and one of them left: its figures are a part of the load's, so never a lead. */
  @Test
  void degradedRunsAreLeftOutAndSaidSo() {
    List<RunRecord> runs = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      runs.add(run("jdbc-platform", round, 9_000, 4, 300));
      runs.add(run("vertx", round, CLOSED, round == 2 ? "degraded" : "ok", round == 2 ? 90_000 : 8_000, 3, 200, Tls.OFF,
          "settled"));
    }
    String v = Verdict.race(runs, 16, 200).text();
    assertTrue(v.contains("Not counted (no ok run with figures): vertx (round 2 degraded)"), v);
    assertTrue(!v.startsWith("vertx"), "a degraded run's figures lead nothing: " + v);
  }

  /** race.json keeps the verdict as an object; a race.json whose verdict is a string (formats 1 and 2) still reads. */
  @Test
  void theVerdictIsAnObjectInRaceJsonAndAnOldStringStillReads() throws Exception {
    List<RunRecord> runs = race(List.of(
        rounds("jdbc-platform", new double[] {10_000, 10_200, 10_100}, new double[] {4, 4, 4}, new double[] {300, 320, 310}),
        rounds("vertx", new double[] {11_500, 11_700, 11_600}, new double[] {3, 3, 3}, new double[] {200, 210, 205})));
    var verdict = Verdict.race(runs, 16, 200);
    var json = Json.MAPPER.writeValueAsString(verdict);
    assertTrue(json.contains("\"dimensions\":[{\"name\":\"throughput\""), json);
    assertTrue(json.contains("\"higher_is_better\":true"), json);
    assertEquals(verdict, Json.MAPPER.readValue(json, dev.dbrace.core.result.Verdict.class));
    var old = Json.MAPPER.readValue("\"vertx led every round\"", dev.dbrace.core.result.Verdict.class);
    assertEquals("vertx led every round", old.text());
    assertTrue(old.dimensions().isEmpty());
  }

  @Test
  void aCurveNamesEachStacksPeakAndTheLeaderAtEachLoad() {
    LoadModel c1 = new LoadModel.Closed(0, 2_000, 1);
    LoadModel c64 = new LoadModel.Closed(0, 2_000, 64);
    List<RunRecord> runs = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      runs.add(run("jdbc-platform", round, c1, "ok", 1_000 + 50 * (round % 2), 1, 300, Tls.OFF, "settled"));
      runs.add(run("vertx", round, c1, "ok", 1_050 - 50 * (round % 2), 1, 200, Tls.OFF, "settled"));
    }
    for (int round = 1; round <= 3; round++) {
      runs.add(run("jdbc-platform", round, c64, "ok", 9_000 + 100 * round, 9, 300, Tls.OFF, "settled"));
      runs.add(run("vertx", round, c64, "ok", 12_000 + 200 * round, 6, 200, Tls.OFF, "settled"));
    }
    var verdict = Verdict.curve(runs, null, 16, 200);
    String v = verdict.text();
    assertTrue(v.startsWith("Peaks: jdbc-platform 9,200 ops/s at concurrency 64; vertx 12,400 ops/s at concurrency 64"), v);
    assertTrue(v.contains("at concurrency 1 jdbc-platform and vertx are within the noise")
        || v.contains("at concurrency 1 vertx and jdbc-platform are within the noise"), v);
    assertTrue(v.contains("at concurrency 64 vertx leads, 1.35x jdbc-platform (median 12,400 vs 9,200 ops/s over 3 rounds, p"),
        v);
    assertEquals(2, verdict.dimensions().size());
    assertEquals("concurrency 64", verdict.dimensions().get(1).at());
  }

  /** A curve of one round per step names the best at each load but tests no lead, and says so. */
  @Test
  void aCurveOfOneRoundTestsNoLead() {
    LoadModel c64 = new LoadModel.Closed(0, 2_000, 64);
    String v = Verdict.curve(List.of(run("jdbc-platform", 1, c64, "ok", 9_000, 9, 300, Tls.OFF, "settled"),
        run("vertx", 1, c64, "ok", 12_000, 6, 200, Tls.OFF, "settled")), null, 16, 200).text();
    assertTrue(v.contains("at concurrency 64 vertx best at 12,000 ops/s, 1.33x jdbc-platform (9,000 ops/s); one round, so"
        + " not tested"), v);
    assertTrue(v.contains("One round per step, so no lead is tested: --rounds 3 or more says which hold"), v);
    assertFalse(v.contains(" leads,"), v);
  }

  /** Both tables show throughput, p99 and CPU per 1,000 operations as the rounds' median and range; --wide also the count. */
  @Test
  void theTableShowsTheMedianAndRangeOfTheRounds() {
    List<RunRecord> runs = List.of(
        run("jdbc-platform", 1, 10_000, 4, 300), run("vertx", 1, 11_500, 3, 200),
        run("jdbc-platform", 2, 10_200, 5, 320), run("vertx", 2, 11_700, 3.5, 210));
    String wide = wide(runs);
    String head = wide.lines().findFirst().orElseThrow();
    assertTrue(head.contains("rounds") && head.contains("unfinished") && head.contains("tls"), wide);
    for (String table : List.of(print(runs), wide)) {
      List<String> lines = table.lines().toList();
      String platform = lines.stream().filter(l -> l.startsWith("jdbc-platform")).findFirst().orElseThrow();
      assertTrue(platform.contains("10,100 (10,000-10,200)"), platform);
      assertTrue(platform.contains("4.500 (4.000-5.000)"), platform);
      assertTrue(platform.contains("310.0 (300.0-320.0)"), platform);
      assertTrue(platform.contains("0.87x"), "10,100 / 11,600: " + platform);
      String vertx = lines.stream().filter(l -> l.startsWith("vertx")).findFirst().orElseThrow();
      assertTrue(vertx.contains("11,600 (11,500-11,700)") && vertx.contains("1.00x"), vertx);
      assertEquals(2, lines.stream().filter(l -> l.startsWith("jdbc-platform") || l.startsWith("vertx")).count(), table);
    }
  }

  @Test
  void oneRoundLooksAsBeforeAndNotSettledIsMarked() {
    List<RunRecord> runs = List.of(run("jdbc-platform", 1, 10_000, 4, 300),
        run("vertx", 1, CLOSED, "ok", 11_500, 3, 200, Tls.ON, "cap"));
    assertFalse(wide(runs).lines().findFirst().orElseThrow().contains("rounds"), wide(runs));
    String table = print(runs);
    assertTrue(table.contains("10,000") && !table.contains("(10,000"), table);
    assertTrue(table.contains("warm-up not settled (it hit its cap; the figures may include JIT work): vertx"), table);
    List<String> vertx = List.of(table.lines().filter(l -> l.startsWith("vertx")).findFirst().orElseThrow().split("\\s{2,}"));
    assertEquals("yes", vertx.getLast(), "the default table ends with TLS: " + table);
  }

  @Test
  void vsBestComparesWithinALoadPointOnly() {
    LoadModel c1 = new LoadModel.Closed(0, 2_000, 1);
    String table = print(List.of(run("vertx", 1, c1, "ok", 1_000, 1, 200, Tls.OFF, "settled"),
        run("vertx", 1, CLOSED, "ok", 10_000, 4, 200, Tls.OFF, "settled")));
    assertEquals(2, table.lines().filter(l -> l.startsWith("vertx") && l.contains("1.00x")).count(),
        "each step is the best at its own load: " + table);
  }

  /** The table as a race prints it by default. */
  static String print(List<RunRecord> runs) {
    return print(runs, false);
  }

  /** The table with every column, as {@code --wide} prints it. */
  static String wide(List<RunRecord> runs) {
    return print(runs, true);
  }

  static String print(List<RunRecord> runs, boolean wide) {
    var bytes = new ByteArrayOutputStream();
    ConsoleTable.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), runs, wide);
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
