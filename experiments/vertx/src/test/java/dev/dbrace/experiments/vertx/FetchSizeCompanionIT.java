package dev.dbrace.experiments.vertx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dbrace.core.experiment.ExperimentResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FetchSizeCompanionIT {
  @Test
  void everyVariantReadsEveryRowIntoPgjdbcsTable() throws Exception {
    // this JVM's heap is not capped, so the whole-result read succeeds here: no out-of-memory asserted
    ExperimentResult r = Experiments.run(new FetchSizeCompanion(), Map.of("rows", "2000"));
    Map<String, Object> f = r.facts();
    assertEquals(2000L, f.get("vertx.execute_whole_result.rows_read"), r.finding());
    assertEquals(false, f.get("vertx.execute_whole_result.out_of_memory"), r.finding());
    for (int fetch : new int[] {10, 100, 1000}) {
      assertEquals(2000L, f.get("vertx.create_stream_" + fetch + ".rows_read"), r.finding());
    }
    // FetchSizeReport's title (rows and this JVM's heap) and columns, so the rows merge into its table
    ExperimentResult.Table t = r.tables().getFirst();
    assertEquals("Variants (2,000 rows of 1 KB, heap "
        + String.format(Locale.ROOT, "%.0f", Runtime.getRuntime().maxMemory() / 1048576.0) + " MB)", t.title());
    assertEquals(List.of("variant", "outcome", "rows read", "seconds", "rows/s", "heap pools' peak MB", "fetches", "error"),
        t.columns());
    assertEquals(List.of("1 (whole result)", "200", "20", "2"), t.rows().stream().map(row -> row.get(6)).toList());
    ExperimentResult.Chart c = r.charts().getFirst();
    assertEquals(List.of("Rows per second by fetch size (autocommit off)", "fetch size (log)", "rows/s", true, false),
        List.of(c.title(), c.xTitle(), c.yTitle(), c.logX(), c.logY()));
    assertEquals(3, c.series().getFirst().points().size());
    assertFalse(r.finding().contains("pgjdbc"), "no pgjdbc part ran: " + r.finding());
  }
}
