package dev.dbrace.experiments.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.pgjdbc.InsertsExperiment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class R2dbcInsertsExperimentIT {
  @Test
  void afterTheMainPartItsVerifiedRowsMergeIntoTheMainPartsTableAndChart() throws Exception {
    // 203 rows leave a partial last group at every batch size above 1: those are inserted and verified too
    Map<String, String> options = Map.of("rows", "203", "maxBatch", "8");
    ExperimentResult main = Experiments.run(new InsertsExperiment(), options);
    ExperimentResult mine = Experiments.run(new R2dbcInsertsExperiment(), options, main);

    for (R2dbcInsertMethod m : R2dbcInsertMethod.values()) {
      for (int b : new int[] {1, 2, 4, 8}) {
        String key = "r2dbc." + m.key() + ".batch_" + b;
        assertEquals(203L, mine.facts().get(key + ".rows_verified"), key);
        assertTrue(((Number) mine.facts().get(key + ".rows_s")).doubleValue() > 0, key);
      }
    }
    assertEquals(main.tables().getFirst().title(), mine.tables().getFirst().title());
    assertEquals(main.tables().getFirst().columns(), mine.tables().getFirst().columns());

    ExperimentResult merged = main.merge(mine);
    assertEquals(1, merged.tables().size(), "one table: the R2DBC rows joined the main part's");
    assertEquals(main.tables().getFirst().rows().size() + 2, merged.tables().getFirst().rows().size());
    assertEquals(1, merged.charts().size(), "one chart: the R2DBC lines joined the main part's");
    assertEquals(main.charts().getFirst().series().size() + 2, merged.charts().getFirst().series().size());
    assertTrue(mine.finding().contains("Against pgjdbc's JDBC batch"), mine.finding());
  }

  @Test
  void aloneItStatesItsOwnFigures() throws Exception {
    ExperimentResult r = Experiments.run(new R2dbcInsertsExperiment(), Map.of("rows", "40", "maxBatch", "2"));
    assertEquals(40L, r.facts().get("r2dbc.create_batch.batch_2.rows_verified"));
    assertEquals(2, r.tables().getFirst().rows().size());
    assertEquals(List.of("method", "batch 1 rows/s", "batch 2 rows/s"), r.tables().getFirst().columns());
    assertFalse(r.finding().contains("pgjdbc"), r.finding());
  }
}
