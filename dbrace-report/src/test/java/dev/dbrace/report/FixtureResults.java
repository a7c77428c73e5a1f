package dev.dbrace.report;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Results folders for tests and for bench/report-in-chromium.sh: each fixture's race.json (from
 * src/test/resources/fixtures) plus, for every run that names one, an interval log written with
 * HdrHistogram's HistogramLogWriter, shaped by the run's own p50/p99. Its warm-up intervals
 * hold only {@link #WARMUP_LATENCY_MS} latencies, far above any measured one, so a report that
 * forgot to drop them would show it.
 */
public final class FixtureResults {
  public static final List<String> NAMES = List.of("plain", "plain-rerun", "capacity", "curve", "hostile");
  static final long WARMUP_LATENCY_MS = 9_000;
  static final int MEASURED_INTERVALS = 5;
  static final int WARMUP_INTERVALS = 2;
  static final int WARMUP_VALUES_PER_INTERVAL = 200;

  private FixtureResults() {}

  /** Writes every fixture under {@code root}; prints the folders. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: FixtureResults <folder>");
      System.exit(2);
    }
    for (String name : NAMES) {
      System.out.println(write(name, Path.of(args[0])));
    }
  }

  /** Writes fixture {@code name} to {@code root/name} and returns that folder. */
  public static Path write(String name, Path root) throws IOException {
    Path dir = root.resolve(name);
    Files.createDirectories(dir);
    try (InputStream in = FixtureResults.class.getResourceAsStream("/fixtures/" + name + "/race.json")) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + name);
      }
      Files.write(dir.resolve("race.json"), in.readAllBytes());
    }
    Race race = Json.MAPPER.readValue(dir.resolve("race.json").toFile(), Race.class);
    for (RunRecord run : race.runs()) {
      Path log = run.hlog() == null ? null : dir.resolve(run.hlog()).normalize();
      if (log != null && log.startsWith(dir) && run.result().latencyMs() != null) {
        Files.createDirectories(log.getParent());
        writeLog(log, run, (name + run.stack() + run.step()).hashCode());
      }
    }
    return dir;
  }

  /** Measured values in each interval: the run's ops spread over the intervals, at most 4,000. */
  static int measuredValuesPerInterval(RunRecord run) {
    return (int) Math.min(4_000, Math.max(1, run.result().ops() / MEASURED_INTERVALS));
  }

  private static void writeLog(Path file, RunRecord run, long seed) throws IOException {
    Random random = new Random(seed);
    double p50 = Math.max(0.05, run.result().latencyMs().p50());
    double sigma = Math.log(Math.max(run.result().latencyMs().p99(), p50 * 1.01) / p50) / 2.326; // p99 of a log-normal
    long start = 1_795_429_951_000L;
    try (PrintStream out = new PrintStream(file.toFile())) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(start);
      writer.setBaseTime(start);
      writer.outputLegend();
      long t = start;
      for (int i = 0; i < WARMUP_INTERVALS + MEASURED_INTERVALS; i++, t += 1000) {
        boolean warmup = i < WARMUP_INTERVALS;
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        int n = warmup ? WARMUP_VALUES_PER_INTERVAL : measuredValuesPerInterval(run);
        for (int k = 0; k < n; k++) {
          double ms = warmup ? WARMUP_LATENCY_MS : Math.min(run.result().latencyMs().max(), p50 * Math.exp(sigma * random.nextGaussian()));
          h.recordValue((long) (ms * 1e6));
        }
        h.setStartTimeStamp(t);
        h.setEndTimeStamp(t + 1000);
        h.setTag(warmup ? "warmup" : null); // the tag dev.dbrace.core.load.IntervalLog gives warm-up
        writer.outputIntervalHistogram(h);
      }
    }
  }
}
