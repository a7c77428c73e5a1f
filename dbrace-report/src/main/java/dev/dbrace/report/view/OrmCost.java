package dev.dbrace.report.view;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.RunFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What an ORM layer costs over the raw stack beneath it (E2's question), when both ran at the same
 * load point: CPU per operation of each measured process, and the median latency.
 */
final class OrmCost {
  /** ORM stack -> the raw stack it runs on (same driver family and executor). */
  static final Map<String, String> BENEATH = Map.of(
      "hibernate-orm", "jdbc-platform",
      "hibernate-orm-virtual", "jdbc-virtual",
      "hibernate-reactive", "vertx");

  private OrmCost() {}

  static List<String> sentences(List<RunRecord> runs) {
    List<String> out = new ArrayList<>();
    boolean several = LoadPoint.severalWorkloads(runs);
    LoadPoint.group(runs).forEach((point, pointRuns) -> BENEATH.forEach((orm, raw) -> {
      Optional<RunRecord> o = last(pointRuns, orm);
      Optional<RunRecord> r = last(pointRuns, raw);
      if (o.isPresent() && r.isPresent()) {
        double ormUs = RunFigures.cpuMsPer1kOps(o.get());
        double rawUs = RunFigures.cpuMsPer1kOps(r.get());
        out.add(String.format(Locale.ROOT,
            "At %s: %s costs %,.0f µs of CPU per operation over %s (%,.0f vs %,.0f µs), p50 %s vs %s ms, %,.0f vs %,.0f ops/s.",
            point.label(several), orm, ormUs - rawUs, raw, ormUs, rawUs, Format.ms(o.get().result().latencyMs().p50()),
            Format.ms(r.get().result().latencyMs().p50()), o.get().result().throughputOpsS(), r.get().result().throughputOpsS()));
      }
    }));
    return out;
  }

  private static Optional<RunRecord> last(List<RunRecord> runs, String stack) {
    return runs.stream().filter(x -> x.stack().equals(stack) && x.ok() && x.result().ops() > 0 && x.process() != null
        && x.result().latencyMs() != null).reduce((a, b) -> b);
  }
}
