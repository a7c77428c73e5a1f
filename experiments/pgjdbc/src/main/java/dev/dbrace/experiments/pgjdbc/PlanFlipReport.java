package dev.dbrace.experiments.pgjdbc;

import dev.dbrace.core.experiment.ExperimentResult;
import dev.dbrace.core.experiment.Figures;
import dev.dbrace.experiments.pgjdbc.PlanFlipExperiment.VariantRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns plan-flip's measurements into tables, a chart and a finding; every figure comes from the runs. */
final class PlanFlipReport {
  private PlanFlipReport() {}

  static ExperimentResult of(String name, int nullRows, int threshold, List<VariantRun> runs) {
    List<List<String>> summary = new ArrayList<>();
    for (VariantRun r : runs) {
      summary.add(List.of(r.variant().label(), r.variant().table(), r.variant().condition(),
          r.firstServerPrepared() == 0 ? "never" : "#" + r.firstServerPrepared(),
          (r.firstGeneric() == 0 ? "never" : "#" + r.firstGeneric())
              + (r.sameSwitchEveryIteration() ? "" : " (not in every iteration)"),
          r.custom().ms(), r.generic().ms(),
          r.plans().generic().shape(), r.plans().custom().shape(),
          Figures.count(r.plans().generic().buffers()) + " / " + Figures.count(r.plans().custom().buffers()),
          r.flipDetected() ? "yes" : "no"));
    }
    int iterations = runs.getFirst().iterations().size();
    List<String> columns = List.of("variant", "table", "condition", "server-prepared from", "generic plan from",
        "median ms, custom plans (range)", "median ms, generic plan (range)", "generic plan", "custom plan",
        "buffers generic / custom", "flip detected");
    List<String> perExecColumns = new ArrayList<>(List.of("execution"));
    runs.forEach(r -> perExecColumns.add(r.variant().label() + " ms (plan)"));
    List<List<String>> perExec = new ArrayList<>();
    int n = runs.getFirst().executions().size();
    for (int i = 0; i < n; i++) {
      List<String> row = new ArrayList<>(List.of(Integer.toString(i + 1)));
      for (VariantRun r : runs) {
        int at = i;
        Spread ms = Spread.of(r.iterations().stream().map(run -> run.get(at).ms()).toList());
        String plans = String.join("/", r.iterations().stream().map(run -> run.get(at).plan()).distinct().toList());
        row.add(ms.ms() + " (" + plans + ")");
      }
      perExec.add(row);
    }
    List<ExperimentResult.Series> series = runs.stream().map(r -> {
      List<Double> medians = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int at = i;
        medians.add(Figures.median(r.iterations().stream().map(run -> run.get(at).ms()).toList()));
      }
      return new ExperimentResult.Series(r.variant().label(), indexed(medians));
    }).toList();
    ExperimentResult.Chart chart = new ExperimentResult.Chart("Latency of each execution of the prepared query (median of "
        + iterations + " iterations)",
        "execution", "ms (log)", false, true, series);

    Map<String, Object> facts = new LinkedHashMap<>();
    facts.put("null_rows", nullRows);
    facts.put("prepare_threshold", threshold);
    facts.put("iterations", iterations);
    for (VariantRun r : runs) {
      String key = r.variant().label().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
      facts.put(key + ".flip_detected", r.flipDetected());
      facts.put(key + ".first_generic_execution", r.firstGeneric());
      facts.put(key + ".median_custom_ms", r.medianCustom());
      facts.put(key + ".median_generic_ms", r.medianGeneric());
      facts.put(key + ".custom_ms_min", r.custom().min());
      facts.put(key + ".custom_ms_max", r.custom().max());
      facts.put(key + ".generic_ms_min", r.generic().min());
      facts.put(key + ".generic_ms_max", r.generic().max());
      facts.put(key + ".same_switch_every_iteration", r.sameSwitchEveryIteration());
      // the plan facts the latency verdict rests on: deterministic, unlike sub-millisecond medians on a busy machine
      facts.put(key + ".plan_changed", r.firstGeneric() > 0 && !r.plans().sameShape());
      facts.put(key + ".generic_buffers", r.plans().generic().buffers());
      facts.put(key + ".custom_buffers", r.plans().custom().buffers());
      facts.put(key + ".generic_plan", r.plans().generic().shape());
      facts.put(key + ".custom_plan", r.plans().custom().shape());
    }
    return new ExperimentResult(name, "Generic plan flip of a server-prepared statement",
        List.of(new ExperimentResult.Table("Variants (" + Figures.count(nullRows) + " NULL tags, "
                + PlanFlipExperiment.MATCHING_ROWS + " matching rows, prepareThreshold=" + threshold + ")", columns, summary),
            new ExperimentResult.Table("Each execution: median latency (range) over " + iterations
                + " iterations and the plan the server used", perExecColumns, perExec)),
        List.of(chart), finding(nullRows, threshold, runs), facts);
  }

  private static List<ExperimentResult.Point> indexed(List<Double> values) {
    List<ExperimentResult.Point> points = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      points.add(new ExperimentResult.Point(i + 1, values.get(i)));
    }
    return points;
  }

  private static String finding(int nullRows, int threshold, List<VariantRun> runs) {
    VariantRun flip = runs.get(0);
    StringBuilder f = new StringBuilder();
    f.append("Over ").append(flip.iterations().size()).append(" iterations (medians, each variant after a warm-up of itself): ");
    f.append("with prepareThreshold=").append(threshold).append(", pgjdbc's statement ran server-prepared from execution ")
        .append(flip.firstServerPrepared() == 0 ? "(never)" : "#" + flip.firstServerPrepared()).append(". ");
    f.append(describe(flip, nullRows)).append(' ');
    for (VariantRun r : runs.subList(1, runs.size())) {
      f.append(r.variant().label()).append(": ");
      if (r.firstGeneric() == 0) {
        f.append("the server never used a generic plan in ").append(r.executions().size())
            .append(" executions, median ").append(Figures.ms(r.medianCustom())).append(" ms");
      } else {
        f.append("generic plan from execution #").append(r.firstGeneric()).append(" (").append(r.plans().generic().shape())
            .append(r.plans().sameShape() ? ", the same as the custom plan" : ", custom: " + r.plans().custom().shape())
            .append("), median ").append(Figures.ms(r.medianCustom())).append(" ms before vs ")
            .append(Figures.ms(r.medianGeneric())).append(" ms with it");
      }
      f.append(r.flipDetected() ? " - a flip." : " - no flip detected.").append(' ');
    }
    if (flip.firstGeneric() > 0) {
      f.append("As written, ").append(Spread.compare("custom-plan executions", flip.custom(), "generic-plan executions",
          flip.generic(), Figures::ms, "ms"));
    }
    return f.toString().trim();
  }

  private static String describe(VariantRun r, int nullRows) {
    if (r.firstGeneric() == 0) {
      return "On the table with " + Figures.count(nullRows) + " NULL tags the server kept custom plans for all "
          + r.executions().size() + " executions (median " + Figures.ms(r.medianCustom()) + " ms): no flip happened"
          + " in this run, though its generic plan would be " + r.plans().generic().shape() + " reading "
          + Figures.count(r.plans().generic().buffers()) + " buffers vs " + Figures.count(r.plans().custom().buffers()) + ".";
    }
    String s = "On the table with " + Figures.count(nullRows) + " NULL tags the server switched to its generic plan at execution #"
        + r.firstGeneric() + ": " + r.plans().generic().shape() + " instead of " + r.plans().custom().shape()
        + ", reading " + Figures.count(r.plans().generic().buffers()) + " buffers instead of "
        + Figures.count(r.plans().custom().buffers()) + "; median latency went from " + Figures.ms(r.medianCustom())
        + " ms to " + Figures.ms(r.medianGeneric()) + " ms (" + Figures.ratio(r.medianGeneric() / r.medianCustom()) + ")"
        + (r.sameSwitchEveryIteration() ? "" : " (the switch came at another execution in some iteration)");
    return s + (r.flipDetected() ? " - a flip." : ", which the detector does not count as a flip.");
  }
}
