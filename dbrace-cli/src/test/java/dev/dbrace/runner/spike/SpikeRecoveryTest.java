package dev.dbrace.runner.spike;

import static dev.dbrace.runner.recovery.IntervalFiles.p;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.IntervalLog;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
import dev.dbrace.runner.recovery.IntervalFiles;
import dev.dbrace.runner.recovery.IntervalFiles.Planned;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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

  private static Path write(Path dir, List<Planned> plan) throws Exception {
    return IntervalFiles.write(dir, FIRST, ZERO, plan);
  }

  @Test
  void recoveryIsTheStartOfThreeIntervalsBackUnderTheLimit(@TempDir Path dir) throws Exception {
    // intervals [k - 0.3 s, k + 0.7 s]; the spike from 4 s to 6 s
    Path hlog = write(dir, List.of(
        p(30, 0, 0), p(2, 0, 0), p(2, 0, 0), p(2, 0, 0), // end by 3.7 s: the last 3 give the pre-spike p99, 2 ms
        p(50, 0, 0), p(80, 3, 0), p(40, 0, 0), // 3.7-6.7: overlap the window
        p(2.5, 1, 0), p(0, 0, 0), // 6.7-8.7: fast but an error (none before the spike), then nothing completed: not yet
        p(2.2, 0, 0), p(2.1, 0, 0), p(2.9, 0, 0), // 8.7-11.7: three good from 8.7 s
        p(90, 5, 7))); // after the recovery: neither its latency nor its drops are the spike's
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
    assertEquals(0, w.notIssuedDuring());
    assertEquals(1, w.errorsAfter(), "until the recovery: the 5 errors at 11.7 s are after it");
    assertEquals(0, w.notIssuedAfter(), "the 7 not issued at 11.7 s likewise");
    assertEquals(90, s.seconds().get(12).p99Ms(), 0.1, "7 of 107 refused: ranked at the run's slowest, 90 ms");
  }

  /**
   * A stack that sheds a spike by refusing arrivals at the in-flight limit answers the few it takes
   * fast: its p99 of answers never leaves the limit. It has not recovered while it still refuses,
   * and its peak p99 ranks the refused as the run's percentiles do, at the run's slowest latency.
   */
  @Test
  void aStackThatShedsTheSpikeByRefusingHasNotRecoveredWhileItRefuses(@TempDir Path dir) throws Exception {
    // intervals [k - 0.3 s, k + 0.7 s]; the spike from 4 s to 7 s
    Path hlog = write(dir, List.of(
        p(30, 0, 0), p(2, 0, 0), p(2, 0, 0), p(2, 0, 0), // the first second from idle is the run's slowest
        p(1.5, 0, 300), p(1.5, 0, 300), p(1.5, 0, 300), // 3.7-6.7: 300 of every 400 arrivals refused, the rest fast
        p(1.5, 0, 200), p(1.5, 0, 50), // 6.7-8.7: still refusing
        p(1.5, 0, 0), p(1.5, 0, 0), p(1.5, 0, 0), p(1.5, 0, 0))); // 8.7 s on: everything taken
    Spikes s = SpikeRecovery.of(List.of(new LoadModel.Spike(400, 4_000, 3_000)), ZERO, hlog);
    assertEquals(2.0, s.preSpikeP99Ms(), 0.01);
    SpikeWindow w = s.windows().getFirst();
    assertNotNull(w.recoveryS(), s.toString());
    assertEquals(1.7, w.recoveryS(), 1e-9, "from 7 s to the first interval that refuses none, at 8.7 s");
    assertEquals(30, w.peakP99Ms(), 0.1, "three in four refused: the p99 is the run's slowest latency");
    assertEquals(1_100, w.notIssuedDuring());
    assertEquals(50, w.notIssuedAfter());
    assertEquals(30, s.seconds().get(5).p99Ms(), 0.1, "the per-second p99 ranks them the same way");
    assertEquals(1.5, s.seconds().get(9).p99Ms(), 0.01, "nothing refused: the answers' own p99");
  }

  /** A stack that dropped a little before the spike has recovered when it drops no larger a share than that. */
  @Test
  void theDropsAllowedARecoveredIntervalAreThePreSpikeShare(@TempDir Path dir) throws Exception {
    // 1 error in every 101 in the three intervals before the spike (1.7-4.7 s); the spike from 5 s to 6 s
    Path hlog = write(dir, List.of(p(2, 0, 0), p(2, 0, 0), p(2, 1, 0), p(2, 1, 0), p(2, 1, 0),
        p(2, 3, 0), p(2, 5, 0), // 4.7-6.7: fast, but 5 in 105 in the interval ending after the window
        p(2, 1, 0), p(2, 1, 0), p(2, 0, 0), p(2, 1, 0))); // 6.7 s on: 1 in 101 at most
    Spikes s = SpikeRecovery.of(List.of(new LoadModel.Spike(400, 5_000, 1_000)), ZERO, hlog);
    SpikeWindow w = s.windows().getFirst();
    assertNotNull(w.recoveryS(), s.toString());
    assertEquals(0.7, w.recoveryS(), 1e-9, "from 6 s to 6.7 s: the interval before drops 5 in 105");
    assertEquals(2.0, w.peakP99Ms(), 0.01, "errors are kept apart from the latency, as in the run's percentiles");
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
