package dev.dbrace.cli;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The comparison table printed at the end of a race, with each stack's ratio to the best. */
final class ConsoleTable {
  private static final String[] HEAD = {
    "stack", "status", "ops/s", "vs best", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "errors",
    "cpu usr/sys s", "cpu ms/1k ops", "rss MB", "ctx vol/invol", "threads", "server xact", "server stmts/client"
  };

  private ConsoleTable() {}

  static void print(PrintStream out, List<RunRecord> runs) {
    double best = runs.stream().filter(RunRecord::ok).mapToDouble(RunRecord::throughputOpsS).max().orElse(0);
    List<String[]> rows = new ArrayList<>();
    rows.add(HEAD);
    boolean loads = runs.stream().map(RunRecord::load).distinct().count() > 1;
    boolean notIssued = runs.stream().anyMatch(r -> r.notIssued() > 0);
    for (RunRecord r : runs) {
      if (!r.ok() && r.latencyMs() == null) {
        rows.add(new String[] {r.stack(), r.status(), "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"});
        continue;
      }
      var l = r.latencyMs();
      var p = r.process();
      var s = r.server();
      rows.add(new String[] {
        r.stack(), r.status(), fmt("%,.0f", r.throughputOpsS()),
        best > 0 ? fmt("%.2fx", r.throughputOpsS() / best) : "-",
        fmt("%.3f", l.p50()), fmt("%.3f", l.p99()), fmt("%.3f", l.p999()), fmt("%.3f", l.max()),
        Long.toString(r.errors() + r.unfinished()),
        p == null ? "-" : fmt("%.2f/%.2f", p.cpuUserS(), p.cpuSysS()),
        p == null ? "-" : fmt("%.1f", p.cpuMsPer1kOps()),
        p == null ? "-" : fmt("%.0f", p.peakRssMb()),
        p == null ? "-" : fmt("%,d/%,d", p.ctxVoluntary(), p.ctxInvoluntary()),
        p == null ? "-" : Integer.toString(p.peakThreads()),
        s == null ? "-" : fmt("%,d", s.xactCommit()),
        s == null || s.statementCalls() == null ? "n/a" : fmt("%,d/%,d", s.statementCalls(), s.clientStatements())
      });
    }
    if (loads) {
      rows = withColumn(rows, 1, "load", runs.stream().map(ConsoleTable::shortLoad).toList());
    }
    if (notIssued) {
      rows = withColumn(rows, rows.get(0).length - 8, "not issued", runs.stream().map(r -> Long.toString(r.notIssued())).toList());
    }
    int[] width = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder sb = new StringBuilder();
      int left = loads ? 3 : 2;
      for (int i = 0; i < width.length; i++) {
        String cell = rows.get(r)[i];
        sb.append(i < left ? pad(cell, width[i], false) : pad(cell, width[i], true)).append("  ");
      }
      out.println(sb.toString().stripTrailing());
      if (r == 0) {
        out.println("-".repeat(sb.toString().stripTrailing().length()));
      }
    }
  }

  private static List<String[]> withColumn(List<String[]> rows, int at, String head, List<String> cells) {
    List<String[]> out = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      List<String> row = new ArrayList<>(List.of(rows.get(r)));
      row.add(at, r == 0 ? head : cells.get(r - 1));
      out.add(row.toArray(String[]::new));
    }
    return out;
  }

  private static String shortLoad(RunRecord r) {
    return switch (r.loadModel()) {
      case dev.dbrace.core.load.LoadModel.Open o -> fmt("open %,.0f/s", o.rate());
      case dev.dbrace.core.load.LoadModel.Closed c -> "closed c=" + c.concurrency();
      case null -> r.load();
    };
  }

  /**
   * The capacity verdicts side by side, each against the best: a ratio of the rates held only where
   * the two brackets do not overlap; where they do, "within the brackets" (neither holds more).
   */
  static void printCapacity(PrintStream out, List<Race.Capacity> verdicts, Race.Sla sla) {
    Race.Capacity top = CapacitySearch.best(verdicts);
    out.println("capacity (" + sla.describe() + "):");
    for (Race.Capacity c : verdicts) {
      String ratio = top == null || c.capacityOpsS() == null || c == top ? ""
          : top.bracketsOverlap(c) ? "  within the brackets of " + top.stack()
          : fmt("  %.2fx the best (%s)", c.capacityOpsS() / top.capacityOpsS(), top.stack());
      out.println("  " + c.stack() + ": " + c.verdict() + ratio);
    }
    if (top != null) {
      for (Race.Capacity c : verdicts) {
        if (c != top) {
          out.println("  " + CapacitySearch.compare(top, c));
        }
      }
    }
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }

  private static String pad(String s, int w, boolean right) {
    String fill = " ".repeat(Math.max(0, w - s.length()));
    return right ? fill + s : s + fill;
  }
}
