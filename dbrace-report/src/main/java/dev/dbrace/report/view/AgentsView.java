package dev.dbrace.report.view;

import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs that agents shared: each agent's own part beside the run's merged figures (its host, share, how it ended, its
 * throughput, latency, its worker's CPU and its start against the controller's go). Null when no run was shared.
 */
public record AgentsView(List<Row> rows) {

  record Row(String stack, String color, String load, String agent, String part, String status, String opsS, String p50,
      String p99, String cpuPer1k, String skew, String message) {}

  public static AgentsView of(List<RunRecord> runs, Palette palette) {
    List<Row> rows = new ArrayList<>();
    boolean rounds = runs.stream().anyMatch(r -> r.round() > 1);
    for (RunRecord r : runs) {
      List<RunRecord.AgentPart> parts = r.probes().agents();
      if (parts == null || parts.isEmpty()) {
        continue;
      }
      String load = rounds ? r.load() + " · round " + r.round() : r.load();
      // the agents' workers together: at the service level they are the load generator, the service the run's process
      RunRecord.ProcessFigures agentsCpu = r.generator() != null ? r.generator() : r.process();
      rows.add(new Row(r.stack(), palette.color(r.stack()), load, "all " + parts.size() + " (merged)", "-",
          r.status().label(), Format.rate(r.result().throughputOpsS()),
          r.result().latencyMs() == null ? "-" : Format.ms(r.result().latencyMs().p50()),
          r.result().latencyMs() == null ? "-" : Format.ms(r.result().latencyMs().p99()),
          agentsCpu == null ? "-" : Format.figure(agentsCpu.cpuMsPer1kOps()), "-", r.message()));
      for (RunRecord.AgentPart a : parts) {
        var result = a.result();
        rows.add(new Row(r.stack(), palette.color(r.stack()), load, a.host(), (a.index() + 1) + " of " + a.of(),
            a.status().label(), result == null ? "-" : Format.rate(result.throughputOpsS()),
            result == null || result.latencyMs() == null ? "-" : Format.ms(result.latencyMs().p50()),
            result == null || result.latencyMs() == null ? "-" : Format.ms(result.latencyMs().p99()),
            a.process() == null ? "-" : Format.figure(a.process().cpuMsPer1kOps()),
            a.startSkewMs() == null ? "-" : Format.ms(a.startSkewMs()), a.message()));
      }
    }
    return rows.isEmpty() ? null : new AgentsView(rows);
  }
}
