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
 * machine: 52,566 to 76,140 ops/s). So the rounds are the samples; the seconds inside one run are not, as they share
 * that run's luck, and counting them would credit one JVM's luck many times over.
 *
 * <p>The rule: the stack with the best median leads. Every pair of stacks is compared by Welch's t-test (two-sided,
 * unequal variances, so a stack whose rounds scatter does not borrow another's steadiness) on the logarithms of the
 * rounds' figures: the noise of a figure is a share of it, and the verdict quotes ratios. Holm's step-down over all
 * the pairs keeps the chance of any false claim at {@link #ALPHA} or less. A stack is <em>behind</em> when it is
 * proven worse than a stack of the leader's group, and the lead is <em>supported</em> only when every other stack is
 * proven worse than the leader. A comparison needs {@link #MIN_ROUNDS} rounds on each side; with fewer, the stacks are not tested and
 * the verdict says so.
 *
 * <p>Pure and deterministic: tested by Monte-Carlo over rounds drawn from one distribution (its false-lead rate) and
 * from distributions a gap apart (its power), in {@code LeadTestTest}.
 */
public final class LeadTest {
  /** The level each family of comparisons is tested at: 95 % confidence. */
  public static final double ALPHA = 0.05;
  /** The confidence the verdict states for a lead. */
  public static final double CONFIDENCE = 0.95;
  /**
   * The fewest rounds on each side of a comparison. Two rounds hold a variance of one degree of freedom, and a stack
   * whose runs land in one of two modes (jdbc-platform's 200 threads on 2 cores) puts both rounds of one stack high and
   * both of the other low one race in eight: two rounds cannot tell that from a lead.
   */
  public static final int MIN_ROUNDS = 3;

  /** Welch's test: two-sided, unequal variances, the Welch-Satterthwaite degrees of freedom. */
  private static final TTest WELCH = TTest.withDefaults().with(DataDispersion.HETEROSCEDASTIC)
      .with(AlternativeHypothesis.TWO_SIDED);

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
   * Ranks the stacks on one figure. Every pair is compared (the better median against the worse) and Holm's step-down
   * runs over all k(k-1)/2 comparisons, so the chance of any false claim among them stays at {@link #ALPHA} or less
   * although the leader is chosen after looking. The leader's group is the leader and every stack not proven worse
   * than it; a stack is behind when it is proven worse than the leader or than another stack of that group.
   *
   * @param rounds each stack's figures, one per ok round, all positive; insertion order breaks ties
   * @param higherIsBetter true for throughput, false for latency, CPU, memory and threads
   */
  public static Ranking rank(Map<String, double[]> rounds, boolean higherIsBetter) {
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
    int fewest = rounds.values().stream().mapToInt(v -> v.length).min().orElseThrow();
    // every pair (i better by median than j), its p-value, then Holm over the whole family
    int[][] pair = new int[k * (k - 1) / 2][];
    double[] p = new double[pair.length];
    int n = 0;
    for (int i = 0; i < k; i++) {
      for (int j = i + 1; j < k; j++) {
        pair[n] = new int[] {i, j};
        p[n++] = pBehind(logs.get(order.get(i)), logs.get(order.get(j)), higherIsBetter);
      }
    }
    boolean[] reject = holm(p, p.length);
    double[] adjusted = holmAdjusted(p, p.length);
    boolean[][] worse = new boolean[k][k]; // worse[i][j]: j proven worse than i
    double leaderP = k == 1 ? Double.NaN : 0;
    for (int m = 0; m < pair.length; m++) {
      worse[pair[m][0]][pair[m][1]] = reject[m];
      if (pair[m][0] == 0) {
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
      (behind ? back : noise).add(order.get(j));
    }
    boolean tested = k > 1 && Arrays.stream(p).noneMatch(Double::isNaN);
    return new Ranking(order.getFirst(), noise, back, leaderP, tested, fewest);
  }

  /**
   * The two-sided p-value of Welch's test between the leader's and another stack's log figures, where the other is
   * worse on the logs' mean; 1 when it is not (the medians and the means disagree: no claim either way), NaN when a
   * side has fewer than {@link #MIN_ROUNDS} rounds.
   */
  static double pBehind(double[] leader, double[] other, boolean higherIsBetter) {
    if (leader.length < MIN_ROUNDS || other.length < MIN_ROUNDS) {
      return Double.NaN;
    }
    double diff = mean(leader) - mean(other);
    if (!higherIsBetter) {
      diff = -diff;
    }
    if (!(diff > 0)) {
      return 1;
    }
    if (constant(leader) && constant(other)) {
      return 0; // both exact (a thread count that never moved): different means are a difference
    }
    return WELCH.test(leader, other).getPValue();
  }

  /**
   * Holm's step-down at {@link #ALPHA} over a family of {@code family} hypotheses of which {@code p} are the ones
   * tested: which are rejected (NaN never).
   */
  static boolean[] holm(double[] p, int family) {
    Integer[] idx = sortedIndices(p);
    boolean[] reject = new boolean[p.length];
    int m = family;
    for (int rank = 0; rank < p.length; rank++) {
      int i = idx[rank];
      if (Double.isNaN(p[i]) || p[i] > ALPHA / (m - rank)) {
        break;
      }
      reject[i] = true;
    }
    return reject;
  }

  /** Holm's adjusted p-values over the same family: max over earlier ranks of (m - rank) p, capped at 1 (NaN stays NaN). */
  static double[] holmAdjusted(double[] p, int family) {
    Integer[] idx = sortedIndices(p);
    double[] adj = new double[p.length];
    double running = 0;
    int m = family;
    for (int rank = 0; rank < p.length; rank++) {
      int i = idx[rank];
      if (Double.isNaN(p[i])) {
        adj[i] = Double.NaN;
        continue;
      }
      running = Math.max(running, Math.min(1, (m - rank) * p[i]));
      adj[i] = running;
    }
    return adj;
  }

  private static Integer[] sortedIndices(double[] p) {
    Integer[] idx = new Integer[p.length];
    for (int i = 0; i < p.length; i++) {
      idx[i] = i;
    }
    // NaN last: an untested comparison neither rejects nor lowers the others' thresholds' order
    Arrays.sort(idx, Comparator.comparingDouble(i -> Double.isNaN(p[i]) ? Double.POSITIVE_INFINITY : p[i]));
    return idx;
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
