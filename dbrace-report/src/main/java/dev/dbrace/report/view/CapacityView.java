package dev.dbrace.report.view;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.Race.Capacity;
import dev.dbrace.report.chart.ChartSpec;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.ResultsFolder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The verdicts of a capacity search side by side, a bar chart of them, and the comparison in
 * words, which is what E2 asks: how much more load does one stack take within the same SLA.
 */
public record CapacityView(String sla, List<Row> rows, List<String> sentences, ChartSpec chart) {

  /** Capacities closer than this read as "about the same": the search brackets are wider. */

  record Row(String stack, String color, String workload, String capacity, String failing, String probe, int steps,
      String verdict) {}

  /** Null unless the race is a capacity search with verdicts. */
  public static CapacityView of(ResultsFolder folder, Palette palette) {
    Race race = folder.race();
    if (!"capacity".equals(folder.kind()) || race.capacity().isEmpty()) {
      return null;
    }
    List<Row> rows = race.capacity().stream().map(c -> new Row(c.stack(), palette.color(c.stack()), c.workload(),
        rate(c.capacityOpsS()), rate(c.failingOpsS()), rate(c.probeOpsS()), c.steps(), c.verdict())).toList();
    String sla = race.sla() == null ? null : race.sla().describe();
    return new CapacityView(sla, rows, sentences(race), chart(race.capacity(), palette));
  }

  static List<String> sentences(Race race) {
    String target = race.sla() == null ? "the SLA"
        : race.sla().percentile() + " <= " + Format.plain(race.sla().ms()) + " ms";
    Map<String, List<Capacity>> byWorkload = new LinkedHashMap<>();
    race.capacity().forEach(c -> byWorkload.computeIfAbsent(c.workload(), k -> new ArrayList<>()).add(c));
    List<String> out = new ArrayList<>();
    for (List<Capacity> verdicts : byWorkload.values()) {
      List<Capacity> ranked = verdicts.stream()
          .sorted(Comparator.comparing(Capacity::capacityOpsS, Comparator.nullsLast(Comparator.reverseOrder())))
          .toList();
      Capacity best = ranked.getFirst();
      if (best.capacityOpsS() == null) {
        out.add("No stack held " + target + " at any rate tried.");
        continue;
      }
      for (Capacity other : ranked.subList(1, ranked.size())) {
        out.add(compare(best, other, target));
      }
    }
    return out;
  }

  private static String compare(Capacity best, Capacity other, String target) {
    if (other.capacityOpsS() == null) {
      return other.stack() + " missed " + target + " even at its lowest rate"
          + (other.failingOpsS() == null ? "" : " (" + rate(other.failingOpsS()) + " ops/s)")
          + "; " + best.stack() + " holds it up to " + rate(best.capacityOpsS()) + " ops/s.";
    }
    String rates = " (" + rate(best.capacityOpsS()) + " vs " + rate(other.capacityOpsS()) + " ops/s)";
    if (best.failingOpsS() == null && other.failingOpsS() == null) {
      return best.stack() + " and " + other.stack() + " both held " + target + " at every rate tried" + rates
          + ": the search's ceiling, not theirs, ends the comparison.";
    }
    double ratio = best.capacityOpsS() / other.capacityOpsS();
    // overlapping brackets (from the rate held to the rate missed): neither can be said to hold more
    String sentence = best.bracketsOverlap(other)
        ? best.stack() + " and " + other.stack() + " hold " + target + " within the brackets" + rates
            + ": their brackets overlap, so neither holds more at the search's precision"
        : best.stack() + " holds " + target + " up to " + Format.f("%.1fx", ratio) + " the rate " + other.stack()
            + " does" + rates;
    return sentence + (best.failingOpsS() == null
        ? "; " + best.stack() + " never missed it within the search's range, so the gap may be larger." : ".");
  }

  private static ChartSpec chart(List<Capacity> verdicts, Palette palette) {
    List<String> labels = verdicts.stream().map(c -> c.stack() + (severalWorkloads(verdicts) ? " · " + c.workload() : ""))
        .toList();
    var holds = new ChartSpec.Series("holds the SLA up to (ops/s)", null,
        verdicts.stream().map(c -> palette.color(c.stack())).toList(),
        verdicts.stream().map(Capacity::capacityOpsS).toList(), false, null);
    var misses = new ChartSpec.Series("misses it at (ops/s)", Palette.NEUTRAL + "66", null,
        verdicts.stream().map(Capacity::failingOpsS).toList(), false, null);
    return ChartSpec.barsAcross("capacity", "Capacity within the SLA",
        "The highest offered rate each stack served within the SLA, and the lowest rate above it that missed.",
        ChartSpec.Axis.linear("offered rate (ops/s)"), labels, List.of(holds, misses), false);
  }

  private static boolean severalWorkloads(List<Capacity> verdicts) {
    return verdicts.stream().map(Capacity::workload).distinct().count() > 1;
  }

  private static String rate(Double v) {
    return v == null ? "-" : Format.rate(v);
  }
}
