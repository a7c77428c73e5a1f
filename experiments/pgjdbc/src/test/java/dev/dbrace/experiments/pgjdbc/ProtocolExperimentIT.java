package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProtocolExperimentIT {
  @Test
  void namedStatementsAreReusedOnlyWhereTheDriverServerPrepares() throws Exception {
    ExperimentResult r = Experiments.run(new ProtocolExperiment(), Map.of("executions", "200", "iterations", "3"));
    Map<String, Object> f = r.facts();
    // every variant measured three times after a warm-up: the median lies in the range, and the table shows both
    assertEquals(3, f.get("iterations"));
    double min = (double) f.get("extended_preparethreshold_1.ops_s_min");
    double max = (double) f.get("extended_preparethreshold_1.ops_s_max");
    double median = (double) f.get("extended_preparethreshold_1.ops_s");
    assertTrue(min <= median && median <= max && min < max, min + " " + median + " " + max);
    assertTrue(r.tables().getFirst().rows().getFirst().get(1).matches("[0-9,]+ \\([0-9,]+-[0-9,]+\\)"),
        r.tables().getFirst().rows().toString());
    assertTrue(r.finding().contains("each other's range") || r.finding().contains("apart beyond their ranges"), r.finding());
    // binaryTransfer on and off over the typed row: every column read back right (else it throws), all server-prepared
    assertEquals(200L, f.get("typed_row_binarytransfer_true_default_preparethreshold_1.named_executions"), r.finding());
    assertEquals(200L, f.get("typed_row_binarytransfer_false_preparethreshold_1.named_executions"), r.finding());
    assertTrue(r.finding().contains("binaryTransfer on"), r.finding());
    assertEquals(0L, f.get("preferquerymode_simple.named_executions"), r.finding());
    assertEquals(0L, f.get("extended_preparethreshold_0.named_executions"), r.finding());
    assertEquals(0L, f.get("sql_built_by_concatenation.named_executions"), r.finding());
    assertEquals(200L, f.get("extended_preparethreshold_1.named_executions"), r.finding());
    assertEquals(196L, f.get("extended_preparethreshold_5_default.named_executions"), "the 5th execution on");
    assertTrue((long) f.get("preparethreshold_5_statement_closed_each_time.named_executions") > 0,
        "pgjdbc's statement cache survives close(): " + r.finding());
  }
}
