package dev.dbrace.runner.recovery;

import dev.dbrace.core.load.IntervalLog;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A latency log and the counts file beside it, written the way the worker writes them, from a planned
 * series of 1 s intervals: the input of the spike and fault analyses' tests.
 */
public final class IntervalFiles {
  private IntervalFiles() {}

  /** One interval: its p99 in ms (0: nothing completed, no histogram logged), errors and arrivals not issued. */
  public record Planned(double p99Ms, long errors, long notIssued) {}

  public static Planned p(double p99Ms, long errors, long notIssued) {
    return new Planned(p99Ms, errors, notIssued);
  }

  /**
   * Writes {@code latency.hlog} in {@code dir} and {@link IntervalLog#COUNTS_FILE} beside it: interval k from
   * {@code firstMs} + k s for 1 s, each that completed anything with 100 operations whose p99 is the planned one;
   * the counts file notes the measured phase's start at {@code measureStartMs}.
   */
  public static Path write(Path dir, long firstMs, long measureStartMs, List<Planned> plan) throws Exception {
    Path hlog = dir.resolve("latency.hlog");
    List<String> counts = new ArrayList<>(List.of(IntervalLog.COUNTS_HEADER, IntervalLog.MEASURE_START + measureStartMs));
    try (PrintStream out = new PrintStream(hlog.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(firstMs - 5_000);
      writer.setBaseTime(firstMs - 5_000);
      writer.outputLegend();
      for (int k = 0; k < plan.size(); k++) {
        Planned p = plan.get(k);
        long start = firstMs + k * 1000L;
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
}
