package dev.dbrace.experiments.pgjdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InsertsExperimentIT {
  @Test
  void everyMethodAtEveryBatchSizeInsertsExactlyTheRows() throws Exception {
    ExperimentResult r = Experiments.run(new InsertsExperiment(), Map.of("rows", "100", "maxBatch", "8", "iterations", "1"));
    Map<String, Object> f = r.facts();
    assertEquals(100L, f.get("row_by_row.batch_1.rows_verified"));
    for (InsertMethod m : InsertMethod.values()) {
      if (m == InsertMethod.ROW_BY_ROW) {
        continue;
      }
      for (int b : new int[] {1, 2, 4, 8}) {
        // 100 rows in groups of 8 leaves a last group of 4: partial groups are inserted too
        assertEquals(100L, f.get(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_verified"), m + " at " + b);
        assertTrue(((Number) f.get(m.name().toLowerCase(Locale.ROOT) + ".batch_" + b + ".rows_s")).doubleValue() > 0, m + " at " + b);
      }
    }
    assertEquals(8, r.charts().getFirst().series().size(), "one line per method");
    // E3's forms: an array of a composite type, and INSERT ... SELECT beside INSERT ... VALUES, verified alike
    assertEquals(100L, f.get("composite_array.batch_8.rows_verified"));
    assertEquals(100L, f.get("insert_select.batch_8.rows_verified"));
  }
}
