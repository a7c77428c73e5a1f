package dev.dbrace.runner.shared;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The union of the agents' interval logs of a shared run, as one {@code .hlog} the report and the recovery analyses
 * read like a local run's: every agent's intervals added into the second (from the earliest agent's first interval) in
 * which they start, warm-up and measured kept apart by their tag. Every operation of every log is in exactly one
 * interval of the union, so its totals are the union's exactly; an interval's edges are within a second of the agents'
 * own (their tickers do not tick together).
 */
public final class IntervalLogs {
  private IntervalLogs() {}

  /** Writes the union of {@code logs} to {@code out}. */
  public static void union(List<Path> logs, Path out) throws IOException {
    List<EncodableHistogram> intervals = new ArrayList<>();
    for (Path log : logs) {
      HistogramLogReader reader = new HistogramLogReader(log.toFile());
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        intervals.add(h);
      }
    }
    if (intervals.isEmpty()) {
      return;
    }
    long origin = intervals.stream().mapToLong(EncodableHistogram::getStartTimeStamp).min().orElseThrow();
    // (second, tag) -> the sum of the intervals starting in it; warm-up (tagged) before measured within a second
    Map<Long, Map<String, Histogram>> bySecond = new TreeMap<>();
    for (EncodableHistogram e : intervals) {
      long second = (e.getStartTimeStamp() - origin) / 1000;
      String tag = Objects.requireNonNullElse(e.getTag(), "");
      Histogram sum = bySecond.computeIfAbsent(second, k -> new TreeMap<>(Comparator.reverseOrder()))
          .computeIfAbsent(tag, k -> {
            Histogram fresh = new Histogram(3);
            fresh.setStartTimeStamp(origin + second * 1000);
            fresh.setEndTimeStamp(origin + second * 1000);
            return fresh;
          });
      sum.add((Histogram) e);
      sum.setEndTimeStamp(Math.max(sum.getEndTimeStamp(), e.getEndTimeStamp()));
    }
    try (PrintStream ps = new PrintStream(out.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(ps);
      writer.outputLogFormatVersion();
      writer.outputStartTime(origin);
      writer.setBaseTime(origin);
      writer.outputLegend();
      for (Map<String, Histogram> tags : bySecond.values()) {
        for (Map.Entry<String, Histogram> t : tags.entrySet()) {
          t.getValue().setTag(t.getKey().isEmpty() ? null : t.getKey());
          writer.outputIntervalHistogram(t.getValue());
        }
      }
    } catch (FileNotFoundException e) {
      throw new IOException("cannot write " + out + ": " + e.getMessage(), e);
    }
  }
}
