package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SearchPathExperimentIT {
  @Test
  void reportsWhatTheServerAndDriverDidAfterTheSwitch() throws Exception {
    ExperimentResult r = Experiments.run(new SearchPathExperiment(), Map.of());
    Map<String, Object> f = r.facts();
    System.err.println(r.finding());
    // the statement really was cached server-side before the switch, except with prepareThreshold=0
    assertEquals(true, f.get("set_config_preparethreshold_5.server_prepared"));
    assertEquals(false, f.get("set_config_preparethreshold_0.server_prepared"));
    // inside a transaction nothing can retry: the server's refusal reaches the application
    assertEquals(false, f.get("set_config_in_a_transaction_preparethreshold_5.first_after_switch_ok"));
    assertEquals("0A000", f.get("set_config_in_a_transaction_preparethreshold_5.first_after_switch_sqlstate"));
    assertTrue(r.finding().contains("cached plan must not change result type"), r.finding());
    // a statement never cached server-side sees the new table at once
    assertEquals(true, f.get("set_config_preparethreshold_0.first_after_switch_ok"));
  }
}
