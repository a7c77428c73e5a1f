package dev.dbrace.report.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.core.result.Race;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's capacity sentences: a ratio only where the two brackets do not overlap. */
class CapacityViewTest {

  private static Race race(Race.Capacity... verdicts) {
    return new Race("r", "capacity", "c", "now", null, null, null, null, new Race.Sla("p99", 10, 0.001), List.of(),
        List.of(verdicts), null);
  }

  @Test
  void overlappingBracketsAreWithinTheBracketsNotARatio() {
    var a = new Race.Capacity("vertx", "w", 5000.0, 5400.0, 6000.0, 9, "");
    var b = new Race.Capacity("jdbc", "w", 4800.0, 5200.0, 6000.0, 9, "");
    assertEquals(List.of("vertx and jdbc hold p99 <= 10 ms within the brackets (5,000 vs 4,800 ops/s): their brackets"
        + " overlap, so neither holds more at the search's precision."), CapacityView.sentences(race(a, b)));

    var c = new Race.Capacity("jdbc", "w", 2400.0, 2600.0, 3000.0, 9, "");
    assertEquals(List.of("vertx holds p99 <= 10 ms up to 2.1x the rate jdbc does (5,000 vs 2,400 ops/s)."),
        CapacityView.sentences(race(a, c)));
  }
}
