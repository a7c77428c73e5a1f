package dev.dbrace.runner.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.Share;
import dev.dbrace.core.result.RunRecord.ProcessFigures;
import dev.dbrace.core.run.Latency;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A shared run's outcome from its parts: ok when all measured, degraded naming the missing ones, their figures kept. */
class SharedOutcomeTest {
  private static final Instant GO = Instant.parse("2026-11-28T12:00:00Z");

  private static PartReport ok(String agent, int index, int of, long ops, double cpuS, long skewMicros) {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    for (long i = 0; i < ops; i++) {
      h.recordValue(1_000_000 + i * 10);
    }
    var result = new WorkerResult(Map.of(), ops, ops, 0, 0, 0, Map.of(), Map.of(), ops, ops, 3.0, ops / 3.0, Latency.of(h),
        null, null, null, null, "jvm", null, null, 32, new WorkerResult.Histograms(WorkerResult.Histograms.encode(h), null,
            null, null, null, null, null));
    var process = new ProcessFigures(cpuS, 0, cpuS * 1e6 / ops, 200, 10, 1, 40, 0, 1, 0.5, 0L, 0L, cpuS / 3 * 100, 3.0, 3.0);
    return new PartReport(agent, agent + ".local/10.231.7." + (index + 2), new Share(index, of), RunStatus.OK, null, result,
        process, List.of(), 9.5, SharedOutcome.micros(GO) + skewMicros, Map.of());
  }

  @Test
  void everyPartMeasuredMakesAnOkRunOfTheirMerge() {
    var out = SharedOutcome.of(List.of(ok("b", 1, 2, 3000, 1.5, 2_500), ok("a", 0, 2, 1000, 0.5, 800)), GO, false);
    assertEquals(RunStatus.OK, out.status());
    assertEquals(4000, out.result().ops());
    assertEquals(2.0, out.process().cpuUserS());
    assertEquals(500.0, out.process().cpuMsPer1kOps(), "2 s of CPU over 4,000 operations");
    assertEquals(List.of("a", "b"), out.agents().stream().map(a -> a.agent()).toList(), "in the order of the parts");
    assertEquals(0.8, out.agents().get(0).startSkewMs());
    assertEquals(2.5, out.agents().get(1).startSkewMs());
    assertNull(out.agents().get(0).result().histograms(), "race.json keeps figures, not histograms");
    assertEquals(1000, out.agents().get(0).result().ops(), "each agent's own figures kept");
    assertNull(out.agents().get(0).hlog(), "a part that sent no interval log names none");
  }

  @Test
  void aPartsIntervalLogIsInItsFolderOfTheRuns() {
    PartReport a = ok("a", 0, 2, 1000, 0.5, 800);
    PartReport withLog = new PartReport(a.agent(), a.host(), a.share(), a.status(), null, a.result(), a.process(),
        List.of(), a.wallS(), a.measureStartMicros(), Map.of("latency.hlog", "", "intervals.csv", ""));
    var out = SharedOutcome.of(List.of(withLog, ok("b", 1, 2, 3000, 1.5, 2_500)), GO, false);
    assertEquals("agents/1-10.231.7.2/latency.hlog", out.agents().get(0).hlog());
  }

  @Test
  void aLostAgentDegradesTheRunAndTheOthersFiguresAreKept() {
    var lost = PartReport.lost("b", "b.local/10.231.7.3", new Share(1, 2), "left the cluster during the run");
    var out = SharedOutcome.of(List.of(ok("a", 0, 2, 1000, 0.5, 800), lost), GO, false);
    assertEquals(RunStatus.DEGRADED, out.status());
    assertTrue(out.message().startsWith("agent b (b.local/10.231.7.3, part 2 of 2): crashed, left the cluster"),
        out.message());
    assertTrue(out.message().endsWith("the figures are the other 1 agent's (1 of 2 parts of the load)"), out.message());
    assertEquals(1000, out.result().ops());
    assertEquals(RunStatus.CRASHED, out.agents().get(1).status());
    assertNull(out.agents().get(1).startSkewMs());
  }

  @Test
  void noPartMeasuredIsTheFirstFailure() {
    var a = PartReport.lost("a", "h1", new Share(0, 2), "left the cluster during the run");
    var b = new PartReport("b", "h2", new Share(1, 2), RunStatus.FAILED, "stack could not open", null, null, List.of("x"),
        1, null, Map.of());
    var out = SharedOutcome.of(List.of(b, a), GO, false);
    assertEquals(RunStatus.CRASHED, out.status());
    assertNull(out.result());
    assertTrue(out.message().contains("agent b (h2, part 2 of 2): failed, stack could not open"), out.message());
  }

  @Test
  void ctrlCKeepsWhatWasMeasured() {
    var out = SharedOutcome.of(List.of(ok("a", 0, 1, 500, 0.2, 0)), GO, true);
    assertEquals(RunStatus.INTERRUPTED, out.status());
    assertEquals(500, out.result().ops());
  }
}
