package dev.dbrace.runner.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.Defaults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The verdict's rule by Monte-Carlo: how often it claims anything among stacks that perform alike (its false-lead
 * rate, at most 5 % for a whole verdict), and how often it proves a real gap (its power), with rounds drawn the way
 * rounds scatter on this machine. The spreads are standard deviations of the logarithm of a round's figure measured
 * here (docs/measurement.md#the-verdict says which races).
 */
class LeadTestTest {
  /** A stack's round-to-round throughput spread on this shared 2-core machine: 0.064-0.093 over six 3-s rounds. */
  static final double STEADY = 0.08;
  /** jdbc-platform's (200 threads on 2 cores): 0.19 over 29 quick-race rounds, 35,482 to 67,105 ops/s. */
  static final double SCATTERED = 0.19;
  /** The steadiest seen: vertx's two quiet rounds 56,402 and 56,397 ops/s, jdbc-virtual's 56,181 and 55,877. */
  static final double QUIET = 0.03;
  /** p99's round-to-round spread (jdbc-platform's A/A rounds 9.5-26 ms; vertx's 2.4-5.1 ms). */
  static final double P99 = 0.3;
  static final int TRIALS = 20_000;
  static final int DEFAULT_ROUNDS = Defaults.RUN_ROUNDS;

  /** A figure around 10,000 with the spread {@code sd} of its log, {@code gap} above. */
  static DoubleSupplier lognormal(SplittableRandom rnd, double gap, double sd) {
    return () -> 10_000 * Math.exp(Math.log1p(gap) + sd * rnd.nextGaussian());
  }

  /** A stack whose rounds land in one of two modes 30 % apart (jdbc-platform's ~40k and ~55k), each quiet. */
  static DoubleSupplier bimodal(SplittableRandom rnd) {
    return () -> 10_000 * (rnd.nextBoolean() ? 1.15 : 0.85) * Math.exp(QUIET * rnd.nextGaussian());
  }

  /** A peak RSS in whole MB around 380 (two identical stacks' rounds: 369-391 MB). */
  static DoubleSupplier rss(SplittableRandom rnd) {
    return () -> Math.rint(380 * Math.exp(0.015 * rnd.nextGaussian()));
  }

  /** One race: each figure's stacks, drawn; stack 0 is the one given a gap. */
  static List<LeadTest.Ranking> race(List<List<DoubleSupplier>> figures, int rounds) {
    List<LeadTest.Comparisons> comparisons = new ArrayList<>();
    for (List<DoubleSupplier> stacks : figures) {
      Map<String, double[]> values = new LinkedHashMap<>();
      for (int s = 0; s < stacks.size(); s++) {
        double[] v = new double[rounds];
        for (int i = 0; i < rounds; i++) {
          v[i] = stacks.get(s).getAsDouble();
        }
        values.put("s" + s, v);
      }
      comparisons.add(LeadTest.compare(values, true));
    }
    return LeadTest.rank(comparisons, LeadTest.levels(comparisons.size()));
  }

  /** The share of races in which the verdict claimed anything at all (a lead or a stack behind) on any figure. */
  static double anyClaim(List<List<DoubleSupplier>> figures, int rounds) {
    int hits = 0;
    for (int t = 0; t < TRIALS; t++) {
      hits += race(figures, rounds).stream().anyMatch(r -> !r.behind().isEmpty()) ? 1 : 0;
    }
    return hits / (double) TRIALS;
  }

  /** The share of races in which stack 0's lead on the first figure was proven. */
  static double power(List<List<DoubleSupplier>> figures, int rounds) {
    int hits = 0;
    for (int t = 0; t < TRIALS; t++) {
      LeadTest.Ranking r = race(figures, rounds).getFirst();
      hits += r.supported() && r.leader().equals("s0") ? 1 : 0;
    }
    return hits / (double) TRIALS;
  }

  /** The A/A race: one figure alone, and a whole verdict of five (throughput, p99, CPU, RSS, threads). */
  @Test
  void aStackRacedAgainstItselfGetsAClaimAtMostOnceInTwenty() {
    SplittableRandom rnd = new SplittableRandom(32);
    StringBuilder report = new StringBuilder("A/A, any claim:");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 5}) {
      for (double sd : new double[] {QUIET, STEADY, SCATTERED}) {
        double one = anyClaim(List.of(List.of(lognormal(rnd, 0, sd), lognormal(rnd, 0, sd))), rounds);
        report.append(String.format(Locale.ROOT, " %d rounds, one figure of spread %.2f: %.1f %%;", rounds, sd, 100 * one));
        assertTrue(one <= 0.05, report.toString());
      }
      double modes = anyClaim(List.of(List.of(bimodal(rnd), bimodal(rnd))), rounds);
      report.append(String.format(Locale.ROOT, " two modes: %.1f %%;", 100 * modes));
      assertTrue(modes <= 0.05, report.toString());
      DoubleSupplier threads = () -> 225;
      double verdict = anyClaim(List.of(List.of(bimodal(rnd), bimodal(rnd)), List.of(lognormal(rnd, 0, P99),
          lognormal(rnd, 0, P99)), List.of(lognormal(rnd, 0, 0.2), lognormal(rnd, 0, 0.2)), List.of(rss(rnd), rss(rnd)),
          List.of(threads, threads)), rounds);
      report.append(String.format(Locale.ROOT, " a whole verdict of five figures: %.1f %%;", 100 * verdict));
      assertTrue(verdict <= 0.05, report.toString());
      assertTrue(verdict > 0.002, "a rule that never claims is not tested by this: " + report);
    }
    System.out.println(report);
  }

  /**
   * Stacks alike in mean but not in spread: a scattered stack against a steady or a quiet one, and four such stacks
   * in one figure. Welch's approximation runs a little over its level when one side scatters far more than the other
   * over few rounds; the margin brings it back: at most 5 %.
   */
  @Test
  void stacksAlikeButScatteredUnequallyGetNoClaimMoreThanOnceInTwenty() {
    SplittableRandom rnd = new SplittableRandom(33);
    StringBuilder report = new StringBuilder("alike, unequal spreads, any claim:");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 4, 6}) {
      double quiet = anyClaim(List.of(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, QUIET))), rounds);
      double steady = anyClaim(List.of(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, STEADY))), rounds);
      double four = anyClaim(List.of(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, QUIET), lognormal(rnd, 0, STEADY),
          lognormal(rnd, 0, STEADY))), rounds);
      report.append(String.format(Locale.ROOT, " %d rounds: scattered vs quiet %.1f %%, vs steady %.1f %%, four stacks %.1f %%;",
          rounds, 100 * quiet, 100 * steady, 100 * four));
      assertTrue(quiet <= 0.05 && steady <= 0.05 && four <= 0.05, report.toString());
    }
    System.out.println(report);
  }

  /**
   * The rule proves real gaps: its power at 10 % and 30 %, for a figure judged alone (at 5 %) and as the main figure of
   * a verdict of five (at 2.5 %), printed for docs/measurement.md.
   */
  @Test
  void powerAtTenAndThirtyPercentGaps() {
    SplittableRandom rnd = new SplittableRandom(34);
    StringBuilder table = new StringBuilder("power (the faster stack's lead proven), ").append(TRIALS)
        .append(" races each:\nrounds  spreads        alone 10 %  30 %   main figure of five 10 %  30 %\n");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 5}) {
      for (double[] sd : new double[][] {{QUIET, QUIET}, {STEADY, STEADY}, {SCATTERED, STEADY}}) {
        double[] p = new double[4];
        int c = 0;
        for (boolean inVerdict : new boolean[] {false, true}) {
          for (double gap : new double[] {0.10, 0.30}) {
            List<List<DoubleSupplier>> figures = new ArrayList<>();
            figures.add(List.of(lognormal(rnd, gap, sd[0]), lognormal(rnd, 0, sd[1])));
            if (inVerdict) {
              for (int f = 0; f < 4; f++) {
                figures.add(List.of(lognormal(rnd, 0, STEADY), lognormal(rnd, 0, STEADY)));
              }
            }
            p[c++] = power(figures, rounds);
          }
        }
        table.append(String.format(Locale.ROOT, "%6d  %.2f vs %.2f   %5.1f %%  %5.1f %%           %5.1f %%  %5.1f %%%n", rounds,
            sd[0], sd[1], 100 * p[0], 100 * p[1], 100 * p[2], 100 * p[3]));
        if (sd[0] == QUIET && sd[1] == QUIET) {
          assertTrue(p[1] >= 0.95 && p[3] >= 0.8, "a 30 % gap between quiet stacks is proven: " + table);
        }
        if (sd[0] == STEADY && sd[1] == STEADY && rounds == DEFAULT_ROUNDS) {
          assertTrue(p[1] >= 0.3, "a 30 % gap between steady stacks is proven in a good share of quick races: " + table);
        }
      }
    }
    System.out.print(table);
  }

  /** Two lucky rounds do not crown a leader; 0.70x over rounds that do not cross is behind. */
  @Test
  void twoRoundsAreNotTestedAndAThirtyPercentGapIsSeen() {
    LeadTest.Ranking two = LeadTest.rank(Map.of("jdbc-platform", new double[] {66_000, 67_200},
        "vertx", new double[] {60_500, 61_400}), true);
    assertEquals("jdbc-platform", two.leader());
    assertFalse(two.supported(), "two rounds cannot prove a lead");
    assertFalse(two.tested());
    Map<String, double[]> gap = new LinkedHashMap<>();
    gap.put("jdbc-platform", new double[] {66_000, 68_000, 70_500});
    gap.put("jdbc-virtual", new double[] {64_000, 67_000, 70_000});
    gap.put("r2dbc", new double[] {46_800, 47_500, 49_700});
    LeadTest.Ranking r = LeadTest.rank(gap, true);
    assertEquals(List.of("jdbc-platform", "jdbc-virtual"), r.withinNoise());
    assertEquals(List.of("r2dbc"), r.behind(), "0.70x the leader's median, rounds apart: behind");
    assertFalse(r.supported());
  }

  /** Under the margin no lead, however steady the rounds: peak RSS 389 vs 376 MB is 3 %. */
  @Test
  void aDifferenceUnderTheMarginIsNoLead() {
    LeadTest.Ranking rss = LeadTest.rank(Map.of("jdbc-platform", new double[] {391, 386, 389},
        "jdbc-platform#2", new double[] {376, 376, 376}), false);
    assertFalse(rss.supported(), rss.toString());
    assertTrue(rss.behind().isEmpty(), rss.toString());
    LeadTest.Ranking far = LeadTest.rank(Map.of("a", new double[] {391, 386, 389}, "b", new double[] {350, 352, 349}), false);
    assertTrue(far.supported(), "11 % apart and steady: a lead " + far);
  }

  /** Figures that never moved (a thread count) differ for certain, or not at all. */
  @Test
  void exactFiguresAreComparedExactly() {
    LeadTest.Ranking threads = LeadTest.rank(Map.of("vertx", new double[] {30, 30, 30},
        "jdbc-platform", new double[] {223, 223, 223}), false);
    assertTrue(threads.supported(), threads.toString());
    LeadTest.Ranking same = LeadTest.rank(Map.of("a", new double[] {30, 30, 30}, "b", new double[] {30, 30, 30}), false);
    assertFalse(same.supported());
    assertEquals(2, same.withinNoise().size());
  }

  /** Weighted Holm over a verdict: each comparison held to its share of 5 %, a share freed by a proof passing on. */
  @Test
  void aProvenComparisonPassesItsShareToTheOthers() {
    assertEquals(0.049, LeadTest.weightedHolm(new double[] {0.049}, new double[] {0.05})[0], 1e-12);
    double[] two = LeadTest.weightedHolm(new double[] {0.001, 0.049}, new double[] {0.025, 0.025});
    assertTrue(two[0] <= 0.05 && two[1] <= 0.05, "0.001 within 0.025, then 0.049 within the whole: " + Arrays.toString(two));
    assertTrue(Double.isNaN(LeadTest.weightedHolm(new double[] {0.001, Double.NaN}, new double[] {0.025, 0.025})[1]),
        "an untested comparison is never proven");
    // a verdict of five figures: the main one at 2.5 %, each other at 0.625 %
    double[] levels = LeadTest.levels(5);
    assertEquals(List.of(0.025, 0.00625, 0.00625, 0.00625, 0.00625), Arrays.stream(levels).boxed().toList());
    assertTrue(LeadTest.weightedHolm(new double[] {0.02, 1, 1, 1, 1}, levels)[0] <= 0.05, "0.02 proves a main lead");
    assertTrue(LeadTest.weightedHolm(new double[] {1, 0.02, 1, 1, 1}, levels)[1] > 0.05, "not a CPU one alone");
    assertTrue(LeadTest.weightedHolm(new double[] {0, 0.02, 0, 0, 0}, levels)[1] <= 0.05,
        "but once the other figures are proven their shares pass to it");
  }
}
