package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.cli.console.ConsoleTable;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.runner.CapacityRule.Outcome;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The capacity search's rule on scripted runs: no database, no worker, only the decisions. */
public class CapacityRuleTest {

  /** Answers each run from a script (H = held, M = missed), recording the rates asked for. */
  static final class Script implements CapacityRule.Trial {
    final Deque<Character> left = new ArrayDeque<>();
    final List<Double> asked = new ArrayList<>();
    final double tooFewBelow;

    Script(String runs, double tooFewBelow) {
      runs.chars().forEach(c -> left.add((char) c));
      this.tooFewBelow = tooFewBelow;
    }

    @Override
    public Outcome run(double rate) {
      if (rate < tooFewBelow) {
        return Outcome.TOO_FEW;
      }
      asked.add(rate);
      char c = left.pop();
      return c == 'H' ? Outcome.HELD : Outcome.MISSED;
    }
  }

  @Test
  void bestTwoOfThreeIsTheSameRuleBothWays() {
    assertEquals(Outcome.HELD, CapacityRule.judge(2, 0));
    assertEquals(Outcome.HELD, CapacityRule.judge(2, 1));
    assertEquals(Outcome.MISSED, CapacityRule.judge(0, 2));
    assertEquals(Outcome.MISSED, CapacityRule.judge(1, 2));
    assertNull(CapacityRule.judge(1, 0), "one run decides nothing, a pass no more than a miss");
    assertNull(CapacityRule.judge(0, 1));
    assertNull(CapacityRule.judge(1, 1), "a split needs a third run");
  }

  /**
   * A rate whose single runs hold half the time is declared held half the time: over the eight
   * equally likely sequences of three coin flips, the rule says held for exactly four. (Confirming
   * misses only would say held for six of eight: 75 %.)
   */
  @Test
  void aRateThatHoldsHalfTheRunsIsHeldHalfTheTime() throws Exception {
    int held = 0;
    for (int flips = 0; flips < 8; flips++) {
      StringBuilder runs = new StringBuilder();
      for (int i = 0; i < 3; i++) {
        runs.append((flips >> i & 1) == 1 ? 'H' : 'M');
      }
      // x = 4 so that the first coarse rate is 1/s: one rate judged, then the search goes on by script
      Script s = new Script(runs + "M".repeat(40), 0);
      CapacityRule.Bracket b = CapacityRule.search(4, 0.1, s);
      if (b.held() != null && b.held() == 1.0) {
        held++;
      }
    }
    assertEquals(4, held);
  }

  @Test
  void aScriptedSearchVisitsTheRatesTheRuleSaysAndBracketsTheAnswer() throws Exception {
    // probe 1,000/s: 250 H H; 500 H M H (split, third decides held); 750 M M -> bracket 500..750;
    // fine: 630 M H M -> missed; 570 H H -> held; (630-570)/630 = 9.5 % <= 10 %: done
    Script s = new Script("HH" + "HMH" + "MM" + "MHM" + "HH", 0);
    CapacityRule.Bracket b = CapacityRule.search(1000, 0.1, s);
    assertEquals(List.of(250.0, 250.0, 500.0, 500.0, 500.0, 750.0, 750.0, 630.0, 630.0, 630.0, 570.0, 570.0), s.asked);
    assertEquals(570.0, b.held());
    assertEquals(630.0, b.missed());
    assertEquals(12, b.runs());
    assertNull(b.tooFew());
    assertTrue(s.left.isEmpty(), "every scripted run was used");
  }

  @Test
  void aRateTooLowToMeasureIsSkippedUpwardsAndEndsTheSearchDownwards() throws Exception {
    // probe 100/s; rates below 40/s cannot get enough operations: 25 skipped, 50 M M, going lower stops at 25
    Script s = new Script("MM", 40);
    CapacityRule.Bracket b = CapacityRule.search(100, 0.1, s);
    assertEquals(List.of(50.0, 50.0), s.asked);
    assertNull(b.held());
    assertEquals(50.0, b.missed());
    assertEquals(25.0, b.tooFew());
    assertEquals(2, b.runs());
  }

  @Test
  void overlappingBracketsAreWithinTheBracketsElseARangeOfRatios() {
    var a = new Race.Capacity("a", "w", 4800.0, 5200.0, 6000.0, 9, "");
    var b = new Race.Capacity("b", "w", 4600.0, 5000.0, 6000.0, 9, "");
    var c = new Race.Capacity("c", "w", 2000.0, 2400.0, 3000.0, 9, "");
    assertTrue(CapacitySearch.compare(a, b).contains("within the brackets"), CapacitySearch.compare(a, b));
    assertEquals("a holds 2.00x to 2.60x the rate c does", CapacitySearch.compare(a, c));
    var out = new ByteArrayOutputStream();
    ConsoleTable.printCapacity(new PrintStream(out, true, StandardCharsets.UTF_8),
        List.of(a, b, c), new Race.Sla("p99", 10, 0.001));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("b: " + b.verdict() + "  within the brackets of a"), text);
    assertTrue(!text.contains("1.04x"), "no ratio where the brackets overlap: " + text);
    assertTrue(text.contains("c: " + c.verdict() + "  0.42x the best (a)"), text);
  }

  /** The verdict paragraph: brackets, the comparison from them, SLA, pool and TLS as the runs say. */
  @Test
  void theVerdictParagraphStatesBracketsComparisonSlaPoolAndTls() {
    var a = new Race.Capacity("vertx", "w", 4800.0, 5200.0, 6000.0, 9, "");
    var b = new Race.Capacity("jdbc-virtual", "w", 4600.0, 5000.0, 6000.0, 9, "");
    var c = new Race.Capacity("jdbc-platform", "w", 2000.0, 2400.0, 3000.0, 9, "");
    var load = new LoadModel.Open(100, 1000, 10, "constant");
    Function<String, RunRecord> run = stack ->
        RunRecord.withoutFigures(stack, "w", load, "capacity", 1, 1, RunStatus.OK, null,
            List.of(), null, 1);
    Race.Sla sla = new Race.Sla("p99", 10, 0.001);
    List<RunRecord> tlsOff = List.of(a, b, c).stream()
        .map(v -> run.apply(v.stack()).withProbes(p -> p.withTls(Tls.OFF))).toList();
    assertEquals("Capacity within p99 <= 10 ms, errors < 0.1 % (pool 16, TLS off): vertx: holds 4,800, misses 5,200 ops/s;"
        + " jdbc-virtual: holds 4,600, misses 5,000 ops/s; jdbc-platform: holds 2,000, misses 2,400 ops/s."
        + " vertx and jdbc-virtual are within the brackets: neither holds more at this precision."
        + " vertx holds 2.00x to 2.60x the rate jdbc-platform does.", CapacitySearch.paragraph(List.of(a, b, c), tlsOff, sla, 16));
    // runs whose TLS nobody recorded: said, per stack when they differ
    List<RunRecord> mixed = List.of(run.apply("vertx"),
        run.apply("jdbc-platform").withProbes(p -> p.withTls(Tls.ON)));
    String p = CapacitySearch.paragraph(List.of(a, c), mixed, sla, 16);
    assertTrue(p.contains("vertx: holds 4,800, misses 5,200 ops/s (TLS unknown)") && p.contains("(TLS on)"), p);
  }

  @Test
  void stepsAreLongEnoughForThePercentile() {
    assertEquals(1000, CapacitySearch.minOps(new Race.Sla("p99", 10, 0.001)));
    assertEquals(10_000, CapacitySearch.minOps(new Race.Sla("p999", 10, 0.001)));
    assertEquals(8000, CapacitySearch.stepMsFor(5000, 8000, 1000), "5,000/s x 8 s is plenty");
    assertEquals(22_000, CapacitySearch.stepMsFor(50, 8000, 1000), "1,100 operations at 50/s take 22 s");
    assertEquals(-1, CapacitySearch.stepMsFor(10, 8000, 10_000), "1,100 s would exceed 10 x 8 s: too few operations");
  }
}
