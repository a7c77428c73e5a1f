package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.Workloads;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one settings type: built once and checked, changed through one copy path that drops nothing. */
class RaceSettingsTest {
  static RaceSettings service() {
    return RaceSettings.builder().level(RaceSettings.Level.SERVICE).stacks(List.of("vertx-web", "mvc-jdbc"))
        .workload(Endpoints.forEndpoint("/db")).load(new LoadModel.Closed(0, 10_000, 64)).pool(16).concurrency(64).threads(0)
        .warmupMs(-1).warmupMaxMs(60_000).seed(42).workerJvmArgs(List.of("-Xmx256m")).java(Path.of("java"))
        .guards(new RaceSettings.Guards(35_000, 1_800_000, 35_000, 30_000)).build();
  }

  /** A curve over --pools copied the settings through a constructor that set the request timeout to 0. */
  @Test
  void anotherPoolKeepsEverySettingElse() {
    RaceSettings s = service();
    RaceSettings other = s.withPool(4);
    assertEquals(4, other.pool());
    assertEquals(s.toBuilder().pool(4).build(), other);
    assertEquals(30_000, other.guards().requestTimeoutMs(), "the service level's request timeout survives the copy");
    assertEquals(s, s.toBuilder().build(), "a copy is equal");
  }

  /** The level is said, not guessed from a timeout, a workload's name or a missing factory. */
  @Test
  void theLevelIsExplicitAndAgreesWithTheRequestTimeout() {
    RaceSettings s = service();
    assertEquals(true, s.serviceLevel());
    assertThrows(IllegalArgumentException.class,
        () -> s.toBuilder().level(RaceSettings.Level.DRIVER).build(), "a request timeout is the service level's");
    assertThrows(IllegalArgumentException.class, () -> s.toBuilder().guards(new RaceSettings.Guards(1, 1, 1, 0)).build(),
        "the service level has a request timeout");
    RaceSettings driver = s.toBuilder().level(RaceSettings.Level.DRIVER).workload(Workloads.byName("point-select", Map.of()))
        .guards(new RaceSettings.Guards(1, 1, 1, 0)).build();
    assertEquals(false, driver.serviceLevel());
    assertThrows(NullPointerException.class, () -> RaceSettings.builder().build(), "nothing is defaulted silently");
    assertThrows(IllegalArgumentException.class, () -> s.toBuilder().pool(0).build());
  }
}
