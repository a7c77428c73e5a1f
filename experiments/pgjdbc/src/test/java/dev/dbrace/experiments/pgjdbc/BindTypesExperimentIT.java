package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BindTypesExperimentIT {
  @Test
  void alternatingBindTypesArePreparedAgainAndTheSteadyBindingOnce() throws Exception {
    ExperimentResult r = Experiments.run(new BindTypesExperiment(), Map.of("executions", "16"));
    Map<String, Object> f = r.facts();
    assertEquals(16L, f.get("alternating.rows"));
    assertEquals(16L, f.get("steady.rows"));
    assertEquals(1, f.get("steady.server_statements"), r.finding());
    assertEquals(0, f.get("steady.switches"), r.finding());
    assertTrue((int) f.get("alternating.server_statements") > 1, r.finding());
    assertTrue((int) f.get("alternating.switches") > 0, r.finding());
  }
}
