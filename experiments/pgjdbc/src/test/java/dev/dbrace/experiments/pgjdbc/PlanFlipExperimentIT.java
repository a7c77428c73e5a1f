package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.testkit.SharedTestDatabase;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlanFlipExperimentIT {
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
    // OFFSET 0 fences the owner condition in a subquery: the server's generic plan is its custom plan, on the owner
    // index, reading as few buffers as the custom plan, while as written the generic plan walks the tag index
    assertEquals(false, f.get("offset_0.flip_detected"), r.finding());
    assertEquals(false, f.get("offset_0.plan_changed"), r.finding());
    assertTrue(((String) f.get("offset_0.generic_plan")).contains("flip_items_owner"), r.finding());
    assertFalse(((String) f.get("offset_0.generic_plan")).contains("flip_items_tag"), r.finding());
    assertTrue(((String) f.get("as_written.generic_plan")).contains("flip_items_tag"), r.finding());
    assertTrue((long) f.get("offset_0.generic_buffers") < (long) f.get("as_written.generic_buffers"), r.finding());
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
