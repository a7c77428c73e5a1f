package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.Figures;
import dev.dbrace.core.experiment.Experiment;
import dev.dbrace.core.experiment.ExperimentContext;
import dev.dbrace.core.experiment.ExperimentOption;
import dev.dbrace.core.experiment.ExperimentResult;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * E3's "sixth execution" pitfall. A table has two indexed columns: {@code tag}, NULL on most rows
 * (so the planner's estimate for {@code tag = $1} without a value is tiny) but with one popular
 * value, and {@code owner_id}, whose queried value matches 20 rows. Custom plans, made with the
 * values, use the owner index; once a server-prepared statement has run five custom plans the
 * plan cache may switch to its generic plan, which trusts the tiny estimate and walks the popular
 * tag. The same query on a control table (no NULLs, no popular value) switches to a generic plan
 * that is the custom one, so the detector must stay quiet there.
 *
 * <p>A flip is detected when all of these are measured: the server ran the generic plan
 * ({@code pg_prepared_statements.generic_plans}), that plan differs from the custom plan, it read
 * more buffers (EXPLAIN ANALYZE), and the generic executions' median latency exceeds the custom
 * ones'. No threshold is involved: the report gives the sizes of the differences.
 */
public final class PlanFlipExperiment implements Experiment {
  static final int MATCHING_ROWS = 20;
  static final int QUERIED_TAG = 1;
  static final int QUERIED_OWNER = 42;

  @Override
  public String name() {
    return "plan-flip";
  }

  @Override
  public String description() {
    return "a server-prepared statement switching to a slower generic plan (E3), with work-arounds and a control table";
  }

  @Override
  public List<ExperimentOption> options() {
    return List.of(
        new ExperimentOption("rows", "200000", "rows whose tag is NULL (E3 used 1,000,000); a quarter as many carry the popular tag"),
        new ExperimentOption("executions", "20", "executions of the query per variant"),
        new ExperimentOption("prepareThreshold", "5", "pgjdbc's prepareThreshold: executions before the statement is server-prepared"),
        Repeats.ITERATIONS, Repeats.SEED);
  }

  /**
   * One way of running the query: which table, which condition, which connection properties. With
   * {@code fence} the owner condition goes in a subquery ended by {@code OFFSET 0}, which the
   * planner may not flatten, and the tag is filtered outside it; its parameters then come owner first.
   */
  record Variant(String label, String table, String condition, boolean fence, Map<String, String> properties) {
    Variant(String label, String table, String condition, Map<String, String> properties) {
      this(label, table, condition, false, properties);
    }

    String sql(String schema) {
      if (fence) {
        return "SELECT id, payload FROM (SELECT id, payload, tag FROM " + schema + "." + table
            + " WHERE owner_id = ? OFFSET 0) fenced WHERE tag = ?";
      }
      return "SELECT id, payload FROM " + schema + "." + table + " WHERE " + condition;
    }

    /** The query's arguments in parameter order. */
    int[] arguments() {
      return fence ? new int[] {QUERIED_OWNER, QUERIED_TAG} : new int[] {QUERIED_TAG, QUERIED_OWNER};
    }
  }

  @Override
  public ExperimentResult run(ExperimentContext ctx) throws Exception {
    int nullRows = ctx.intOption("rows", 1_000, 50_000_000);
    int executions = ctx.intOption("executions", 7, 1_000);
    int threshold = ctx.intOption("prepareThreshold", 1, 1_000);
    String schema = ctx.schema();
    Map<String, String> jdbc = Map.of("prepareThreshold", Integer.toString(threshold));
    Map<String, String> forceCustom = new LinkedHashMap<>(jdbc);
    forceCustom.put("options", "-c plan_cache_mode=force_custom_plan");
    List<Variant> variants = List.of(
        new Variant("as written", "flip_items", "tag = ? AND owner_id = ?", jdbc),
        new Variant("tag + 0", "flip_items", "tag + 0 = ? AND owner_id = ?", jdbc),
        new Variant("OFFSET 0", "flip_items", "owner_id = ? in a subquery with OFFSET 0, then tag = ?", true, jdbc),
        new Variant("force_custom_plan", "flip_items", "tag = ? AND owner_id = ?", forceCustom),
        new Variant("control table", "control_items", "tag = ? AND owner_id = ?", jdbc));
    try (Connection admin = ctx.connect()) {
      try {
        ctx.progress("creating " + schema + ".flip_items (" + Figures.count(nullRows) + " NULL tags) and control_items");
        FlipTables.create(admin, schema, nullRows);
        List<PlanProbe.Pair> plans = new ArrayList<>();
        for (Variant v : variants) {
          int[] args = v.arguments();
          plans.add(PlanProbe.probe(admin, v.sql(schema).replaceFirst("\\?", "\\$1").replaceFirst("\\?", "\\$2"),
              "int, int", args[0] + ", " + args[1]));
        }
        ctx.progress(variants.size() + " variants, " + executions + " executions each, on a fresh connection every time");
        List<List<List<PreparedExecutions.Execution>>> measured = Repeats.run(ctx, variants,
            v -> PreparedExecutions.run(ctx, v, schema, executions));
        List<VariantRun> runs = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
          runs.add(new VariantRun(variants.get(i), plans.get(i), measured.get(i)));
        }
        return PlanFlipReport.of(name(), nullRows, threshold, runs);
      } finally {
        Sql.dropQuietly(admin, schema);
      }
    }
  }

  /**
   * A variant as measured: the server's two plans and each iteration's executions. Which execution the server
   * first ran generic, and which server-prepared, is the same in every iteration (a fresh connection each time);
   * the tables say so when it is not.
   */
  record VariantRun(Variant variant, PlanProbe.Pair plans, List<List<PreparedExecutions.Execution>> iterations) {
    /** The first iteration's executions, for what does not vary: plan kinds and where they start. */
    List<PreparedExecutions.Execution> executions() {
      return iterations.getFirst();
    }

    private static List<Double> latencies(List<PreparedExecutions.Execution> run, boolean generic) {
      return run.stream().filter(e -> e.plan().equals(PreparedExecutions.GENERIC) == generic)
          .map(PreparedExecutions.Execution::ms).toList();
    }

    /** Each iteration's median over its custom-plan executions (one-shot or server-prepared). */
    Spread custom() {
      return Spread.of(iterations.stream().map(run -> Figures.median(latencies(run, false))).toList());
    }

    /** Each iteration's median over its generic-plan executions. */
    Spread generic() {
      return Spread.of(iterations.stream().map(run -> Figures.median(latencies(run, true))).toList());
    }

    /** 1-based number of the first execution the server ran with its generic plan in the first iteration, or 0. */
    int firstGeneric() {
      return firstGeneric(executions());
    }

    /** Whether every iteration switched to the generic plan at the same execution (or none did). */
    boolean sameSwitchEveryIteration() {
      return iterations.stream().allMatch(run -> firstGeneric(run) == firstGeneric());
    }

    static int firstGeneric(List<PreparedExecutions.Execution> run) {
      for (int i = 0; i < run.size(); i++) {
        if (run.get(i).plan().equals(PreparedExecutions.GENERIC)) {
          return i + 1;
        }
      }
      return 0;
    }

    int firstServerPrepared() {
      for (int i = 0; i < executions().size(); i++) {
        if (executions().get(i).serverPrepared()) {
          return i + 1;
        }
      }
      return 0;
    }

    double medianCustom() {
      return custom().median();
    }

    double medianGeneric() {
      return generic().median();
    }

    /** The detector: every part measured, none a threshold. */
    boolean flipDetected() {
      return firstGeneric() > 0 && !plans.sameShape() && plans.generic().buffers() > plans.custom().buffers()
          && medianGeneric() > medianCustom();
    }
  }
}
