package dev.dbrace.runner.verdict;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.DataDispersion;
import org.apache.commons.statistics.inference.TTest;

/**
 * The rule that says whether one stack's figure is better than the others' beyond the noise of the rounds.
 *
 * <p>Each round of a stack is a fresh worker JVM: its compiled code, thread placement and the machine's moment are
 * its own, and they move a run's figure by more than the seconds inside it vary (jdbc-platform's rounds on one quiet
 * machine: 35,482 to 67,105 ops/s). So the rounds are the samples; the seconds inside one run are not, as they share
 * that run's luck, and counting them would credit one JVM's luck many times over.
 *
 * <p>The rule: the stack with the best median leads. Every pair of stacks is compared by Welch's t-test (unequal
 * variances, so a stack whose rounds scatter does not borrow another's steadiness) on the logarithms of the rounds'
 * figures (the noise of a figure is a share of it, and the verdict quotes ratios), testing whether the better one is
 * ahead by more than {@link #MARGIN}, in whichever direction the medians point (so at twice the one-sided level).
 * A verdict's {@link #ALPHA} is shared among the figures it judges ({@link #rank(List, double[])}: the load's main
 * figure half, the others the rest, each figure's share spread over its pairs), and one weighted Holm step-down runs
 * over all the comparisons, so the chance that a verdict claims anything at all when every stack performs alike stays
 * at {@link #ALPHA} or less, however many figures and stacks it names and although each leader is chosen after
 * looking. A stack is <em>behind</em> when it is
 * proven worse than a stack of the leader's group, and the lead is <em>supported</em> only when every other stack is
 * proven worse than the leader. A comparison needs {@link #MIN_ROUNDS} rounds on each side; with fewer, the stacks are
 * not tested and the verdict says so.
 *
 * <p>Pure and deterministic: tested by Monte-Carlo over rounds drawn from one distribution (its false-lead rate) and
 * from distributions a gap apart (its power), in {@code LeadTestTest}.
 */
public final class LeadTest {
  /** The chance, at most, of any false claim in a verdict: 95 % confidence for the verdict as a whole. */
  public static final double ALPHA = 0.05;
  /** The confidence the verdict states for a lead. */
  public static final double CONFIDENCE = 0.95;
  /**
   * The smallest lead stated: the better stack must be ahead by more than 5 %. dbrace resolves no finer: its own
   * harness costs each stack up to 5 % against a bare loop of the same driver (docs/stacks.md), and a figure as steady
   * as peak RSS showed two identical stacks 3 % apart over three rounds.
   */
  public static final double MARGIN = 0.05;
  /**
   * The fewest rounds on each side of a comparison. Two rounds hold a variance of one degree of freedom, and a stack
   * whose runs land in one of two modes (jdbc-platform's 200 threads on 2 cores) puts both rounds of one stack high and
   * both of the other low one race in eight: two rounds cannot tell that from a lead.
   */
  public static final int MIN_ROUNDS = 3;

  /** Welch's test that the first sample's mean exceeds the second's by more than the margin (of the logarithms). */
  private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC)
      .with(AlternativeHypothesis.GREATER_THAN).withMu(Math.log1p(MARGIN));

  private LeadTest() {}

  /**
   * How one figure ranks the stacks.
   *
   * @param leader the stack with the best median
   * @param withinNoise the leader, then every stack the rounds do not prove worse than it nor than another of these,
   *     best median first
   * @param behind the stacks proven worse than the leader or than another stack within its noise, best median first
   * @param pValue the largest Holm-adjusted p-value of the leader's comparisons; NaN when none was tested
   * @param tested false when some comparison had too few rounds (those stacks are in {@code withinNoise})
   * @param rounds the fewest rounds of any stack ranked
   */
  public record Ranking(String leader, List<String> withinNoise, List<String> behind, double pValue, boolean tested,
      int rounds) {

    /** The leader is ahead of every other stack at the stated confidence. */
    public boolean supported() {
      return tested && withinNoise.size() == 1 && !behind.isEmpty();
    }

    /** The stacks in median order, best first. */
    public List<String> order() {
      List<String> all = new ArrayList<>(withinNoise);
      all.addAll(behind);
      return all;
    }
  }

  /**
   * One figure's comparisons, before the family's adjustment: the stacks in median order (best first) and, for every
   * pair {@code i < j} of that order, the p-value that {@code i} is ahead of {@code j} by more than the margin.
   */
  public record Comparisons(List<String> order, int[][] pairs, double[] p, int rounds) {
    /** Every comparison had its rounds. */
    boolean tested() {
      return pairs.length > 0 && Arrays.stream(p).noneMatch(Double::isNaN);
    }
  }

  /**
   * Compares the stacks on one figure.
   *
   * @param rounds each stack's figures, one per ok round, all positive; insertion order breaks ties
   * @param higherIsBetter true for throughput, false for latency, CPU, memory and threads
   */
  public static Comparisons compare(Map<String, double[]> rounds, boolean higherIsBetter) {
    if (rounds.isEmpty()) {
      throw new IllegalArgumentException("no stack to rank");
    }
    Map<String, double[]> logs = new LinkedHashMap<>();
    rounds.forEach((stack, v) -> {
      if (v.length == 0) {
        throw new IllegalArgumentException(stack + " has no rounds");
      }
      logs.put(stack, Arrays.stream(v).map(x -> Math.log(Math.max(x, Double.MIN_NORMAL))).toArray());
    });
    Comparator<String> byMedian = Comparator.comparingDouble(s -> median(rounds.get(s)));
    List<String> order = rounds.keySet().stream().sorted(higherIsBetter ? byMedian.reversed() : byMedian).toList();
    int k = order.size();
    int[][] pairs = new int[k * (k - 1) / 2][];
    double[] p = new double[pairs.length];
    int n = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        pairs[n] = new int[] {i, j};
        p[n++] = pAhead(logs.get(order.get(i)), logs.get(order.get(j)), higherIsBetter);
      }
    }
    return new Comparisons(order, pairs, p, rounds.values().stream().mapToInt(v -> v.length).min().orElseThrow());
  }

  /** Ranks the stacks on one figure judged alone, at the whole of {@link #ALPHA}. */
  public static Ranking rank(Map<String, double[]> rounds, boolean higherIsBetter) {
    return rank(List.of(compare(rounds, higherIsBetter)), new double[] {ALPHA}).getFirst();
  }

  /**
   * Ranks the stacks on each figure of one verdict. Each figure has its share of {@link #ALPHA} ({@code levels}, adding
   * up to at most ALPHA), spread evenly over its pairs, and all the verdict's comparisons run through one weighted
   * Holm step-down: a comparison is proven when its p-value is within its share of what the unproven ones hold, so a
   * share freed by a proven comparison (a thread count of 225 against 26) passes to the others. The chance of any false
   * claim anywhere in the verdict stays at ALPHA or less. On each figure the leader's group is the leader and every
   * stack not proven behind it; a stack is behind when it is proven behind the leader or another stack of that group.
   */
  public static List<Ranking> rank(List<Comparisons> figures, double[] levels) {
    if (levels.length != figures.size() || Arrays.stream(levels).sum() > ALPHA + 1e-12) {
      throw new IllegalArgumentException("a level per figure, adding up to at most " + ALPHA);
    }
    int total = figures.stream().mapToInt(c -> c.p().length).sum();
    double[] p = new double[total];
    double[] weight = new double[total];
    int at = 0;
    for (int f = 0; f < figures.size(); f++) {
      double[] fp = figures.get(f).p();
      for (double x : fp) {
        p[at] = x;
        weight[at++] = levels[f] / fp.length;
      }
    }
    double[] adjusted = weightedHolm(p, weight);
    List<Ranking> out = new ArrayList<>();
    at = 0;
    for (Comparisons c : figures) {
      double[] adj = Arrays.copyOfRange(adjusted, at, at + c.p().length);
      boolean[] reject = new boolean[adj.length];
      for (int i = 0; i < adj.length; i++) {
        reject[i] = adj[i] <= ALPHA; // NaN never
      }
      out.add(ranking(c, reject, adj));
      at += c.p().length;
    }
    return out;
  }

  /**
   * Weighted Holm's adjusted p-values, on ALPHA's scale (a comparison is proven when its adjusted p is at most ALPHA):
   * comparisons in order of p over weight; each one's p times the weight still unproven before it over its own, the
   * running maximum, capped at 1. {@code weight} holds each comparison's share of ALPHA. NaN (not tested) stays NaN
   * and is never proven, and neither is anything after it.
   */
  static double[] weightedHolm(double[] p, double[] weight) {
    Integer[] order = new Integer[p.length];
    for (int i = 0; i < p.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingDouble(i -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i] / weight[i]));
    double unproven = Arrays.stream(weight).sum() / ALPHA;
    double[] adjusted = new double[p.length];
    double running = 0;
    for (int i : order) {
      if (Double.isNaN(p[i]) || Double.isNaN(running)) {
        adjusted[i] = Double.NaN;
        running = Double.NaN;
        continue;
      }
      running = Math.max(running, Math.min(1, p[i] * unproven / (weight[i] / ALPHA)));
      adjusted[i] = running;
      unproven -= weight[i] / ALPHA;
    }
    return adjusted;
  }

  /**
   * The levels of a verdict's figures: the first (the load's main figure: throughput on a closed loop, latency on an
   * open one) half of {@link #ALPHA}, the others the other half in equal shares; a lone figure the whole.
   */
  public static double[] levels(int figures) {
    double[] levels = new double[figures];
    if (figures == 1) {
      levels[0] = ALPHA;
    } else if (figures > 1) {
      Arrays.fill(levels, ALPHA / 2 / (figures - 1));
      levels[0] = ALPHA / 2;
    }
    return levels;
  }

  /** Equal levels for figures of equal standing (a curve's steps). */
  public static double[] equalLevels(int figures) {
    double[] levels = new double[figures];
    Arrays.fill(levels, ALPHA / Math.max(1, figures));
    return levels;
  }

  private static Ranking ranking(Comparisons c, boolean[] reject, double[] adjusted) {
    int k = c.order().size();
    boolean[][] worse = new boolean[k][k]; // worse[i][j]: j proven worse than i
    double leaderP = k == 1 ? Double.NaN : 0;
    for (int m = 0; m < c.pairs().length; m++) {
      worse[c.pairs()[m][0]][c.pairs()[m][1]] = reject[m];
      if (c.pairs()[m][0] == 0) {
        leaderP = Double.isNaN(adjusted[m]) || Double.isNaN(leaderP) ? Double.NaN : Math.max(leaderP, adjusted[m]);
      }
    }
    List<Integer> group = new ArrayList<>(List.of(0));
    for (int j = 1; j < k; j++) {
      if (!worse[0][j]) {
        group.add(j);
      }
    }
    List<String> noise = new ArrayList<>();
    List<String> back = new ArrayList<>();
    for (int j = 0; j < k; j++) {
      int jj = j;
      boolean behind = group.stream().anyMatch(i -> i < jj && worse[i][jj]);
      (behind ? back : noise).add(c.order().get(j));
    }
    return new Ranking(c.order().getFirst(), noise, back, leaderP, c.tested(), c.rounds());
  }

  /**
   * The p-value that the better stack (by median) is ahead of the other by more than {@link #MARGIN}: Welch's
   * one-sided test at the shifted mean, doubled because the direction was chosen after looking (at no margin, the
   * two-sided test). 1 when the means of the logs point the other way, NaN when a side has fewer than
   * {@link #MIN_ROUNDS} rounds.
   */
  static double pAhead(double[] better, double[] other, boolean higherIsBetter) {
    if (better.length < MIN_ROUNDS || other.length < MIN_ROUNDS) {
      return Double.NaN;
    }
    double[] high = higherIsBetter ? better : other;
    double[] low = higherIsBetter ? other : better;
    if (constant(high) && constant(low)) {
      // both exact (a thread count that never moved): ahead by more than the margin, or not at all
      return high[0] - low[0] > Math.log1p(MARGIN) ? 0 : 1;
    }
    if (!(mean(high) > mean(low))) {
      return 1;
    }
    return Math.min(1, 2 * WELCH.test(high, low).getPValue());
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  private static boolean constant(double[] v) {
    return Arrays.stream(v).allMatch(x -> x == v[0]);
  }
}
