package dev.dbrace.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.fork.StackCatalog;
import java.lang.reflect.RecordComponent;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The one settings type: built once and checked, changed through one copy path that drops nothing, and the only
 * source of race.json's settings and the worker's spec. The fixtures set every component to a value of its own, so a
 * copy or a derivation that drops or swaps one differs from what the test expects.
 */
class RaceSettingsTest {
  static final WorkloadSpec POINT_SELECT = Workloads.byName("point-select", Map.of());

  static RaceSettings service() {
    return RaceSettings.builder().level(RaceSettings.Level.SERVICE).stacks(List.of("vertx-web", "mvc-jdbc"))
        .stackOptions(Map.of("vertx-web", Map.of("eventLoops", "2"))).pool(16).threads(3).workerJvmArgs(List.of("-Xmx256m"))
        .java(Path.of("java")).jfr(true).aot(true).workload(Endpoints.forEndpoint("/db")).load(new LoadModel.Closed(0, 10_000, 64))
        .concurrency(64).warmupMs(-1).warmupMaxMs(60_000).seed(42)
        .guards(new RaceSettings.Guards(35_000, 1_800_000, 35_000, 30_000)).build();
  }

  static RaceSettings driver() {
    return RaceSettings.builder().level(RaceSettings.Level.DRIVER).stacks(List.of("jdbc-platform", "vertx"))
        .stackOptions(Map.of("vertx", Map.of("pipelined", "true"))).pool(12).threads(200)
        .workerJvmArgs(List.of("-Xmx512m", "-XX:+UseParallelGC")).java(Path.of("/opt/jdk/bin/java")).jfr(true).aot(true)
        .workload(POINT_SELECT).load(new LoadModel.Closed(0, 7_000, 48)).concurrency(48).warmupMs(3_000)
        .warmupMaxMs(90_000).seed(7).guards(new RaceSettings.Guards(21_000, 600_000, 11_000, 0)).build();
  }

  /** A curve over --pools changes the pool alone: a copy that reset the request timeout to 0 would fail it. */
  @Test
  void anotherPoolKeepsEverySettingElse() {
    RaceSettings s = service();
    RaceSettings other = s.withPool(4);
    assertEquals(4, other.setup().pool());
    assertEquals(s.toBuilder().pool(4).build(), other);
    assertEquals(30_000, other.guards().requestTimeoutMs(), "the service level's request timeout survives the copy");
  }

  /** A component the builder does not copy comes back as its default, which no fixture component is. */
  @Test
  void theCopyPathKeepsEveryComponent() {
    assertEquals(List.of(), unset(service(), ""), "the fixture gives every component a value of its own");
    assertEquals(List.of("guards.requestTimeoutMs"), unset(driver(), ""), "the driver level has no request timeout");
    for (RaceSettings s : List.of(service(), driver())) {
      assertEquals(s, s.toBuilder().build(), "a copy is equal");
    }
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
    RaceSettings driver = s.toBuilder().level(RaceSettings.Level.DRIVER).workload(POINT_SELECT)
        .guards(new RaceSettings.Guards(1, 1, 1, 0)).build();
    assertEquals(false, driver.serviceLevel());
    assertThrows(NullPointerException.class, () -> RaceSettings.builder().build(), "nothing is defaulted silently");
    assertThrows(IllegalArgumentException.class, () -> s.toBuilder().pool(0).build());
    assertThrows(IllegalArgumentException.class, () -> s.toBuilder().stacks(List.of()).build());
  }

  /** race.json's settings: every recorded component in its own field, with the plan's steps, sweep and rounds. */
  @Test
  void raceJsonRecordsEachSettingInItsField() {
    RaceSettings s = driver();
    DbTarget target = new DbTarget("db.example", 5433, "bench", "racer", "secret", Engine.POSTGRESQL, SslMode.REQUIRE, null);
    LoadModel load = new LoadModel.Closed(0, 7_000, 48);
    Race.Settings expected = new Race.Settings(List.of("jdbc-platform", "vertx"), "point-select", Map.of(), load.describe(),
        load, List.of(10.0, 20.0), "rate", 12, 48, 200, "fixed", 3_000, 7, Map.of("vertx", Map.of("pipelined", "true")),
        List.of("-Xmx512m", "-XX:+UseParallelGC"), true, 3, "fixed 3s", "require", null);
    assertEquals(expected, s.record(plan(), target));

    Race.Settings service = service().record(plan(), target);
    assertEquals(30_000L, service.requestTimeoutMs(), "the service level records its request timeout");
    assertNull(service.threadPool(), "a service has no thread pool setting");
    assertEquals(Warmups.describe(-1, 60_000), service.warmupRule(), "auto's cap is in the rule");
  }

  /** The worker's spec: the race's workload, warm-up, seed and drain guard, the run's own stack, load, pool and place. */
  @Test
  void theWorkerSpecTakesTheRacesPlanAndTheRunsOwnSetup() {
    RaceSettings s = driver();
    DbTarget target = new DbTarget("db.example", 5433, "bench", "racer", "secret", Engine.POSTGRESQL, SslMode.VERIFY_CA,
        "/certs/root.crt");
    LoadModel stepLoad = new LoadModel.Open(500, 5_000, 100, "constant");
    RunSlot slot = new RunSlot("vertx", stepLoad, 5, 9, RunSlot.Purpose.CURVE, 2, 1);
    var worker = new StackCatalog.Entry("vertx", "Vert.x", Set.of(Engine.POSTGRESQL), List.of(), true, true);
    var started = new RunSubject.Started(worker, Map.of("pipelined", "true"), 0, List.of(), Map.of(), () -> { });
    RunSpec expected = new RunSpec("race-1/runs/vertx/02-curve", "vertx",
        new RunSpec.Endpoint("127.0.0.1", 40_001, "bench", "racer", Engine.POSTGRESQL, SslMode.VERIFY_CA, "/certs/root.crt"),
        new RunSpec.Setup(5, 9, Map.of("pipelined", "true"), "dbrace-1-vertx"),
        new RunSpec.LoadPlan(POINT_SELECT, stepLoad, 3_000, 90_000, 7, RaceSettings.PROGRESS_INTERVAL_MS, 11_000),
        new RunSpec.LogFiles("/r/latency.hlog", "/r/successes.txt"));
    assertEquals(expected, s.runSpec("race-1/runs/vertx/02-curve", slot, started, "dbrace-1-vertx", target,
        InetSocketAddress.createUnresolved("127.0.0.1", 40_001), Path.of("/r/latency.hlog"), Path.of("/r/successes.txt")));
    assertNull(s.runSpec("id", slot, started, "app", target, InetSocketAddress.createUnresolved("h", 1), Path.of("h.hlog"), null)
        .files().successLogPath(), "no success log but a fault run's");
  }

  /** A curve whose plan adds steps, a sweep and rounds of its own. */
  private static RacePlan plan() {
    return new RacePlan() {
      @Override
      public String kind() {
        return "curve";
      }

      @Override
      public List<Double> steps() {
        return List.of(10.0, 20.0);
      }

      @Override
      public String sweep() {
        return "rate";
      }

      @Override
      public int rounds() {
        return 3;
      }

      @Override
      public void execute(RaceRunner runner) {
        throw new UnsupportedOperationException();
      }
    };
  }

  /** The components of {@code r} and of its parts (the records RaceSettings declares) left at their type's default. */
  private static List<String> unset(Record r, String prefix) {
    List<String> unset = new ArrayList<>();
    for (RecordComponent c : r.getClass().getRecordComponents()) {
      Object v;
      try {
        v = c.getAccessor().invoke(r);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
      String name = prefix + c.getName();
      if (v instanceof Record part && c.getType().getDeclaringClass() == RaceSettings.class) {
        unset.addAll(unset(part, name + "."));
      } else if (v == null || v.equals(false) || v instanceof Number n && n.doubleValue() == 0
          || v instanceof Collection<?> l && l.isEmpty() || v instanceof Map<?, ?> m && m.isEmpty()) {
        unset.add(name);
      }
    }
    return unset;
  }
}
