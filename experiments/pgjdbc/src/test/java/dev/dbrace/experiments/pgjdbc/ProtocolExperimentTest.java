package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProtocolExperimentTest {
  @Test
  void namedStatementsAreReusedOnlyWhereTheDriverServerPrepares() throws Exception {
    ExperimentResult r = Experiments.run(new ProtocolExperiment(), Map.of("executions", "200"));
    Map<String, Object> f = r.facts();
    assertEquals(0L, f.get("preferquerymode_simple.named_executions"), r.finding());
    assertEquals(0L, f.get("extended_preparethreshold_0.named_executions"), r.finding());
    assertEquals(0L, f.get("sql_built_by_concatenation.named_executions"), r.finding());
    assertEquals(200L, f.get("extended_preparethreshold_1.named_executions"), r.finding());
    assertEquals(196L, f.get("extended_preparethreshold_5_default.named_executions"), "the 5th execution on");
    assertTrue((long) f.get("preparethreshold_5_statement_closed_each_time.named_executions") > 0,
        "pgjdbc's statement cache survives close(): " + r.finding());
  }
}
