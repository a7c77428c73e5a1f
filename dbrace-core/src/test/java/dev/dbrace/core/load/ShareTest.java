package dev.dbrace.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.run.Json;
import dev.dbrace.core.run.RunSpec;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Workloads;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A run shared by agents: the parts of a load add up to it, and the parts of the sequence partition it. */
class ShareTest {

  @Test
  void closedLoadsSplitIntoPartsThatSumToTheWhole() {
    var load = new LoadModel.Closed(1001, 0, 64);
    for (int agents = 1; agents <= 7; agents++) {
      long users = 0;
      long executions = 0;
      for (Share s : Share.of(agents)) {
        var part = (LoadModel.Closed) s.part(load);
        users += part.concurrency();
        executions += part.executions();
        assertTrue(part.concurrency() >= 64 / agents && part.concurrency() <= 64 / agents + 1, part.describe());
      }
      assertEquals(64, users, agents + " agents");
      assertEquals(1001, executions, agents + " agents");
    }
    var timed = (LoadModel.Closed) new Share(2, 3).part(new LoadModel.Closed(0, 5000, 10));
    assertEquals(new LoadModel.Closed(0, 5000, 3), timed, "a duration is every agent's; the first agent takes the 10th user");
    var refused = assertThrows(IllegalArgumentException.class, () -> new Share(0, 4).part(new LoadModel.Closed(0, 5000, 3)));
    assertTrue(refused.getMessage().contains("cannot be shared by 4 agents"), refused.getMessage());
  }

  @Test
  void openLoadsSplitTheRateTheSpikesAndTheInFlightLimit() {
    var load = new LoadModel.Open(3000, 10_000, 1000, "poisson", List.of(new LoadModel.Spike(9000, 2000, 1000)));
    var part = (LoadModel.Open) new Share(1, 3).part(load);
    assertEquals(1000.0, part.rate());
    assertEquals(334, part.maxInFlight(), "rounded up: the parts' limits together are at least the asked one");
    assertEquals(3000.0, part.spikes().get(0).rate());
    assertEquals(load, Share.WHOLE.part(load), "one box runs the whole");
  }

  @Test
  void thePartsOfTheSequencePartitionTheWholeOne() {
    var workload = Workloads.byName("point-select", Map.of());
    var whole = new OperationSequence(workload, 42);
    Set<String> union = new HashSet<>();
    for (Share s : Share.of(3)) {
      var part = new OperationSequence(workload, 42, s);
      for (long k = 0; k < 100; k++) {
        var op = part.operation(k);
        var same = whole.operation(op.index());
        assertEquals(same.statements().get(0).params()[0], op.statements().get(0).params()[0], "position " + k + " of " + s);
        assertTrue(union.add(op.index() + ""), "drawn twice: " + op.index());
      }
    }
    Set<String> first300 = new HashSet<>();
    for (long i = 0; i < 300; i++) {
      first300.add(i + "");
    }
    assertEquals(first300, union, "3 agents x 100 operations are the whole sequence's first 300");
  }

  @Test
  void constantPartsTogetherAreEvenlySpacedAtTheAskedRate() {
    var load = new LoadModel.Open(1000, 10_000, 100, "constant");
    List<Long> arrivals = new ArrayList<>();
    for (Share s : Share.of(4)) {
      var schedule = ArrivalSchedule.of((LoadModel.Open) s.part(load), 7, s);
      for (int k = 0; k < 250; k++) {
        arrivals.add(schedule.nextOffsetNanos());
      }
    }
    arrivals.sort(null);
    for (int i = 0; i < arrivals.size(); i++) {
      assertEquals(i * 1_000_000L, arrivals.get(i), 1, "arrival " + i + " of the union: 1 ms apart");
    }
  }

  @Test
  void poissonPartsTogetherAreAPoissonStreamOfTheSummedRate() {
    var load = new LoadModel.Open(2000, 10_000, 100, "poisson");
    List<Long> arrivals = new ArrayList<>();
    for (Share s : Share.of(4)) {
      var schedule = ArrivalSchedule.of((LoadModel.Open) s.part(load), 7, s);
      long t;
      while ((t = schedule.nextOffsetNanos()) < 10_000_000_000L) {
        arrivals.add(t);
      }
    }
    arrivals.sort(null);
    // 10 s at 2000/s: 20,000 arrivals (sd 141); exponential gaps of mean 0.5 ms have a coefficient of variation of 1.
    // Four copies of one stream (one seed for all) would have three gaps of 0 in every four: a CV near 2.
    assertEquals(20_000, arrivals.size(), 4 * 141);
    double mean = 0;
    double square = 0;
    int n = arrivals.size() - 1;
    for (int i = 1; i < arrivals.size(); i++) {
      double gap = arrivals.get(i) - arrivals.get(i - 1);
      mean += gap / n;
      square += gap * gap / n;
    }
    double cv = Math.sqrt(square - mean * mean) / mean;
    assertEquals(1.0, cv, 0.05, "coefficient of variation of the union's gaps");
  }

  @Test
  void aSharedPlanTravelsAndAnOldOneIsWhole() {
    var workload = Workloads.byName("point-select", Map.of());
    var plan = new RunSpec.LoadPlan(workload, new LoadModel.Closed(0, 3000, 64), -1, 60_000, 42, 500, 30_000);
    var shared = plan.sharedAs(new Share(1, 2));
    assertEquals(new LoadModel.Closed(0, 3000, 32), shared.load());
    assertTrue(shared.held());
    assertEquals(shared, Json.parse(Json.line(shared), RunSpec.LoadPlan.class));
    String old = Json.line(plan).replaceAll(",\"share\":\\{[^}]*\\}", "").replace(",\"held\":false", "");
    assertTrue(!old.contains("share") && !old.contains("held"), old);
    assertEquals(plan, Json.parse(old, RunSpec.LoadPlan.class), "a spec without the fields is the whole run, not held");
  }
}
