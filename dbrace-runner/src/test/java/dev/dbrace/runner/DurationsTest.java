package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dbrace.core.run.WarmupRule;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A duration written as text (what the command line's help shows as a default) is what a user would type, and reads back. */
class DurationsTest {
  @Test
  void aDurationIsWrittenInTheSmallestUnitThatKeepsItShortAndWhole() {
    assertEquals("500ms", Durations.text(Duration.ofMillis(500)));
    assertEquals("60s", Durations.text(Duration.ofSeconds(60)));
    assertEquals("30m", Durations.text(Duration.ofMinutes(30)));
    assertEquals("150s", Durations.text(Duration.ofSeconds(150)), "not whole in minutes: the largest unit it is whole in");
    assertEquals("1500ms", Durations.text(Duration.ofMillis(1500)));
    assertEquals("0ms", Durations.text(Duration.ZERO));
  }

  @Test
  void everyDefaultReadsBackAsItself() {
    for (Duration d : List.of(Defaults.WARMUP_MAX, Defaults.RUN_DURATION, Defaults.SERVE_RACE_DURATION, Defaults.STALL_TIMEOUT,
        Defaults.RUN_TIMEOUT, Defaults.DRAIN_TIMEOUT, Defaults.CURVE_STEP, Defaults.CAPACITY_STEP, Defaults.CAPACITY_WARMUP_MAX,
        Defaults.REQUEST_TIMEOUT, Duration.ofMillis(1500), Duration.ofHours(5))) {
      assertEquals(d.toMillis(), Durations.parse(Durations.text(d)), Durations.text(d));
    }
    assertEquals("auto", Warmups.text(Defaults.WARMUP_MS));
    assertEquals(WarmupRule.AUTO, Warmups.parse(Warmups.text(WarmupRule.AUTO)));
    assertEquals(20_000, Warmups.parse(Warmups.text(20_000)));
  }
}
