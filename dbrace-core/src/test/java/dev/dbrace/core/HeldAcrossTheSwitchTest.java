package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.InFlight;
import dev.dbrace.core.load.LoadDriver;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Workloads;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A warm-up operation that blocks across the switch to measuring, and through the whole measured window, as behind a
 * lock in the database: it is in none of the measured phase's figures, so the warm-up reports it. Unreported, a closed
 * loop of 16 with one such operation measures at 15 in flight and says nothing.
 */
class HeldAcrossTheSwitchTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @ParameterizedTest
  @ValueSource(strings = {"closed", "open"})
  void aWarmUpOperationInFlightThroughTheMeasuredWindowIsReported(String model) throws Exception {
    boolean closed = model.equals("closed");
    LoadModel load = closed ? new LoadModel.Closed(0, 500, 4) : new LoadModel.Open(200, 500, 100, "constant");
    HoldingStack stack = new HoldingStack(0); // the first operation of the warm-up
    LoadDriver loop = LoadDriver.create(stack, new OperationSequence(Workloads.byName("point-select", Map.of()), 1), load, 7);
    loop.start();
    Thread.sleep(300);
    assertTrue(stack.holding(), "the held operation was issued in warm-up");
    loop.startMeasuring();
    MeasuredWindowTest.awaitEnd(loop, 200);

    InFlight atSwitch = loop.warmup().inFlightAtSwitch();
    assertTrue(atSwitch.count() >= 1, "in flight at the switch: " + atSwitch);
    assertTrue(atSwitch.oldestAgeNanos() >= 300 * MS && atSwitch.oldestAgeNanos() < 2_000 * MS,
        "the oldest, the held one, as old as the warm-up: " + atSwitch.oldestAgeNanos() / 1e6 + " ms");
    assertEquals(1, loop.warmup().inFlightAtWindowEnd().count(), "the held one, through the whole window");
    assertEquals(closed ? Integer.valueOf(3) : null, loop.effectiveConcurrency(), "3 of 4 users measured");
    var m = loop.measured();
    assertTrue(m.ok() > 50, "the others measured: " + m.ok());
    assertEquals(m.issued(), m.ok() + m.errors() + m.unfinished(), "the held one is none of the measured phase's");
    assertEquals(0, m.unfinished());
    stack.release();
  }

  @ParameterizedTest
  @ValueSource(strings = {"closed", "open"})
  void withoutAStuckOperationNothingIsHeldOver(String model) throws Exception {
    boolean closed = model.equals("closed");
    LoadModel load = closed ? new LoadModel.Closed(0, 300, 4) : new LoadModel.Open(200, 300, 100, "constant");
    LoadDriver loop = LoadDriver.create(new HoldingStack(-1), new OperationSequence(Workloads.byName("point-select", Map.of()), 1),
        load, 7);
    loop.start();
    Thread.sleep(200);
    loop.startMeasuring();
    MeasuredWindowTest.awaitEnd(loop, 200);

    InFlight atSwitch = loop.warmup().inFlightAtSwitch();
    assertTrue(atSwitch.oldestAgeNanos() < 100 * MS, "nothing old at the switch: " + atSwitch);
    assertTrue(!closed || atSwitch.count() >= 1, "a closed loop's users are in flight at the switch: " + atSwitch);
    assertEquals(0, loop.warmup().inFlightAtWindowEnd().count());
    if (closed) {
      assertEquals(4, loop.effectiveConcurrency());
    } else {
      assertNull(loop.effectiveConcurrency());
    }
  }
}
