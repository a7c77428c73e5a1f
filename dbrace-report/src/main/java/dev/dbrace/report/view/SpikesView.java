package dev.dbrace.report.view;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.RunRecord.Second;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
import dev.dbrace.report.chart.ChartSection;
import dev.dbrace.report.chart.ChartSpec;
import dev.dbrace.report.chart.ChartSpec.Axis;
import dev.dbrace.report.chart.ChartSpec.Point;
import dev.dbrace.report.chart.ChartSpec.Series;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * The Spikes section of a run with {@code --spike}: per run and spike the p99 before it, the peak, the
 * time to recover and what was dropped; per run the p99 of each 1 s interval with the spike windows
 * shaded; and one chart of every run's completions per second, the windows shaded. Null when no run
 * had spikes.
 */
public record SpikesView(List<Row> rows, List<String> notes, ChartSection section) {

  record Row(String stack, String color, String run, String spike, String window, String p99Before, String peak,
      String recovery, boolean recovered, String droppedIn, String droppedAfter) {}

  public boolean hasNotes() {
    return !notes.isEmpty();
  }

  public static SpikesView of(List<RunRecord> runs, Palette palette) {
    List<RunRecord> spiked = runs.stream().filter(r -> r.probes().spikes() != null).toList();
    if (spiked.isEmpty()) {
      return null;
    }
    boolean several = spiked.stream().map(RunRecord::stack).distinct().count() < spiked.size();
    List<Row> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<ChartSpec> charts = new ArrayList<>();
    List<Series> throughput = new ArrayList<>();
    double top = 0;
    List<SpikeWindow> windows = List.of();
    for (RunRecord r : spiked) {
      Spikes s = r.probes().spikes();
      String color = palette.color(r.stack());
      String run = several ? label(r) : "";
      String who = r.stack() + (several ? " " + run : "");
      for (SpikeWindow w : s.windows()) {
        String recovery = s.preSpikeP99Ms() == null ? "unknown (no p99 before the spike)"
            : w.recoveryS() == null ? "not recovered" : Format.f("%.1f s", w.recoveryS());
        rows.add(new Row(r.stack(), color, run, w.spike(), Format.f("%.1f – %.1f s", w.startS(), w.endS()),
            s.preSpikeP99Ms() == null ? "–" : Format.ms(s.preSpikeP99Ms()), w.peakP99Ms() == null ? "–" : Format.ms(w.peakP99Ms()),
            recovery, w.recoveryS() != null, dropped(w.errorsDuring(), w.notIssuedDuring()),
            dropped(w.errorsAfter(), w.notIssuedAfter())));
      }
      if (s.note() != null) {
        notes.add(who + ": " + Format.withoutPassword(s.note()));
      }
      if (!s.seconds().isEmpty()) {
        charts.add(p99Chart(charts.size(), who, color, s));
        List<Point> perSecond = s.seconds().stream().filter(x -> x.endS() > x.startS())
            .map(x -> new Point(mid(x), Math.round(x.ok() / (x.endS() - x.startS())))).toList();
        throughput.add(Series.line(who, color, perSecond, false));
        top = Math.max(top, perSecond.stream().mapToDouble(Point::y).max().orElse(0));
        windows = s.windows();
      }
    }
    if (!throughput.isEmpty()) {
      for (SpikeWindow w : windows) {
        throughput.add(Series.band("spike " + w.spike(), Palette.NEUTRAL, w.startS(), w.endS(), Math.max(1, top * 1.05)));
      }
      charts.add(ChartSpec.lines("spikes-throughput", "Completed operations per second, spike windows shaded",
          "Each point is one 1 s interval of the latency log (at its middle): verified operations completed in it over its "
              + "length. Under an open loop a stack that keeps up follows the offered rate, up in the window and back after.",
          Axis.linear("seconds since the measured phase started"), Axis.linear("ops/s"), throughput));
    }
    return new SpikesView(rows, notes, ChartSection.of(charts, List.of()));
  }

  private static ChartSpec p99Chart(int n, String who, String color, Spikes s) {
    List<Series> series = new ArrayList<>();
    List<Point> p99 = s.seconds().stream().filter(x -> x.p99Ms() != null).map(x -> new Point(mid(x), x.p99Ms())).toList();
    series.add(Series.line(who + " p99", color, p99, false));
    double top = p99.stream().mapToDouble(Point::y).max().orElse(1) * 1.05;
    double end = s.seconds().getLast().endS();
    if (s.preSpikeP99Ms() != null) {
      series.add(Series.line("p99 before the first spike", Palette.NEUTRAL,
          List.of(new Point(0, s.preSpikeP99Ms()), new Point(end, s.preSpikeP99Ms())), true));
      series.add(Series.line("recovered at or under", "#c5221f",
          List.of(new Point(0, s.recoveredBelowMs()), new Point(end, s.recoveredBelowMs())), true));
    }
    for (SpikeWindow w : s.windows()) {
      series.add(Series.band("spike " + w.spike(), Palette.NEUTRAL, w.startS(), w.endS(), top));
    }
    return ChartSpec.lines("spikes-" + n, who + ": p99 per second, spike windows shaded",
        "Each point is one 1 s interval of the latency log (at its middle), its arrivals not issued ranked as the worst"
            + " (at the run's slowest latency); a second in which nothing completed and nothing was refused has no point."
            + " Dashed grey: the p99 before the first spike; dashed red: the limit the p99 must stay under for 3"
            + " intervals to count as recovered (dropping no larger a share than before the spike).",
        Axis.linear("seconds since the measured phase started"), Axis.linear("p99 ms"), series);
  }

  private static String label(RunRecord r) {
    String at = r.loadModel() instanceof LoadModel.Open o ? Format.f("%s/s", Format.rate(o.rate())) : r.load();
    return Format.f("%s, round %d", at, Math.max(1, r.round()));
  }

  private static String dropped(Long errors, Long notIssued) {
    return errors == null ? "not counted" : Format.f("%s errors, %s not issued", Format.count(errors), Format.count(notIssued));
  }

  private static double mid(Second x) {
    return Math.round((x.startS() + x.endS()) * 500) / 1000.0;
  }
}
