package dev.dbrace.experiments.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InsertsCompanionIT {
  @Test
  void everyMethodAtEveryBatchSizeInsertsExactlyTheRowsIntoPgjdbcsTable() throws Exception {
    ExperimentResult r = Experiments.run(new InsertsCompanion(), Map.of("rows", "100", "maxBatch", "8"));
    for (String m : List.of("execute_batch", "multi_values")) {
      for (int b : new int[] {1, 2, 4, 8}) {
        // 100 rows in groups of 8 leaves a last group of 4: partial groups are inserted too
        assertEquals(100L, r.facts().get("vertx." + m + ".batch_" + b + ".rows_verified"), m + " at " + b);
      }
    }
    // InsertsReport's table and chart for rows=100, maxBatch=8, so the rows and lines merge into them
    ExperimentResult.Table t = r.tables().getFirst();
    assertEquals("Rows per second (100 rows per measurement, one transaction)", t.title());
    assertEquals(List.of("method", "batch 1 rows/s", "batch 2 rows/s", "batch 4 rows/s", "batch 8 rows/s"), t.columns());
    assertEquals(2, t.rows().size());
    ExperimentResult.Chart c = r.charts().getFirst();
    assertEquals(List.of("Rows per second by batch size", "batch size (log)", "rows/s (log)", true, true),
        List.of(c.title(), c.xTitle(), c.yTitle(), c.logX(), c.logY()));
  }

  @Test
  void comparesWithPgjdbcsFactsWhenRunAfterIt() throws Exception {
    ExperimentResult prior = new ExperimentResult("inserts", "Insert methods by batch size", List.of(), List.of(), "pgjdbc part.",
        Map.of("jdbc_batch.batch_4.rows_s", 2000.0, "best_at_largest_batch", "COPY", "copy.batch_4.rows_s", 8000.0));
    ExperimentResult r = Experiments.run(new InsertsCompanion(), Map.of("rows", "32", "maxBatch", "4"), prior);
    assertTrue(r.finding().contains("pgjdbc's JDBC batch did 2,000 rows/s"), r.finding());
    assertTrue(r.finding().contains("pgjdbc's fastest there (copy) 8,000 rows/s"), r.finding());
  }
}
