package dev.dbrace.experiments.r2dbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.experiments.r2dbc.R2dbcFetchSizeExperiment.Read;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * fetch-size's R2DBC rows and chart line under the main part's exact table title, columns and
 * chart, and a finding that sets them against pgjdbc's outcome and rows/s where the main part
 * measured them (its facts and its "setFetchSize" line); alone it states its own figures only.
 */
final class R2dbcFetchSizeReport {
  static final String CHART = "Rows per second by fetch size (autocommit off)";

  private R2dbcFetchSizeReport() {}

  static ExperimentResult of(int rows, int warmUpRows, double heapMb, List<Read> reads, Optional<ExperimentResult> prior) {
    List<List<String>> table = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("r2dbc.heap_max_mb", heapMb);
    List<ExperimentResult.Point> byFetch = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    Map<Double, Double> pgjdbc = pgjdbcByFetch(prior);
    for (Read r : reads) {
      int fetch = r.variant().fetchSize();
      double rate = r.rows() / r.seconds();
      table.add(List.of(r.variant().label(), r.ok() ? "read all" : "out of memory", Figures.count(r.rows()),
          String.format(Locale.ROOT, "%.2f", r.seconds()), r.ok() ? Figures.count(Math.round(rate)) : "-",
          String.format(Locale.ROOT, "%.0f", r.peakHeapMb()),
          fetch > 0 ? Figures.count((r.rows() + fetch - 1) / fetch) : "1 (whole result)", r.ok() ? "" : r.outOfMemory()));
      String key = "r2dbc." + r.variant().key();
      facts.put(key + ".out_of_memory", !r.ok());
      facts.put(key + ".rows_read", r.rows());
      facts.put(key + ".seconds", r.seconds());
      facts.put(key + ".heap_peak_mb", r.peakHeapMb());
      if (r.ok() && fetch > 0) {
        byFetch.add(new ExperimentResult.Point(fetch, rate));
      }
      Double pg = pgjdbc.get((double) fetch);
      parts.add(r.variant().label().replace("R2DBC, ", "") + (r.ok()
          ? String.format(Locale.ROOT, " read all rows in %.2f s (%s rows/s%s, heap peak %.0f MB)", r.seconds(),
              Figures.count(Math.round(rate)), pg == null ? "" : ", " + Figures.ratio2(rate / pg) + " pgjdbc's with setFetchSize("
                  + fetch + ") and autocommit off", r.peakHeapMb())
          : String.format(Locale.ROOT, " ran out of memory after %.2f s and %s rows (%s)", r.seconds(),
              Figures.count(r.rows()), r.outOfMemory())));
    }
    StringBuilder f = new StringBuilder(String.format(Locale.ROOT, "R2DBC (%s) on the same %s rows with a %.0f MB heap, "
        + "each variant measured after an unmeasured warm-up read of %s rows (its worker's JIT starts cold): %s.",
        R2dbc.driver(), Figures.count(rows), heapMb, Figures.count(warmUpRows), String.join("; ", parts)));
    Object pgDefaultsOom = prior.map(p -> p.facts().get("defaults_autocommit_on_no_fetch_size.out_of_memory")).orElse(null);
    if (pgDefaultsOom instanceof Boolean b) {
      f.append(" pgjdbc with its defaults (autocommit on, no fetch size) ").append(b ? "ran out of memory" : "read all rows")
          .append(" in its part; R2DBC without a fetch size ").append(reads.getFirst().ok() ? "read all rows" : "ran out of memory")
          .append('.');
    }
    return new ExperimentResult("fetch-size", "Fetch size and a small heap",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(rows) + " rows of 1 KB, heap "
            + String.format(Locale.ROOT, "%.0f", heapMb) + " MB)", List.of("variant", "outcome", "rows read", "seconds",
                "rows/s", "heap pools' peak MB", "fetches", "error"), table)),
        byFetch.isEmpty() ? List.of() : List.of(new ExperimentResult.Chart(CHART, "fetch size (log)", "rows/s", true, false,
            List.of(new ExperimentResult.Series("R2DBC fetchSize", byFetch)))),
        f.toString(), facts);
  }

  /** pgjdbc's rows/s by fetch size with autocommit off: the main part's "setFetchSize" line, when there is one. */
  private static Map<Double, Double> pgjdbcByFetch(Optional<ExperimentResult> prior) {
    Map<Double, Double> out = new LinkedHashMap<>();
    prior.ifPresent(p -> p.charts().stream().filter(c -> c.title().equals(CHART)).flatMap(c -> c.series().stream())
        .filter(s -> s.label().equals("setFetchSize")).flatMap(s -> s.points().stream())
        .forEach(pt -> out.put(pt.x(), pt.y())));
    return out;
  }
}
