package dev.dbrace.runner.spike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recovery rule on a known series: a latency log and counts file written here the way the
 * worker writes them, 1 s intervals that do not line up with the measured phase's start (the
 * worker's ticker starts before it).
 */
class SpikeRecoveryTest {
  private static final long ZERO = 1_700_000_000_000L; // the measured phase's start, epoch ms
  private static final long FIRST = ZERO - 300; // the first interval's start

  /** One interval: its p99 in ms (0: nothing completed, no histogram logged), errors and not issued. */
  private record Planned(double p99Ms, long errors, long notIssued) {}

  private static Path write(Path dir, List<Planned> plan) throws Exception {
    Path hlog = dir.resolve("latency.hlog");
    List<String> counts = new ArrayList<>(List.of(IntervalLog.COUNTS_HEADER, IntervalLog.MEASURE_START + ZERO));
    try (PrintStream out = new PrintStream(hlog.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(FIRST - 5_000);
      writer.setBaseTime(FIRST - 5_000);
      writer.outputLegend();
      for (int k = 0; k < plan.size(); k++) {
        Planned p = plan.get(k);
        long start = FIRST + k * 1000L;
        long end = start + 1000;
        long ok = 0;
        if (p.p99Ms() > 0) {
          Histogram h = new Histogram(3_600_000_000_000L, 3);
          h.recordValueWithCount(Math.min(1_000_000, (long) (p.p99Ms() * 1e6)), 98); // 1 ms, or less
          h.recordValueWithCount((long) (p.p99Ms() * 1e6), 2); // the top 2 % set the p99
          h.setStartTimeStamp(start);
          h.setEndTimeStamp(end);
          writer.outputIntervalHistogram(h);
          ok = h.getTotalCount();
        }
        counts.add(start + "," + end + "," + ok + "," + p.errors() + "," + p.notIssued());
      }
    }
    Files.write(hlog.resolveSibling(IntervalLog.COUNTS_FILE), counts);
    return hlog;
  }

  private static Planned p(double p99, long errors, long notIssued) {
    return new Planned(p99, errors, notIssued);
  }

  @Test
  void recoveryIsTheStartOfThreeIntervalsBackUnderTheLimit(@TempDir Path dir) throws Exception {
    // intervals [k - 0.3 s, k + 0.7 s]; the spike from 4 s to 6 s
    Path hlog = write(dir, List.of(
        p(30, 0, 0), p(2, 0, 0), p(2, 0, 0), p(2, 0, 0), // end by 3.7 s: the last 3 give the pre-spike p99, 2 ms
        p(50, 0, 0), p(80, 3, 10), p(40, 0, 4), // 3.7-6.7: overlap the window
        p(2.5, 1, 0), p(0, 0, 2), // 6.7-8.7: one good, then one in which nothing completed: not yet
        p(2.2, 5, 0), p(2.1, 0, 0), p(2.9, 0, 0), // 8.7-11.7: three good from 8.7 s
        p(90, 0, 0)));
    // the runner heard of the measured phase 200 ms after the worker began it: the worker's own time counts
    Spikes s = SpikeRecovery.of(List.of(new LoadModel.Spike(1000, 4_000, 2_000)), ZERO + 200, hlog);
    assertNull(s.note(), s.note());
    assertEquals(2.0, s.preSpikeP99Ms(), 0.01, "the open loop's first second from idle (30 ms) is not the baseline");
    assertEquals(3.0, s.recoveredBelowMs(), 0.01, "1.5x 2 ms (above 2 ms + 1 ms only just)");
    assertEquals(13, s.seconds().size(), "every interval, the empty one too");
    assertNull(s.seconds().get(8).p99Ms(), "nothing completed: no p99");
    SpikeWindow w = s.windows().getFirst();
    assertEquals("1000@4s+2s", w.spike());
    assertEquals(2.7, w.recoveryS(), 1e-9, "from 6 s to the start of 8.7 s");
    assertEquals(80, w.peakP99Ms(), 0.1, "the later 90 ms is after the recovery");
    assertEquals(3, w.errorsDuring());
    assertEquals(14, w.notIssuedDuring());
    assertEquals(1, w.errorsAfter(), "until the recovery: the 5 errors at 8.7 s are after it");
    assertEquals(2, w.notIssuedAfter());
  }

  @Test
  void aStackThatNeverGetsBackIsNotRecoveredAndOneThatNeverSlowedRecoversAtOnce(@TempDir Path dir) throws Exception {
    Path hlog = write(dir, List.of(p(0.5, 0, 0), p(0.5, 0, 0), p(0.6, 0, 0), p(0.9, 0, 0), p(1.2, 0, 0),
        p(0.5, 0, 0), p(0.5, 0, 0), p(30, 0, 0), p(40, 0, 7), p(1, 0, 0), p(1, 0, 0)));
    // spike 1 (2-4 s) barely shows: under the floor (pre-spike p99 + 1 ms) all along; spike 2 (7-8 s) never settles
    Spikes s = SpikeRecovery.of(List.of(new LoadModel.Spike(500, 2_000, 2_000), new LoadModel.Spike(500, 7_000, 1_000)),
        ZERO, hlog);
    assertEquals(0.5, s.preSpikeP99Ms(), 0.01, "the intervals ending by 2 s");
    assertEquals(1.5, s.recoveredBelowMs(), 0.01, "the floor: 0.5 ms + 1 ms is above 1.5x 0.5 ms");
    assertEquals(0.0, s.windows().get(0).recoveryS(), 1e-9, "the interval straddling the window's end is already good");
    SpikeWindow second = s.windows().get(1);
    assertNull(second.recoveryS(), "two good intervals at the end are not three");
    assertEquals(40, second.peakP99Ms(), 0.1);
    assertEquals(7, second.notIssuedDuring() + second.notIssuedAfter());
  }

  @Test
  void withoutTheCountsFileTheLogAloneGivesTheLatencyAndNoDrops(@TempDir Path dir) throws Exception {
    Path hlog = write(dir, List.of(p(2, 0, 0), p(2, 0, 0), p(20, 1, 1), p(2, 0, 0), p(2, 0, 0), p(2, 0, 0)));
    Files.delete(hlog.resolveSibling(IntervalLog.COUNTS_FILE));
    Spikes s = SpikeRecovery.of(List.of(new LoadModel.Spike(500, 1_000, 1_000)), ZERO, hlog);
    SpikeWindow w = s.windows().getFirst();
    assertNotNull(w.recoveryS());
    assertEquals(0.7, w.recoveryS(), 1e-9, "from 2 s to the interval starting at 2.7 s");
    assertEquals(1.0, w.startS(), 1e-9, "no note of the worker's start: the runner's is zero");
    assertNull(w.errorsDuring(), "no counts: drops unknown, not 0");
    assertTrue(s.note().contains(IntervalLog.COUNTS_FILE), s.note());
  }
}
