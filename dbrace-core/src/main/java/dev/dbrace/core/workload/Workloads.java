package dev.dbrace.core.workload;

import dev.dbrace.core.workload.ColumnCheck.EqualsParam;
import dev.dbrace.core.workload.ColumnCheck.IntRange;
import dev.dbrace.core.workload.ColumnCheck.NotBlank;
import dev.dbrace.core.workload.ParamGen.Uniform;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The built-in workloads, over the datasets dbrace-db creates. */
public final class Workloads {
  /** Rows in {@code world}; ids are 1..WORLD_ROWS, randomnumber in 1..10000. */
  public static final int WORLD_ROWS = 10_000;

  private static final String WORLD_BY_ID = "SELECT id, randomnumber FROM world WHERE id = $1";

  private static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();

  static {
    DESCRIPTIONS.put("point-select", "one world row by random id (TechEmpower single query)");
    DESCRIPTIONS.put("queries-20", "20 separate world selects per operation, one after another (TechEmpower multiple queries)");
    DESCRIPTIONS.put("film-title", "E1's query: title from the nicer_but_slower_film_list view by FID uniform in 0..989");
    DESCRIPTIONS.put("ledger",
        "one insert into dbrace_ledger keyed by the operation's index (what --faults checks: every success must be a row)");
    DESCRIPTIONS.put("slow-mix", "point-select, but a fraction of operations also pg_sleep in the database (E1's bottleneck); "
        + "options sleep (default 0.2 s), fraction (default 0.1)");
  }

  private Workloads() {}

  /** Name -> one-line description, in display order. */
  public static Map<String, String> descriptions() {
    return DESCRIPTIONS;
  }

  /**
   * The named workload with its options applied.
   *
   * @throws IllegalArgumentException naming the workload or option when one is unknown or bad
   */
  public static WorkloadSpec byName(String name, Map<String, String> options) {
    Map<String, String> opts = new HashMap<>(options);
    WorkloadSpec spec =
        switch (name) {
          case "point-select" -> new WorkloadSpec(name, DESCRIPTIONS.get(name), List.of(worldSelect(1, 1)), Map.of());
          case "queries-20" -> new WorkloadSpec(name, DESCRIPTIONS.get(name), List.of(worldSelect(1, 20)), Map.of());
          case "film-title" -> filmTitle();
          case "slow-mix" -> slowMix(opts);
          case "ledger" -> ledger();
          default -> throw new IllegalArgumentException(
              "unknown workload '" + name + "' (known: " + String.join(", ", DESCRIPTIONS.keySet()) + ")");
        };
    Set<String> unknown = new TreeSet<>(opts.keySet());
    unknown.removeAll(spec.options().keySet());
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("workload " + name + " has no option " + String.join(", ", unknown));
    }
    return spec;
  }

  private static OperationSpec worldSelect(int weight, int repeat) {
    return new OperationSpec(
        repeat == 1 ? "world-by-id" : "world-by-id x" + repeat,
        weight,
        repeat,
        List.of(new StatementSpec(
            WORLD_BY_ID,
            List.of(new Uniform(1, WORLD_ROWS)),
            1,
            List.of(new EqualsParam(0, 0), new IntRange(1, 1, 10_000)))));
  }

  /** The workload whose operations each leave a row: what fault runs check successes against. */
  public static final String LEDGER = "ledger";

  /** The ledger table: created and emptied by the runner before each fault run. */
  public static final String LEDGER_TABLE = "dbrace_ledger";

  /**
   * One insert per operation of ({@code op} = the operation's index, {@code tag} = a seeded draw).
   * The tag tells the measured sequence's rows from the pre-warm's, which reuse the same indexes
   * under another seed: a row counts as operation i only if its tag is operation i's.
   */
  private static WorkloadSpec ledger() {
    OperationSpec op = new OperationSpec(
        "ledger-insert", 1, 1,
        List.of(new StatementSpec(
            "INSERT INTO " + LEDGER_TABLE + " (op, tag) VALUES ($1, $2)",
            List.of(new ParamGen.Sequence(0, 1), new Uniform(1, 1L << 53)),
            1,
            List.of())));
    return new WorkloadSpec("ledger", DESCRIPTIONS.get("ledger"), List.of(op), Map.of());
  }

  private static WorkloadSpec filmTitle() {
    OperationSpec op = new OperationSpec(
        "film-title", 1, 1,
        List.of(new StatementSpec(
            "SELECT title FROM nicer_but_slower_film_list WHERE FID = $1",
            List.of(new Uniform(0, 989)),
            1,
            List.of(new NotBlank(0)))));
    return new WorkloadSpec("film-title", DESCRIPTIONS.get("film-title"), List.of(op), Map.of());
  }

  private static WorkloadSpec slowMix(Map<String, String> opts) {
    double sleep = parseDouble(opts, "sleep", 0.2, 0.0, 60.0);
    double fraction = parseDouble(opts, "fraction", 0.1, 0.0, 1.0);
    int slowWeight = (int) Math.round(fraction * 1000);

    // pg_sleep in FROM runs once; the query still returns the checked world row.
    var slow = new OperationSpec(
        "slow-world-by-id", Math.max(slowWeight, 1), 1,
        List.of(new StatementSpec(
            "SELECT w.id, w.randomnumber FROM world w, pg_sleep(" + sleep + ") WHERE w.id = $1",
            List.of(new Uniform(1, WORLD_ROWS)),
            1,
            List.of(new EqualsParam(0, 0), new IntRange(1, 1, 10_000)))));
    List<OperationSpec> mix =
        slowWeight == 0 ? List.of(worldSelect(1, 1))
            : slowWeight == 1000 ? List.of(slow)
            : List.of(worldSelect(1000 - slowWeight, 1), slow);
    return new WorkloadSpec("slow-mix", "point-select, but "
        + (slowWeight == 1000 ? "every operation" : fraction * 100 + " % of operations")
        + " also sleep " + sleep + " s in the database (pg_sleep; E1's bottleneck)", mix,
        Map.of("sleep", Double.toString(sleep), "fraction", Double.toString(fraction)));
  }

  private static double parseDouble(Map<String, String> opts, String key, double dflt, double min, double max) {
    String raw = opts.get(key);
    if (raw == null) {
      return dflt;
    }
    try {
      double v = Double.parseDouble(raw.endsWith("s") ? raw.substring(0, raw.length() - 1) : raw);
      if (v < min || v > max) {
        throw new IllegalArgumentException("workload option " + key + "=" + raw + " is outside " + min + ".." + max);
      }
      return v;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("workload option " + key + "=" + raw + " is not a number");
    }
  }
}
