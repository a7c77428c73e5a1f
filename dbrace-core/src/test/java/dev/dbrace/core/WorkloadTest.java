package dev.dbrace.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.run.Json;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.workload.OperationSequence;
import dev.dbrace.core.workload.Verifier;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.core.workload.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadTest {

  @Test
  void sequenceDependsOnlyOnSeedAndIndex() {
    WorkloadSpec w = Workloads.byName("queries-20", Map.of());
    OperationSequence a = new OperationSequence(w, 7);
    OperationSequence b = new OperationSequence(Json.parse(Json.line(w), WorkloadSpec.class), 7);
    for (long i = 0; i < 1000; i++) {
      Operation x = a.operation(i);
      Operation y = b.operation(999 - i == i ? i : i); // same index, built by another instance
      assertEquals(20, x.statements().size());
      for (int s = 0; s < 20; s++) {
        assertArrayEquals(x.statements().get(s).params(), y.statements().get(s).params());
      }
    }
    assertNotEquals(List.of(a.operation(1).statements().get(0).params()[0]),
        List.of(new OperationSequence(w, 8).operation(1).statements().get(0).params()[0]), "seed matters");
  }

  @Test
  void parametersCoverTheRangeUniformly() {
    OperationSequence seq = new OperationSequence(Workloads.byName("film-title", Map.of()), 1);
    int[] hits = new int[990];
    for (long i = 0; i < 99_000; i++) {
      int fid = (Integer) seq.operation(i).statements().get(0).params()[0];
      assertTrue(fid >= 0 && fid <= 989, "fid " + fid);
      hits[fid]++;
    }
    for (int h : hits) {
      assertTrue(h > 40 && h < 180, "about 100 each, got " + h);
    }
  }

  @Test
  void slowMixHonoursTheFraction() {
    OperationSequence seq = new OperationSequence(Workloads.byName("slow-mix", Map.of("fraction", "0.25")), 3);
    long slow = 0;
    for (long i = 0; i < 40_000; i++) {
      slow += seq.operation(i).kind();
    }
    assertEquals(10_000, slow, 600);
  }

  @Test
  void verifierCatchesWrongRowsAndValues() {
    WorkloadSpec w = Workloads.byName("point-select", Map.of());
    Operation op = new OperationSequence(w, 1).operation(0);
    int id = (Integer) op.statements().get(0).params()[0];
    Verifier v = new Verifier(w);
    assertNull(v.check(op, rows(new Object[] {id, 5})));
    assertTrue(v.check(op, rows()).contains("returned 0 rows"));
    assertTrue(v.check(op, rows(new Object[] {id + 1, 5})).contains("expected " + id));
    assertTrue(v.check(op, rows(new Object[] {id, 0})).contains("expected 1..10000"));
    assertTrue(v.check(op, null).contains("no result"));
  }

  @Test
  void unknownNamesAndOptionsAreRejected() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.byName("x", Map.of()))
        .getMessage().contains("known: point-select"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.byName("point-select", Map.of("sleep", "1")))
        .getMessage().contains("no option sleep"));
    assertThrows(IllegalArgumentException.class, () -> Workloads.byName("slow-mix", Map.of("sleep", "abc")));
  }

  private static OpResult rows(Object[]... rows) {
    List<Object[]> list = new ArrayList<>(List.of(rows));
    return OpResult.ofRows(List.of(list));
  }
}
