package dev.dbrace.runner.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The union of the agents' interval logs: every operation in exactly one interval, warm-up and measured apart. */
class IntervalLogsTest {

  /** A log from {@code start} (epoch ms) of one warm-up second then {@code seconds} measured ones of {@code perSecond}. */
  private static Path log(Path dir, String name, long start, int seconds, int perSecond, long latencyNs, Histogram all)
      throws Exception {
    Path file = dir.resolve(name);
    try (PrintStream ps = new PrintStream(file.toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      w.outputStartTime(start);
      w.setBaseTime(start);
      w.outputLegend();
      for (int s = 0; s <= seconds; s++) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        h.setStartTimeStamp(start + s * 1000L);
        h.setEndTimeStamp(start + s * 1000L + 1000);
        h.recordValueWithCount(latencyNs + s, perSecond);
        if (s == 0) {
          h.setTag("warmup");
        } else {
          all.recordValueWithCount(latencyNs + s, perSecond);
        }
        w.outputIntervalHistogram(h);
      }
    }
    return file;
  }

  @Test
  void theUnionHoldsEveryMeasuredOperationOnceAndKeepsWarmUpApart(@TempDir Path dir) throws Exception {
    Histogram measured = new Histogram(3_600_000_000_000L, 3);
    long t = 1_800_000_000_000L;
    Path a = log(dir, "a.hlog", t, 5, 100, 1_000_000, measured);
    Path b = log(dir, "b.hlog", t + 430, 5, 300, 9_000_000, measured); // its ticker 430 ms behind a's
    Path out = dir.resolve("union.hlog");
    IntervalLogs.union(List.of(a, b), out);
    Histogram unionMeasured = new Histogram(3);
    long warmup = 0;
    int intervals = 0;
    HistogramLogReader r = new HistogramLogReader(out.toFile());
    EncodableHistogram e;
    while ((e = r.nextIntervalHistogram()) != null) {
      intervals++;
      if ("warmup".equals(e.getTag())) {
        warmup += ((Histogram) e).getTotalCount();
      } else {
        unionMeasured.add((Histogram) e);
      }
    }
    assertEquals(400, warmup, "both warm-ups, tagged");
    assertEquals(measured.getTotalCount(), unionMeasured.getTotalCount());
    assertEquals(measured.getValueAtPercentile(50), unionMeasured.getValueAtPercentile(50));
    assertEquals(measured.getValueAtPercentile(99), unionMeasured.getValueAtPercentile(99));
    assertEquals(6, intervals, "one warm-up second and five measured ones: b's intervals fall in the seconds they start in");
  }
}
