package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatsTest {
  @Test
  void everyMeasuredRunFollowsAWarmUpOfItsOwnPointInAnOrderShuffledPerIterationFromTheSeed() throws Exception {
    List<String> points = List.of("a", "b", "c", "d", "e", "f", "g", "h");
    List<String> calls = new ArrayList<>();
    int[] n = {0};
    List<List<Integer>> measured = Repeats.run(points, 3, 42, p -> {
      calls.add(p);
      return n[0]++;
    }, m -> { });
    assertEquals(points.size() * 3 * 2, calls.size());
    for (int i = 0; i < calls.size(); i += 2) {
      assertEquals(calls.get(i), calls.get(i + 1), "the run before each measured one is the same point's warm-up");
    }
    for (List<Integer> runs : measured) {
      assertEquals(3, runs.size());
      runs.forEach(v -> assertEquals(1, v % 2, "only the second (measured) call of each pair is kept"));
    }
    assertNotEquals(Repeats.order(8, 42, 0), Repeats.order(8, 42, 1), "shuffled anew in every iteration");
    assertEquals(Repeats.order(8, 42, 1), Repeats.order(8, 42, 1), "from the seed: the same order on a rerun");
    assertNotEquals(Repeats.order(8, 42, 0), Repeats.order(8, 7, 0), "another seed, another order");
  }

  @Test
  void spreadGivesMedianAndRangeAndSaysWhenTwoAreWithinEachOthersRange() {
    Spread a = Spread.of(List.of(10.0, 14.0, 12.0));
    assertEquals(12.0, a.median());
    assertEquals(10.0, a.min());
    assertEquals(14.0, a.max());
    assertEquals("12 (10-14)", a.ms());
    Spread b = Spread.of(List.of(13.0, 15.0, 16.0));
    Spread c = Spread.of(List.of(20.0, 22.0, 21.0));
    assertTrue(a.overlaps(b));
    assertFalse(a.overlaps(c));
    assertTrue(Spread.compare("x", a, "y", b, Double::toString, "ms").contains("within each other's range"));
    assertTrue(Spread.compare("x", a, "z", c, Double::toString, "ms").contains("apart beyond their ranges"));
    assertEquals("7", Spread.of(List.of(7.0)).ms(), "one iteration: the lone value, no range");
  }
}
