package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.testkit.SharedTestDatabase;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFlipExperimentTest {
  @Test
  void detectorFiresOnTheConstructedTableAndNotOnTheControlOrTheWorkArounds() throws Exception {
    ExperimentResult r = Experiments.run(new PlanFlipExperiment(), Map.of("rows", "40000", "executions", "12"));
    System.err.println(r.finding());
    r.tables().forEach(t -> t.rows().forEach(row -> System.err.println(row)));
    Map<String, Object> f = r.facts();
    assertEquals(true, f.get("as_written.flip_detected"), r.finding());
    assertEquals(10, f.get("as_written.first_generic_execution"), "5 one-shot + 5 custom plans, then generic");
    assertEquals(false, f.get("control_table.flip_detected"), r.finding());
    assertTrue((int) f.get("control_table.first_generic_execution") > 0, "the control switches too, to the same plan");
    assertEquals(false, f.get("force_custom_plan.flip_detected"));
    assertEquals(0, f.get("force_custom_plan.first_generic_execution"));
    assertEquals(false, f.get("tag_0.flip_detected"), r.finding());
    assertTrue(r.finding().contains("#10"), r.finding());
  }

  @Test
  void dropsItsSchema() throws Exception {
    Experiments.run(new PlanFlipExperiment(), Map.of("rows", "2000", "executions", "7"));
    try (Connection c = SharedTestDatabase.target().connect()) {
      assertFalse(c.createStatement().executeQuery(
          "SELECT 1 FROM pg_namespace WHERE nspname = 'dbrace_exp_plan_flip'").next());
    }
  }
}
