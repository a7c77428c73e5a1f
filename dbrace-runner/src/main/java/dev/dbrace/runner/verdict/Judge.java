package dev.dbrace.runner.verdict;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Judges a verdict's figures across the stacks by {@link LeadTest}, at levels that add up to 5 % for the verdict as a
 * whole: race.json's verdict dimensions.
 */
public final class Judge {
  private Judge() {}

  /** One stack's ok runs at the point, by its name in the race. */
  public record Entry(String stack, List<RunRecord> rounds) {}

  /** One figure to judge over the stacks at one load point ({@code at}: a curve's step in words, else null). */
  public record Question(List<Entry> stacks, Figure figure, String at) {}

  /**
   * The dimension of each question, in order (null where no stack has the figure). The first question is the main one
   * and gets half the verdict's level, the others share the rest ({@link LeadTest#levels}); with {@code equal}, every
   * question the same share (a curve's steps). Stacks a figure disqualifies cannot lead on it: they are named in
   * {@code excluded} and left out of its ranking.
   */
  public static List<Verdict.Dimension> judge(List<Question> questions, boolean equal) {
    record Prepared(Question q, Map<String, double[]> values, Map<String, String> excluded, LeadTest.Comparisons comparisons) {}
    List<Prepared> prepared = new ArrayList<>();
    for (Question q : questions) {
      Map<String, double[]> values = new LinkedHashMap<>();
      Map<String, String> excluded = new LinkedHashMap<>();
      for (Entry e : q.stacks()) {
        double[] v = e.rounds().stream().mapToDouble(q.figure().value()).filter(x -> !Double.isNaN(x) && x > 0).toArray();
        if (v.length == 0) {
          continue;
        }
        String why = q.figure().disqualified().apply(e.rounds());
        if (why != null) {
          excluded.put(e.stack(), why);
        } else {
          values.put(e.stack(), v);
        }
      }
      prepared.add(values.isEmpty() && excluded.isEmpty() ? null
          : new Prepared(q, values, excluded, values.isEmpty() ? null : LeadTest.compare(values, q.figure().higherIsBetter())));
    }
    List<LeadTest.Comparisons> compared = prepared.stream().filter(Objects::nonNull)
        .map(Prepared::comparisons).filter(Objects::nonNull).toList();
    List<LeadTest.Ranking> rankings = LeadTest.rank(compared,
        equal ? LeadTest.equalLevels(compared.size()) : LeadTest.levels(compared.size()));
    List<Verdict.Dimension> out = new ArrayList<>();
    int next = 0;
    for (Prepared p : prepared) {
      if (p == null) {
        out.add(null);
        continue;
      }
      Figure f = p.q().figure();
      if (p.comparisons() == null) {
        out.add(new Verdict.Dimension(f.name(), f.label(), f.higherIsBetter(), p.q().at(), null, null, null, false,
            LeadTest.CONFIDENCE, null, 0, List.of(), List.of(), p.excluded(), Map.of()));
        continue;
      }
      LeadTest.Ranking ranking = rankings.get(next++);
      Map<String, Double> medians = new LinkedHashMap<>();
      ranking.order().forEach(s -> medians.put(s, LeadTest.median(p.values().get(s))));
      List<String> order = ranking.order();
      String runnerUp = order.size() > 1 ? order.get(1) : null;
      Double ratio = runnerUp == null ? null : ratio(medians.get(ranking.leader()), medians.get(runnerUp), f.higherIsBetter());
      out.add(new Verdict.Dimension(f.name(), f.label(), f.higherIsBetter(), p.q().at(), ranking.leader(), runnerUp, ratio,
          ranking.supported(), LeadTest.CONFIDENCE, Double.isNaN(ranking.pValue()) ? null : ranking.pValue(),
          ranking.rounds(), ranking.withinNoise(), ranking.behind(), p.excluded(), medians));
    }
    return out;
  }

  /** How many times better {@code best} is than {@code other}: at least 1 whichever way is better. */
  public static double ratio(double best, double other, boolean higherIsBetter) {
    return higherIsBetter ? best / other : other / best;
  }
}
