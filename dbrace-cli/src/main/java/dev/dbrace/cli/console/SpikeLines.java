package dev.dbrace.cli.console;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.RunRecord.SpikeWindow;
import dev.dbrace.core.result.RunRecord.Spikes;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The console's spike lines: per run with spikes and spike, the p99 before and at the peak, the recovery and what was dropped. */
public final class SpikeLines {
  private SpikeLines() {}

  /** Whether any run had spikes. */
  public static boolean any(List<RunRecord> runs) {
    return runs.stream().anyMatch(r -> r.probes().spikes() != null);
  }

  public static void print(PrintStream out, List<RunRecord> runs) {
    boolean several = runs.stream().filter(r -> r.probes().spikes() != null).map(RunRecord::stack).distinct().count()
        < runs.stream().filter(r -> r.probes().spikes() != null).count();
    out.println("spikes (times from the start of the measured phase; recovered: from the window's end until the p99 of 3 "
        + "consecutive 1 s intervals stays at or under the larger of 1.5x the pre-spike p99 and it + 1 ms, and they drop"
        + " no larger a share than before the spike; arrivals not issued rank as the worst in every p99):");
    for (RunRecord r : runs) {
      Spikes s = r.probes().spikes();
      if (s == null) {
        continue;
      }
      String who = r.stack() + (several ? " (" + at(r) + ", round " + Math.max(1, r.round()) + ")" : "");
      if (s.windows().isEmpty()) {
        out.println(who + ": no figures" + (s.note() == null ? "" : ": " + s.note()));
        continue;
      }
      for (SpikeWindow w : s.windows()) {
        out.println(line(who, s, w));
      }
      if (s.note() != null) {
        out.println("  note: " + s.note());
      }
    }
  }

  static String line(String who, Spikes s, SpikeWindow w) {
    String recovery = s.preSpikeP99Ms() == null ? "recovery unknown (no p99 before the spike)"
        : w.recoveryS() == null ? "not recovered (before the next spike or the run's end)"
        : fmt("recovered %.1f s after the window", w.recoveryS());
    String dropped = w.errorsDuring() == null ? "drops not counted"
        : fmt("dropped in the window %,d errors + %,d not issued, after it %,d + %,d", w.errorsDuring(), w.notIssuedDuring(),
            w.errorsAfter(), w.notIssuedAfter());
    return fmt("%s: spike %s: p99 before %s, peak %s; %s; %s", who, w.spike(), ms(s.preSpikeP99Ms()), ms(w.peakP99Ms()),
        recovery, dropped);
  }

  private static String at(RunRecord r) {
    return r.loadModel() instanceof LoadModel.Open o ? fmt("%,.0f/s", o.rate()) : r.load();
  }

  private static String ms(Double v) {
    return v == null ? "-" : fmt("%.2f ms", v);
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
