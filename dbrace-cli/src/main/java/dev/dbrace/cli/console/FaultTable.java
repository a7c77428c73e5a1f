package dev.dbrace.cli.console;

import dev.dbrace.core.result.RunRecord.FaultWindow;
import dev.dbrace.core.result.RunRecord.Faults;
import dev.dbrace.core.result.RunRecord;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The console's fault table: per stack and fault, its window, p99 in it, time to recover; then errors and the ledger. */
public final class FaultTable {
  private static final List<String> HEAD = List.of("stack", "fault", "window s", "p99 before ms", "p99 in window ms", "recovered after");

  private FaultTable() {}

  public static void print(PrintStream out, List<RunRecord> runs) {
    List<List<String>> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (RunRecord r : runs) {
      Faults f = r.probes().faults();
      if (f == null) {
        continue;
      }
      for (FaultWindow w : f.windows()) {
        rows.add(List.of(r.stack(), w.fault(), fmt("%.1f-%.1f", w.startS(), w.endS()),
            f.preFaultP99Ms() == null ? "-" : fmt("%.2f", f.preFaultP99Ms()),
            w.p99Ms() == null ? "-" : fmt("%.2f", w.p99Ms()), recovery(f, w)));
      }
      String kinds = r.result().errorsByKind().entrySet().stream().map(e -> e.getValue() + " x " + e.getKey())
          .collect(Collectors.joining("; "));
      notes.add(fmt("%s: issued %,d = ops %,d + errors %,d + unfinished %,d%s", r.stack(), r.result().issued(), r.result().ops(),
          r.result().errors(), r.result().unfinished(), kinds.isEmpty() ? "" : "; errors: " + kinds));
      notes.add("  " + ledger(f));
      if (f.note() != null) {
        notes.add("  note: " + f.note());
      }
    }
    out.println("faults (times from the start of the measured phase; recovery: to the end of the first 1 s interval whose p99"
        + " is at or under the larger of 1.5x the p99 before the first fault and it + 1 ms, and that drops no larger a share"
        + " than before it; arrivals not issued rank as the worst in every p99):");
    TextTable.print(out, HEAD, rows, 2, false);
    notes.forEach(out::println);
  }

  static String recovery(Faults f, FaultWindow w) {
    if (f.preFaultP99Ms() == null) {
      return "unknown (no p99 before the fault)";
    }
    return w.recoveryS() == null ? "not recovered" : fmt("%.1f s", w.recoveryS());
  }

  static String ledger(Faults f) {
    var l = f.ledger();
    if (l == null) {
      return "ledger: not checked";
    }
    return fmt("ledger: %,d successes, %,d rows; successful but missing: %,d%s; performed but reported failed: %,d; "
            + "performed twice: %,d", l.clientSuccesses(), l.rows(), l.successfulButMissing(),
        l.missingSample().isEmpty() ? "" : " (e.g. operations " + l.missingSample() + ")",
        l.performedButReportedFailed(), l.duplicates());
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
