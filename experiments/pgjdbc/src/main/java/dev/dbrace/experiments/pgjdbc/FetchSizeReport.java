package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import dev.dbrace.experiments.pgjdbc.FetchSizeExperiment.Read;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** fetch-size's table, chart and finding, every figure from the reads: medians (min-max) over the iterations. */
final class FetchSizeReport {
  private FetchSizeReport() {}

  /** A variant's reads, one per iteration. */
  private record Reads(List<Read> all) {
    FetchSizeExperiment.Variant variant() {
      return all.getFirst().variant();
    }

    List<Read> ok() {
      return all.stream().filter(Read::ok).toList();
    }

    long outOfMemory() {
      return all.size() - ok().size();
    }

    /** The fewest rows any iteration read: 0 when one ran out of memory. */
    long rows() {
      return all.stream().mapToLong(r -> r.ok() ? r.rows() : 0).min().orElse(0);
    }

    Spread seconds() {
      return Spread.of(all.stream().map(Read::seconds).toList());
    }

    Spread rowsPerSecond() {
      return Spread.of(ok().stream().map(r -> r.rows() / r.seconds()).toList());
    }

    Spread heapPeak() {
      return Spread.of(all.stream().map(Read::peakHeapMb).toList());
    }

    String outcome() {
      if (outOfMemory() == 0) {
        return "read all";
      }
      return outOfMemory() == all.size() ? "out of memory" : "out of memory in " + outOfMemory() + " of " + all.size();
    }

    String error() {
      return all.stream().filter(r -> !r.ok()).map(Read::outOfMemory).findFirst().orElse("");
    }
  }

  static ExperimentResult of(int rows, double heapMb, List<List<Read>> measured) {
    List<Reads> reads = measured.stream().map(Reads::new).toList();
    int iterations = measured.getFirst().size();
    double dataMb = (double) rows * FetchSizeExperiment.ROW_BYTES / 1048576.0;
    List<List<String>> table = new ArrayList<>();
    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("rows", rows);
    facts.put("heap_max_mb", heapMb);
    facts.put("iterations", iterations);
    List<ExperimentResult.Point> byFetch = new ArrayList<>();
    for (Reads r : reads) {
      int fetch = r.variant().fetchSize() > 0 ? r.variant().fetchSize()
          : Integer.parseInt(r.variant().properties().getOrDefault("defaultRowFetchSize", "0"));
      boolean portal = !r.variant().autocommit() && fetch > 0;
      table.add(List.of(r.variant().label(), r.outcome(), Figures.count(r.rows()),
          r.seconds().text(v -> String.format(Locale.ROOT, "%.2f", v)), r.rowsPerSecond().count(),
          r.heapPeak().text(v -> String.format(Locale.ROOT, "%.0f", v)),
          portal ? Figures.count((r.rows() + fetch - 1) / fetch) : "1 (whole result)", r.error()));
      String key = Figures.key(r.variant().label());
      facts.put(key + ".out_of_memory", r.outOfMemory() > 0);
      facts.put(key + ".out_of_memory_iterations", r.outOfMemory());
      facts.put(key + ".rows_read", r.rows());
      if (r.outOfMemory() == 0) {
        facts.put(key + ".rows_s", r.rowsPerSecond().median());
      }
      if (r.outOfMemory() == 0 && r.variant().fetchSize() > 0 && portal) {
        byFetch.add(new ExperimentResult.Point(fetch, r.rowsPerSecond().median()));
      }
    }
    StringBuilder f = new StringBuilder(String.format(Locale.ROOT,
        "Reading %s rows of 1 KB (%.0f MB of text) in a JVM with a %.0f MB heap, median (min-max) of %d iterations, each "
            + "after a warm-up of the same variant: ", Figures.count(rows), dataMb, heapMb, iterations));
    List<String> parts = new ArrayList<>();
    for (Reads r : reads) {
      String secs = r.seconds().text(v -> String.format(Locale.ROOT, "%.2f", v));
      parts.add(r.variant().label() + (r.outOfMemory() == 0
          ? " read all rows in " + secs + " s (" + r.rowsPerSecond().count() + " rows/s, heap peak "
              + String.format(Locale.ROOT, "%.0f", r.heapPeak().median()) + " MB)"
          : " ran out of memory" + (r.outOfMemory() == iterations ? "" : " in " + r.outOfMemory() + " of " + iterations
              + " iterations") + " after " + secs + " s (" + r.error() + ")"));
    }
    f.append(String.join("; ", parts)).append('.');
    List<Reads> portals = reads.stream().filter(r -> r.outOfMemory() == 0 && !r.variant().autocommit()
        && r.variant().fetchSize() > 0).toList();
    Reads fastest = portals.stream().max(Comparator.comparingDouble(r -> r.rowsPerSecond().median())).orElse(null);
    Reads next = portals.stream().filter(r -> r != fastest)
        .max(Comparator.comparingDouble(r -> r.rowsPerSecond().median())).orElse(null);
    if (fastest != null && next != null) {
      f.append(' ').append(Spread.compare(fastest.variant().label(), fastest.rowsPerSecond(), next.variant().label(),
          next.rowsPerSecond(), v -> Figures.count(Math.round(v)), "rows/s"));
    }
    // the table's title and columns are the ones the R2DBC and Vert.x parts' rows join
    return new ExperimentResult("fetch-size", "Fetch size and a small heap",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(rows) + " rows of 1 KB, heap "
            + String.format(Locale.ROOT, "%.0f", heapMb) + " MB)", List.of("variant", "outcome", "rows read", "seconds",
                "rows/s", "heap pools' peak MB", "fetches", "error"), table)),
        byFetch.isEmpty() ? List.of() : List.of(new ExperimentResult.Chart("Rows per second by fetch size (autocommit off)",
            "fetch size (log)", "rows/s", true, false, List.of(new ExperimentResult.Series("setFetchSize", byFetch)))),
        f.toString(), facts);
  }
}
