package dev.dbrace.experiments.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.pgjdbc.FetchSizeExperiment;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class R2dbcFetchSizeExperimentIT {
  private static final List<String> KEYS = List.of("autocommit_no_fetch_size", "transaction_fetch_size_10",
      "transaction_fetch_size_100", "transaction_fetch_size_1000");

  @Test
  void afterTheMainPartEveryVariantReadsEveryRowAndMergesIntoTheMainPartsTableAndChart() throws Exception {
    // the test JVM's heap is not capped: out of memory is not expected here, only verified reads
    Map<String, String> options = Map.of("rows", "2000");
    ExperimentResult main = Experiments.run(new FetchSizeExperiment(), options);
    ExperimentResult mine = Experiments.run(new R2dbcFetchSizeExperiment(), options, main);

    for (String k : KEYS) {
      assertEquals(2000L, mine.facts().get("r2dbc." + k + ".rows_read"), k);
      assertEquals(false, mine.facts().get("r2dbc." + k + ".out_of_memory"), k);
    }
    assertEquals(List.of("1 (whole result)", "200", "20", "2"),
        mine.tables().getFirst().rows().stream().map(r -> r.get(6)).toList(), "fetches = ceil(rows / fetch size)");
    assertEquals(main.tables().getFirst().title(), mine.tables().getFirst().title());
    assertEquals(main.tables().getFirst().columns(), mine.tables().getFirst().columns());

    ExperimentResult merged = main.merge(mine);
    assertEquals(1, merged.tables().size());
    assertEquals(main.tables().getFirst().rows().size() + 4, merged.tables().getFirst().rows().size());
    assertEquals(1, merged.charts().size());
    assertEquals(List.of("setFetchSize", "R2DBC fetchSize"),
        merged.charts().getFirst().series().stream().map(ExperimentResult.Series::label).toList());
    assertTrue(mine.finding().contains("pgjdbc's with setFetchSize(100)"), mine.finding());
  }

  @Test
  void aloneItStatesItsOwnFigures() throws Exception {
    ExperimentResult r = Experiments.run(new R2dbcFetchSizeExperiment(), Map.of("rows", "1000"));
    assertEquals(1000L, r.facts().get("r2dbc.transaction_fetch_size_10.rows_read"));
    assertFalse(r.finding().contains("pgjdbc"), r.finding());
  }

  /** What the runner relies on: each registered part is a companion of a main part, with a subset of its options. */
  @Test
  void registeredCompanionsDeclareTheMainPartsOptionsAndDefaults() {
    List<Experiment> all = ServiceLoader.load(Experiment.class).stream().map(ServiceLoader.Provider::get).toList();
    List<Experiment> mine = all.stream().filter(e -> e.getClass().getPackageName().endsWith(".r2dbc")).toList();
    assertEquals(2, mine.size());
    for (Experiment c : mine) {
      assertTrue(c.companion(), c.name());
      Experiment main = all.stream().filter(e -> !e.companion() && e.name().equals(c.name())).findFirst().orElseThrow();
      for (ExperimentOption o : c.options()) {
        assertTrue(main.options().contains(o), c.name() + " option " + o);
      }
    }
  }
}
