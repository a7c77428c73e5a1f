package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.pgjdbc.FetchSizeExperiment.Read;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** fetch-size's table, chart and finding, every figure from the reads. */
final class FetchSizeReport {
  private FetchSizeReport() {}

  static ExperimentResult of(int rows, double heapMb, List<Read> reads) {
    double dataMb = (double) rows * FetchSizeExperiment.ROW_BYTES / 1048576.0;
    List<List<String>> table = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("rows", rows);
    facts.put("heap_max_mb", heapMb);
    List<ExperimentResult.Point> byFetch = new ArrayList<>();
    for (Read r : reads) {
      int fetch = r.variant().fetchSize() > 0 ? r.variant().fetchSize()
          : Integer.parseInt(r.variant().properties().getOrDefault("defaultRowFetchSize", "0"));
      boolean portal = !r.variant().autocommit() && fetch > 0;
      table.add(List.of(r.variant().label(), r.ok() ? "read all" : "out of memory", Figures.count(r.rows()),
          String.format(Locale.ROOT, "%.2f", r.seconds()), r.ok() ? Figures.count(Math.round(r.rows() / r.seconds())) : "-",
          String.format(Locale.ROOT, "%.0f", r.peakHeapMb()), portal ? Figures.count((r.rows() + fetch - 1) / fetch) : "1 (whole result)",
          r.ok() ? "" : r.outOfMemory()));
      String key = Figures.key(r.variant().label());
      facts.put(key + ".out_of_memory", !r.ok());
      facts.put(key + ".rows_read", r.rows());
      if (r.ok() && r.variant().fetchSize() > 0 && portal) {
        byFetch.add(new ExperimentResult.Point(fetch, r.rows() / r.seconds()));
      }
    }
    StringBuilder f = new StringBuilder(String.format(Locale.ROOT,
        "Reading %s rows of 1 KB (%.0f MB of text) in a JVM with a %.0f MB heap: ", Figures.count(rows), dataMb, heapMb));
    List<String> parts = new ArrayList<>();
    for (Read r : reads) {
      parts.add(r.variant().label() + (r.ok()
          ? String.format(Locale.ROOT, " read all rows in %.2f s (%s rows/s, heap peak %.0f MB)", r.seconds(),
              Figures.count(Math.round(r.rows() / r.seconds())), r.peakHeapMb())
          : String.format(Locale.ROOT, " ran out of memory after %.2f s (%s)", r.seconds(), r.outOfMemory())));
    }
    f.append(String.join("; ", parts)).append('.');
    return new ExperimentResult("fetch-size", "Fetch size and a small heap",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(rows) + " rows of 1 KB, heap "
            + String.format(Locale.ROOT, "%.0f", heapMb) + " MB)", List.of("variant", "outcome", "rows read", "seconds",
                "rows/s", "heap pools' peak MB", "fetches", "error"), table)),
        byFetch.isEmpty() ? List.of() : List.of(new ExperimentResult.Chart("Rows per second by fetch size (autocommit off)",
            "fetch size (log)", "rows/s", true, false, List.of(new ExperimentResult.Series("setFetchSize", byFetch)))),
        f.toString(), facts);
  }
}
