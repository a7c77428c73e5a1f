package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Figures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProtocolCompanionIT {
  /** ProtocolReport's chart, which the Vert.x lines must join (its title and axes, as pgjdbc's part builds it). */
  static final ExperimentResult.Chart PGJDBC_CHART =
      new ExperimentResult.Chart("Latency by percentile", "percentile", "ms (log)", false, true,
          List.of(new ExperimentResult.Series("extended, prepareThreshold=5 (default)", List.of(new ExperimentResult.Point(50, 0.1)))));

  @Test
  void onlyTheCachedVariantReusesANamedStatement() throws Exception {
    ExperimentResult r = Experiments.run(new ProtocolCompanion(), Map.of("executions", "200"));
    Map<String, Object> f = r.facts();
    assertTrue((long) f.get("vertx.cache_on.named_executions") > 0, r.finding());
    assertEquals(0L, f.get("vertx.cache_off.named_executions"), r.finding());
    assertEquals(200L, f.get("vertx.cache_off.parsed"), r.finding());
    assertTrue((double) f.get("vertx.cache_on.ops_s") > 0 && (double) f.get("vertx.cache_off.ops_s") > 0);
    ExperimentResult.Table t = r.tables().getFirst();
    assertEquals("Vert.x PG client (the same select, one connection)", t.title());
    assertEquals(List.of("variant", "ops/s", "vs pgjdbc default", "p50 ms", "p99 ms", "server-prepared statements",
        "executions of them", "executions parsed anew"), t.columns());
    assertEquals("-", t.rows().getFirst().get(2), "no pgjdbc part ran: nothing to compare with");
    assertTrue(r.finding().startsWith("Vert.x PG client on one connection") && !r.finding().contains("pgjdbc"), r.finding());
  }

  @Test
  void comparesWithPgjdbcsDefaultAndMergesIntoItsChart() throws Exception {
    ExperimentResult prior = new ExperimentResult("protocol", "Query protocol, prepareThreshold and statement reuse",
        List.of(), List.of(PGJDBC_CHART), "pgjdbc part.", Map.of("extended_preparethreshold_5_default.ops_s", 1000.0));
    ExperimentResult r = Experiments.run(new ProtocolCompanion(), Map.of("executions", "50"), prior);
    double on = (double) r.facts().get("vertx.cache_on.ops_s");
    assertEquals(Figures.ratio(on / 1000.0), r.tables().getFirst().rows().getFirst().get(2));
    assertTrue(r.finding().contains("pgjdbc's default here: 1,000 ops/s"), r.finding());
    ExperimentResult merged = prior.merge(r);
    assertEquals(1, merged.charts().size(), "the Vert.x lines join pgjdbc's latency chart");
    assertEquals(3, merged.charts().getFirst().series().size());
  }
}
