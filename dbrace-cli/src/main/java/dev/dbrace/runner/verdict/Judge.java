package dev.dbrace.runner.verdict;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Judges one figure across the stacks at one load point by {@link LeadTest}: race.json's verdict dimension. */
public final class Judge {
  private Judge() {}

  /** One stack's ok runs at the point, by its name in the race. */
  public record Entry(String stack, List<RunRecord> rounds) {}

  /**
   * The dimension of {@code figure} over {@code stacks}; null when no stack has the figure. Stacks the figure
   * disqualifies cannot lead: they are named in {@code excluded} and left out of the ranking.
   *
   * @param at the load point in words, for a curve's steps; null for a plain race
   */
  public static Verdict.Dimension judge(List<Entry> stacks, Figure figure, String at) {
    Map<String, double[]> values = new LinkedHashMap<>();
    Map<String, String> excluded = new LinkedHashMap<>();
    for (Entry e : stacks) {
      double[] v = e.rounds().stream().mapToDouble(figure.value()).filter(x -> !Double.isNaN(x) && x > 0).toArray();
      if (v.length == 0) {
        continue;
      }
      String why = figure.disqualified().apply(e.rounds());
      if (why != null) {
        excluded.put(e.stack(), why);
      } else {
        values.put(e.stack(), v);
      }
    }
    if (values.isEmpty()) {
      return excluded.isEmpty() ? null : new Verdict.Dimension(figure.name(), figure.label(), figure.higherIsBetter(), at,
          null, null, null, false, LeadTest.CONFIDENCE, null, 0, List.of(), List.of(), excluded, Map.of());
    }
    LeadTest.Ranking ranking = LeadTest.rank(values, figure.higherIsBetter());
    Map<String, Double> medians = new LinkedHashMap<>();
    ranking.order().forEach(s -> medians.put(s, LeadTest.median(values.get(s))));
    List<String> order = ranking.order();
    String runnerUp = order.size() > 1 ? order.get(1) : null;
    Double ratio = runnerUp == null ? null : ratio(medians.get(ranking.leader()), medians.get(runnerUp), figure.higherIsBetter());
    return new Verdict.Dimension(figure.name(), figure.label(), figure.higherIsBetter(), at, ranking.leader(), runnerUp, ratio,
        ranking.supported(), LeadTest.CONFIDENCE, Double.isNaN(ranking.pValue()) ? null : ranking.pValue(), ranking.rounds(),
        ranking.withinNoise(), ranking.behind(), excluded, medians);
  }

  /** How many times better {@code best} is than {@code other}: at least 1 whichever way is better. */
  public static double ratio(double best, double other, boolean higherIsBetter) {
    return higherIsBetter ? best / other : other / best;
  }
}
