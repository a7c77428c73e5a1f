package dev.dbrace.runner.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.runner.Defaults;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * The verdict's rule by Monte-Carlo: how often it names a leader among stacks that perform alike (its false-lead
 * rate, at most 5 %), and how often it sees a real gap (its power), with rounds drawn the way rounds scatter on
 * this machine. The spreads are the standard deviations of the logarithm of a round's throughput measured here
 * (docs/measurement.md#the-verdict says which races).
 */
class LeadTestTest {
  /** A stack's round-to-round spread on this shared 2-core machine: 0.064-0.093 over six 3-s rounds of the quick race. */
  static final double STEADY = 0.08;
  /** A scattered stack's: jdbc-platform's 200 threads on 2 cores (61,708 and 76,140 ops/s in two quiet rounds). */
  static final double SCATTERED = 0.15;
  /** The steadiest seen: vertx's two quiet rounds 56,402 and 56,397 ops/s, jdbc-virtual's 56,181 and 55,877. */
  static final double QUIET = 0.03;
  static final int TRIALS = 20_000;
  static final int DEFAULT_ROUNDS = Defaults.RUN_ROUNDS;

  /** A round's throughput around 10,000 ops/s with the spread {@code sd} (log-normal). */
  static DoubleSupplier lognormal(SplittableRandom rnd, double gap, double sd) {
    return () -> 10_000 * Math.exp(Math.log(1 + gap) + sd * rnd.nextGaussian());
  }

  /** A stack whose rounds land in one of two modes 20 % apart, each with a quiet stack's spread. */
  static DoubleSupplier bimodal(SplittableRandom rnd) {
    return () -> 10_000 * (rnd.nextBoolean() ? 1.1 : 0.9) * Math.exp(QUIET * rnd.nextGaussian());
  }

  /** The share of {@link #TRIALS} races in which the rule supported a lead by stack 0 (or by any stack if anyLeader). */
  static double rate(List<DoubleSupplier> stacks, int rounds, boolean anyLeader, boolean anyClaim) {
    int hits = 0;
    for (int t = 0; t < TRIALS; t++) {
      Map<String, double[]> values = new LinkedHashMap<>();
      for (int s = 0; s < stacks.size(); s++) {
        double[] v = new double[rounds];
        for (int i = 0; i < rounds; i++) {
          v[i] = stacks.get(s).getAsDouble();
        }
        values.put("s" + s, v);
      }
      LeadTest.Ranking r = LeadTest.rank(values, true);
      boolean hit = anyClaim ? !r.behind().isEmpty() : r.supported() && (anyLeader || r.leader().equals("s0"));
      hits += hit ? 1 : 0;
    }
    return hits / (double) TRIALS;
  }

  @Test
  void aStackRacedAgainstItselfIsCalledALeaderAtMostOnceInTwenty() {
    SplittableRandom rnd = new SplittableRandom(32);
    StringBuilder report = new StringBuilder("A/A false leads:");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 5}) {
      for (double sd : new double[] {QUIET, STEADY, SCATTERED}) {
        double rate = rate(List.of(lognormal(rnd, 0, sd), lognormal(rnd, 0, sd)), rounds, true, false);
        report.append(String.format(Locale.ROOT, " %d rounds sd %.2f: %.1f %%;", rounds, sd, 100 * rate));
        assertTrue(rate <= 0.05, report.toString());
        assertTrue(rate > 0.005, "a rule that never leads is not tested by this: " + report);
      }
      double modes = rate(List.of(bimodal(rnd), bimodal(rnd)), rounds, true, false);
      report.append(String.format(Locale.ROOT, " %d rounds two modes: %.1f %%;", rounds, 100 * modes));
      assertTrue(modes <= 0.05, report.toString());
    }
    System.out.println(report);
  }

  /**
   * Stacks alike in mean but not in spread (a scattered stack beside steady ones). Four such stacks: any claim at all
   * (a stack called behind) at most one race in twenty. Two: Welch's approximation is known to run a little over its
   * level when one side scatters five times more over a few rounds (docs/measurement.md gives the rates measured
   * here, 5.3-6.0 %): at most 7 %, so a change that made it worse fails.
   */
  @Test
  void stacksAlikeButScatteredUnequallyGetNoClaimMoreThanOnceInTwenty() {
    SplittableRandom rnd = new SplittableRandom(33);
    StringBuilder report = new StringBuilder("false leads, a scattered stack (0.15) against a quiet (0.03) / steady (0.08) one:");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 4, 6}) {
      double quiet = rate(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, QUIET)), rounds, true, false);
      double steady = rate(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, STEADY)), rounds, true, false);
      report.append(String.format(Locale.ROOT, " %d rounds %.1f / %.1f %%;", rounds, 100 * quiet, 100 * steady));
      assertTrue(quiet <= 0.07 && steady <= 0.05, report.toString());
      double four = rate(List.of(lognormal(rnd, 0, SCATTERED), lognormal(rnd, 0, QUIET), lognormal(rnd, 0, STEADY),
          lognormal(rnd, 0, STEADY)), rounds, true, true);
      report.append(String.format(Locale.ROOT, " four alike, any called behind: %.1f %%;", 100 * four));
      assertTrue(four <= 0.05, report.toString());
    }
    System.out.println(report);
  }

  /** The rule sees real gaps: its power at 10 % and 30 %, printed for docs/measurement.md, and high at 30 % when steady. */
  @Test
  void powerAtTenAndThirtyPercentGaps() {
    SplittableRandom rnd = new SplittableRandom(34);
    StringBuilder table = new StringBuilder("power (lead by the faster stack supported), ")
        .append(TRIALS).append(" races each:\nrounds  spreads              10 %    30 %\n");
    for (int rounds : new int[] {DEFAULT_ROUNDS, 5}) {
      for (double[] sd : new double[][] {{QUIET, QUIET}, {STEADY, STEADY}, {SCATTERED, STEADY}, {SCATTERED, SCATTERED}}) {
        double ten = rate(List.of(lognormal(rnd, 0.10, sd[0]), lognormal(rnd, 0, sd[1])), rounds, false, false);
        double thirty = rate(List.of(lognormal(rnd, 0.30, sd[0]), lognormal(rnd, 0, sd[1])), rounds, false, false);
        table.append(String.format(Locale.ROOT, "%6d  %.2f vs %.2f         %5.1f %%  %5.1f %%%n", rounds, sd[0], sd[1],
            100 * ten, 100 * thirty));
        if (sd[0] == QUIET && sd[1] == QUIET) {
          assertTrue(thirty >= 0.95, "a 30 % gap between quiet stacks is seen: " + table);
          assertTrue(ten > 0.3, "a 10 % gap between quiet stacks is seen often: " + table);
        }
        if (sd[0] == STEADY && sd[1] == STEADY && rounds == DEFAULT_ROUNDS) {
          assertTrue(thirty >= 0.7, "a 30 % gap is seen in most quick races on this machine: " + table);
        }
      }
    }
    System.out.print(table);
  }

  /** The cases: two lucky rounds do not crown a leader; 0.70x over rounds that do not cross is behind. */
  @Test
  void twoRoundsAreNotTestedAndAThirtyPercentGapIsSeen() {
    LeadTest.Ranking two = LeadTest.rank(Map.of("jdbc-platform", new double[] {66_000, 67_200},
        "vertx", new double[] {60_500, 61_400}), true);
    assertEquals("jdbc-platform", two.leader());
    assertFalse(two.supported(), "two rounds cannot prove a lead");
    assertFalse(two.tested());
    Map<String, double[]> gap = new LinkedHashMap<>();
    gap.put("jdbc-platform", new double[] {66_000, 68_000, 76_500});
    gap.put("jdbc-virtual", new double[] {64_000, 67_000, 70_000});
    gap.put("r2dbc", new double[] {46_800, 47_500, 53_700});
    LeadTest.Ranking r = LeadTest.rank(gap, true);
    assertEquals(List.of("jdbc-platform", "jdbc-virtual"), r.withinNoise());
    assertEquals(List.of("r2dbc"), r.behind(), "0.70x the leader's median, rounds apart: behind");
    assertFalse(r.supported());
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

  /** Holm over every pair: the leader's smallest p-value is held to ALPHA over k(k-1)/2. */
  @Test
  void holmCountsEveryPairAsTheFamily() {
    assertTrue(LeadTest.holm(new double[] {0.049}, 1)[0]);
    assertFalse(LeadTest.holm(new double[] {0.049, 0.001}, 3)[0], "0.049 > 0.05 / 2 at the second step");
    assertTrue(LeadTest.holm(new double[] {0.024, 0.001}, 3)[0]);
    assertFalse(LeadTest.holm(new double[] {0.024, 0.017}, 3)[0], "0.017 > 0.05 / 3 at the first step: none rejected");
    assertFalse(LeadTest.holm(new double[] {0.001, Double.NaN}, 1)[1], "an untested comparison never rejects");
  }
}
