package dev.dbrace.cli;

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
    int[] width = new int[HEAD.length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        width[i] = Math.max(width[i], row[i].length());
      }
    }
    for (int r = 0; r < rows.size(); r++) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < HEAD.length; i++) {
        String cell = rows.get(r)[i];
        sb.append(i < 2 ? pad(cell, width[i], false) : pad(cell, width[i], true)).append("  ");
      }
      out.println(sb.toString().stripTrailing());
      if (r == 0) {
        out.println("-".repeat(sb.toString().stripTrailing().length()));
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
