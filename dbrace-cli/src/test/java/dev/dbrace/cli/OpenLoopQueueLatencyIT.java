package dev.dbrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.RunListener;
import java.io.FileInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open loop against the real database, with a workload whose service time is known: every
 * operation sleeps 50 ms in PostgreSQL and the pool has 2 connections, so a stack serves at most
 * 40 operations per second. Offered more than that, the queue grows for the whole run and so must
 * the reported latency; a generator with coordinated omission would report about 50 ms.
 */
public class OpenLoopQueueLatencyIT {
  static final Map<String, String> SLEEP_50MS = Map.of("sleep", "0.05", "fraction", "1");

  static RaceSettings settings(String stack, LoadModel.Open load) {
    return Races.settings(List.of(stack), Workloads.byName("slow-mix", SLEEP_50MS), load, 2, 0);
  }

  @Test
  void overloadShowsTheQueueInTheLatency(@TempDir Path out) throws Exception {
    // 80/s offered to a 40/s stack for 4 s: the last arrivals wait ~2 s behind ~80 earlier ones
    var load = new LoadModel.Open(80, 4000, 10_000, "constant");
    RunRecord r = Races.run(settings("jdbc-platform", load), out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    assertEquals(0, r.result().notIssued(), "the in-flight limit was never reached");
    assertTrue(Math.abs(r.result().issued() - 320) <= 4, "80/s for 4 s arrive on schedule: " + r.result().issued());
    assertTrue(r.result().latencyMs().p99() > 1000, "p99 from intended start includes the queue: " + r.result().latencyMs());
    assertTrue(r.result().latencyMs().p50() > 300, "half the operations queued: " + r.result().latencyMs());
    assertTrue(r.result().throughputOpsS() < 45, "the stack cannot go faster than 2 connections x 20/s: " + r.result().throughputOpsS());

    // latency grows with run time: the last second's worst is far above the first second's
    List<Histogram> intervals = intervals(out.resolve(r.hlog()));
    assertTrue(intervals.size() >= 4, "one interval per second: " + intervals.size());
    long first = intervals.get(0).getMaxValue();
    long last = intervals.stream().skip(2).mapToLong(Histogram::getMaxValue).max().orElse(0);
    assertTrue(last > 3 * first, "late intervals " + last / 1e6 + " ms vs first " + first / 1e6 + " ms");
  }

  @Test
  void belowCapacityLatencyIsTheServiceTime(@TempDir Path out) throws Exception {
    var load = new LoadModel.Open(20, 3000, 10_000, "constant");
    RunRecord r = Races.run(settings("vertx", load), out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertEquals(0, r.result().errors());
    assertEquals(0, r.result().notIssued());
    assertTrue(r.result().latencyMs().p50() >= 50 && r.result().latencyMs().p50() < 150,
        "p50 ~ the 50 ms sleep: " + r.result().latencyMs());
    assertTrue(Math.abs(r.result().throughputOpsS() - 20) < 3, "achieved = offered below capacity: " + r.result().throughputOpsS());
    assertNotNull(r.result().serviceLatencyMs(), "open loop reports service time too");
  }

  @Test
  void arrivalsBeyondTheInFlightLimitAreCountedNotDropped(@TempDir Path out) throws Exception {
    var load = new LoadModel.Open(80, 3000, 4, "poisson");
    RunRecord r = Races.run(settings("r2dbc", load), out, new RunListener() {}).get(0);
    assertEquals("ok", r.status().label(), () -> r.message() + " " + r.stderrTail());
    assertTrue(r.result().notIssued() > 0, "at most 4 in flight at 80/s against 40/s: some arrivals cannot be sent");
    assertEquals(r.result().issued(), r.result().ops() + r.result().errors() + r.result().unfinished());
    long due = r.result().issued() + r.result().notIssued();
    assertTrue(due > 150 && due < 330, "every arrival is either issued or counted as not issued: " + due);
    assertTrue(r.errorRate() > 0.1, "not issued counts against the SLA: " + r.errorRate());
  }

  static List<Histogram> intervals(Path hlog) throws Exception {
    List<Histogram> out = new ArrayList<>();
    try (var in = new FileInputStream(hlog.toFile())) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (!"warmup".equals(h.getTag()) && h instanceof Histogram hist && hist.getTotalCount() > 0) {
          out.add(hist);
        }
      }
    }
    return out;
  }
}
