package dev.dbrace.report.chart;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.results.ResultsFolder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Threads and RSS of each measured process over its run (the service's at the service level, the
 * worker's at the driver level), from the {@code process.csv} the runner sampled from /proc beside
 * each run's latency.hlog. One line per stack: its last run with a timeline.
 */
public final class Timelines {
  /** At most this many points per line: a 30-minute run sampled every 200 ms is thinned evenly. */
  static final int MAX_POINTS = 600;

  private Timelines() {}

  public static List<ChartSpec> of(ResultsFolder folder, Palette palette) {
    Map<String, List<double[]>> byStack = new LinkedHashMap<>();
    for (RunRecord r : folder.race().runs()) {
      Path hlog = folder.file(r.hlog());
      if (hlog == null) {
        continue;
      }
      List<double[]> rows = read(hlog.resolveSibling("process.csv"));
      if (!rows.isEmpty()) {
        byStack.put(r.stack(), rows); // the stack's last run wins
      }
    }
    if (byStack.isEmpty()) {
      return List.of();
    }
    boolean service = folder.race().runs().stream().anyMatch(r -> r.generator() != null);
    String whose = service ? "each service's process" : "each stack's worker";
    List<Series> threads = new ArrayList<>();
    List<Series> rss = new ArrayList<>();
    byStack.forEach((stack, rows) -> {
      threads.add(Series.line(stack, palette.color(stack), points(rows, 1), false));
      rss.add(Series.line(stack, palette.color(stack), points(rows, 2), false));
    });
    String note = "Sampled from /proc every 200 ms, from " + whose + " start to its stop (warm-up included); the last run of each.";
    return List.of(
        ChartSpec.lines("timeline-threads", "Threads over time", note, Axis.linear("seconds since start"), Axis.linear("threads"), threads),
        ChartSpec.lines("timeline-rss", "Resident memory over time", null, Axis.linear("seconds since start"), Axis.linear("RSS MB"), rss));
  }

  private static List<Point> points(List<double[]> rows, int column) {
    int step = Math.max(1, (rows.size() + MAX_POINTS - 1) / MAX_POINTS);
    List<Point> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i += step) {
      out.add(new Point(rows.get(i)[0], rows.get(i)[column]));
    }
    return out;
  }

  /** seconds, threads, rss_mb, cpu_s per line; an unreadable file or line is skipped (a picture, not a figure). */
  static List<double[]> read(Path csv) {
    if (!Files.isRegularFile(csv)) {
      return List.of();
    }
    List<double[]> rows = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(csv)) {
        String[] f = line.split(",");
        if (f.length == 4 && !f[0].equals("seconds")) {
          try {
            rows.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
                Double.parseDouble(f[3])});
          } catch (NumberFormatException e) {
            // a line cut short by a killed run
          }
        }
      }
    } catch (IOException e) {
      return List.of();
    }
    return rows;
  }
}
