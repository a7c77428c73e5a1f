package dev.dbrace.report.view;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.IdleConnections;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.report.chart.Palette;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.LoadPoint;
import dev.dbrace.report.results.RunFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The summary table: one row per run, each run's throughput as a ratio to the best of its load
 * point (when other stacks ran at it too). Rows are grouped by load point when stacks share
 * them (a race, a curve), else by stack with the load in a column (a capacity search, where
 * each stack has its own rates). Runs without figures (failed, crashed, hung, interrupted) keep
 * their row with the message and the worker's last stderr lines.
 *
 * @param byStack rows grouped by stack, the load shown per row
 * @param notes what the latency figures mean for the load models present
 */
public record SummaryView(boolean byStack, List<String> notes, List<Group> groups) {

  public record Group(String label, String note, List<Row> rows) {}

  public record Row(
      String stack, String color, String load, String status, boolean figures, String purpose, String message,
      String stderr, String throughput, String ratio, boolean best, String p50, String p90, String p99, String p999,
      String max, boolean bestP99, String ops, String errors, String notIssued, String cpu, String cpuPer1k, String rss,
      String ctxPer1k, String threads, String server, boolean serverMismatch, String round, String tls,
      boolean unsettled, String unfinished, String cpuPercent, String faults, String serverCpuPer1k) {

    public boolean statusOk() {
      return "ok".equals(status);
    }
  }

  private static final String CLOSED = "closed loop: latency from issue to completion; "
      + "time an operation waits before it is issued is not in it";
  private static final String OPEN = "open loop: latency from each operation's intended start, so queueing behind a saturated stack counts";

  public static SummaryView of(List<RunRecord> runs, Palette palette) {
    boolean severalWorkloads = LoadPoint.severalWorkloads(runs);
    boolean rounds = runs.stream().anyMatch(r -> r.round() > 1);
    Map<LoadPoint, List<RunRecord>> points = LoadPoint.group(runs);
    boolean byStack = points.size() > 1 && points.values().stream().anyMatch(p -> p.size() < 2);
    List<Group> groups = new ArrayList<>();
    Map<String, List<Row>> perStack = new LinkedHashMap<>();
    points.forEach((point, pointRuns) -> {
      // the best of a load point is among the runs that finished ok: a hung or interrupted run's partial figures are no result
      List<RunRecord> measured = pointRuns.stream().filter(r -> r.ok() && RunFigures.hasFigures(r)).toList();
      boolean compared = pointRuns.stream().filter(RunFigures::hasFigures).count() > 1;
      double best = measured.stream().mapToDouble((RunRecord r) -> r.result().throughputOpsS()).max().orElse(0);
      double bestP99 = measured.stream().mapToDouble(r -> r.result().latencyMs().p99()).min().orElse(Double.NaN);
      List<Row> rows = pointRuns.stream()
          .map(r -> row(r, severalWorkloads ? point.label(true) : point.shortLabel(), palette, compared ? best : 0,
              compared ? bestP99 : Double.NaN, rounds))
          .toList();
      groups.add(new Group(point.label(severalWorkloads), note(point.model()), rows));
      rows.forEach(row -> perStack.computeIfAbsent(row.stack(), k -> new ArrayList<>()).add(row));
    });
    if (byStack) {
      groups.clear();
      perStack.forEach((stack, rows) -> groups.add(new Group(stack, null, rows)));
    }
    List<String> notes = new ArrayList<>(byStack ? points.keySet().stream().map(p -> note(p.model())).distinct().toList() : List.of());
    notes.addAll(OrmCost.sentences(runs));
    IdleConnections.sentence(runs).ifPresent(notes::add);
    return new SummaryView(byStack, notes, groups);
  }

  private static String note(LoadModel model) {
    return model instanceof LoadModel.Open ? OPEN : CLOSED;
  }

  /** A row; {@code best} is 0 (and bestP99 NaN) when no other run shares the load point. */
  private static Row row(RunRecord r, String load, Palette palette, double best, double bestP99, boolean rounds) {
    String round = rounds ? "round " + r.round() : null;
    String tls = r.probes().tls() == null ? "?" : r.probes().tls().label();
    boolean unsettled = r.result().warmup() != null && "cap".equals(r.result().warmup().ended());
    String purpose = r.purpose() == null || r.purpose().equals("race") ? null : r.purpose();
    String stderr = r.stderrTail() == null || r.stderrTail().isEmpty() ? null : String.join("\n", r.stderrTail());
    String message = Format.withoutPassword(r.message());
    if (!RunFigures.hasFigures(r)) {
      return new Row(r.stack(), palette.color(r.stack()), load, r.status().label(), false, purpose, message, stderr,
          null, null, false, null, null, null, null, null, false, null, null, null, null, null, null, null, null, null, false,
          round, tls, unsettled, null, null, null, null);
    }
    var l = r.result().latencyMs();
    var p = r.process();
    var s = r.server();
    boolean perOp = p != null && r.result().ops() > 0;
    return new Row(r.stack(), palette.color(r.stack()), load, r.status().label(), true, purpose, message, stderr,
        Format.rate(r.result().throughputOpsS()), r.ok() && best > 0 ? Format.ratio(r.result().throughputOpsS() / best) : "-",
        r.ok() && best > 0 && r.result().throughputOpsS() == best,
        Format.ms(l.p50()), Format.ms(l.p90()), Format.ms(l.p99()), Format.ms(l.p999()), Format.ms(l.max()),
        r.ok() && l.p99() == bestP99, Format.count(r.result().ops()), Format.count(r.result().errors()),
        Format.count(r.result().notIssued()),
        p == null ? "-" : Format.f("%.2f / %.2f", p.cpuUserS(), p.cpuSysS()),
        perOp ? Format.figure(RunFigures.cpuMsPer1kOps(r)) : "-",
        p == null ? "-" : Format.figure(p.peakRssMb()),
        perOp ? Format.figure(RunFigures.contextSwitchesPer1kOps(r)) : "-",
        p == null ? "-" : Integer.toString(p.peakThreads()),
        s == null ? "-" : (s.statementCalls() == null ? "n/a" : Format.count(s.statementCalls())) + " / "
            + Format.count(s.clientStatements()),
        mismatch(r), round, tls, unsettled, Format.count(r.result().unfinished()),
        p == null || p.cpuPercent() == null ? "-" : Format.f("%.0f", p.cpuPercent()),
        p == null || p.minorFaults() == null ? "-" : Format.count(p.minorFaults()) + " / " + Format.count(p.majorFaults()),
        r.probes().serverCpu() == null ? "-" : Format.figure(r.probes().serverCpu().cpuMsPer1kOps()));
  }

  /**
   * Whether the server counted other than the statements the client's operations sent. Driver-level
   * runs only: there both count statements over the same span (an ORM's operations report what
   * their session sent); at the service level the client's figure is requests, which a service
   * turns into statements its own way, so the two are not compared.
   */
  static boolean mismatch(RunRecord r) {
    var s = r.server();
    return r.generator() == null && s != null && s.statementCalls() != null && s.statementCalls() != s.clientStatements();
  }
}
