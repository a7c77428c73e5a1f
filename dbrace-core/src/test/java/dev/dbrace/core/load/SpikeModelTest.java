package dev.dbrace.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.run.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An open loop's spikes: checked against its rate and duration, kept sorted, and carried in JSON (worker spec, race.json). */
class SpikeModelTest {

  @Test
  void spikesTravelInJsonAndOldJsonHasNone() {
    var load = new LoadModel.Open(2000, 30_000, 1024, "constant",
        List.of(new LoadModel.Spike(8000, 20_000, 2_000), new LoadModel.Spike(5000, 10_000, 5_000)));
    assertEquals(List.of(10_000L, 20_000L), load.spikes().stream().map(LoadModel.Spike::atMs).toList(), "sorted by start");
    String json = Json.line(load);
    assertTrue(json.contains("\"spikes\":[{\"rate\":5000.0,\"at_ms\":10000,\"for_ms\":5000}"), json);
    assertEquals(load, Json.parse(json, LoadModel.class));
    assertTrue(load.describe().endsWith("spike 5000@10s+5s,8000@20s+2s"), load.describe());

    var plain = new LoadModel.Open(200, 5_000, 1024, "constant");
    assertFalse(Json.line(plain).contains("spikes"), "no spikes, no field: " + Json.line(plain));
    var old = Json.parse("{\"model\":\"open\",\"rate\":200.0,\"duration_ms\":5000,\"max_in_flight\":1024,\"arrival\":\"constant\"}",
        LoadModel.class);
    assertEquals(plain, old);
  }

  @Test
  void badSpikesAreRefused() {
    var below = assertThrows(IllegalArgumentException.class,
        () -> new LoadModel.Open(2000, 30_000, 1024, "constant", List.of(new LoadModel.Spike(1000, 5_000, 1_000))));
    assertTrue(below.getMessage().contains("above the base rate"), below.getMessage());
    var late = assertThrows(IllegalArgumentException.class,
        () -> new LoadModel.Open(2000, 30_000, 1024, "constant", List.of(new LoadModel.Spike(5000, 29_000, 2_000))));
    assertTrue(late.getMessage().contains("ends after"), late.getMessage());
    var overlap = assertThrows(IllegalArgumentException.class, () -> new LoadModel.Open(2000, 30_000, 1024, "constant",
        List.of(new LoadModel.Spike(5000, 5_000, 2_000), new LoadModel.Spike(6000, 6_000, 2_000))));
    assertTrue(overlap.getMessage().contains("overlap"), overlap.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new LoadModel.Spike(0, 1_000, 1_000));
    assertThrows(IllegalArgumentException.class, () -> new LoadModel.Spike(100, 1_000, 0));
  }
}
