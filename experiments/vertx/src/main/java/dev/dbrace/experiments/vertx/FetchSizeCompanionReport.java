package dev.dbrace.experiments.vertx;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.vertx.FetchSizeCompanion.Read;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Vert.x rows of the pgjdbc part's table (same title, built from the same rows and heap, and
 * same columns, so they merge), a line in its fetch-size chart, facts and finding.
 */
final class FetchSizeCompanionReport {
  private FetchSizeCompanionReport() {}

  static ExperimentResult of(ExperimentContext ctx, int rows, double heapMb, List<Read> reads) {
    List<List<String>> table = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("vertx.heap_max_mb", heapMb);
    List<ExperimentResult.Point> byFetch = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    for (Read r : reads) {
      int fetch = r.variant().fetch();
      String rate = r.ok() ? Figures.count(Math.round(r.rows() / r.seconds())) : "-";
      table.add(List.of(r.variant().label(), r.ok() ? "read all" : "out of memory", Figures.count(r.rows()),
          String.format(Locale.ROOT, "%.2f", r.seconds()), rate,
          Double.isNaN(r.peakHeapMb()) ? "-" : String.format(Locale.ROOT, "%.0f", r.peakHeapMb()),
          fetch > 0 ? Figures.count((r.rows() + fetch - 1) / fetch) : "1 (whole result)", r.ok() ? "" : r.outOfMemory()));
      String key = "vertx." + (fetch > 0 ? "create_stream_" + fetch : "execute_whole_result");
      facts.put(key + ".out_of_memory", !r.ok());
      facts.put(key + ".rows_read", r.rows());
      if (r.ok() && fetch > 0) {
        byFetch.add(new ExperimentResult.Point(fetch, r.rows() / r.seconds()));
      }
      parts.add(r.variant().label() + (r.ok()
          ? String.format(Locale.ROOT, " read all rows in %.2f s (%s rows/s, heap peak %.0f MB)", r.seconds(), rate,
              r.peakHeapMb())
          : String.format(Locale.ROOT, " ran out of memory after %.2f s (%s)", r.seconds(), r.outOfMemory())));
    }
    String finding = String.format(Locale.ROOT, "The Vert.x PG client on the same %s rows with a %.0f MB heap: %s.",
        Figures.count(rows), heapMb, String.join("; ", parts)) + pgjdbcDefaults(ctx, reads.getFirst());
    return new ExperimentResult("fetch-size", "Fetch size and a small heap",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(rows) + " rows of 1 KB, heap "
            + String.format(Locale.ROOT, "%.0f", heapMb) + " MB)", List.of("variant", "outcome", "rows read", "seconds",
                "rows/s", "heap pools' peak MB", "fetches", "error"), table)),
        byFetch.isEmpty() ? List.of() : List.of(new ExperimentResult.Chart("Rows per second by fetch size (autocommit off)",
            "fetch size (log)", "rows/s", true, false, List.of(new ExperimentResult.Series("Vert.x createStream", byFetch)))),
        finding, facts);
  }

  /** Whether the whole-result read fared like pgjdbc's defaults, from the pgjdbc part's fact when it ran first. */
  private static String pgjdbcDefaults(ExperimentContext ctx, Read whole) {
    Object pgjdbcOom = ctx.prior().map(p -> p.facts().get("defaults_autocommit_on_no_fetch_size.out_of_memory")).orElse(null);
    if (!(pgjdbcOom instanceof Boolean b)) {
      return "";
    }
    return " pgjdbc's defaults " + (b ? "ran out of memory" : "read all rows") + " on the same table, "
        + (b == !whole.ok() ? "as" : "unlike") + " Vert.x's whole-result read.";
  }
}
