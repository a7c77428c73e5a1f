package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord.ProcessFigures;
import dev.dbrace.core.result.RunRecord.ServerFigures;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.run.WorkerResult;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.probe.ProcStats;
import dev.dbrace.runner.service.SameBodies;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Builds a {@link RunRecord} from a run's outcome and the server's counters. */
public final class RunRecords {
  private RunRecords() {}

  static RunRecord of(String stack, String workload, LoadModel load, String purpose, int step,
      RunExecutor.Outcome out, ServerCounters.Snapshot before, ServerCounters.Snapshot after, Long statementCalls,
      Path hlog) {
    WorkerResult r = out.result();
    // null (shown as "-" and "n/a") where the engine has no such counters, and after a run cut short
    // by Ctrl-C: the database may be going away with it
    ServerFigures server = before == null || after == null ? null : new ServerFigures(
        after.xactCommit() - before.xactCommit(),
        after.xactRollback() - before.xactRollback(),
        statementCalls,
        r == null ? 0 : r.totalStatements());
    if (r == null) {
      return RunRecord.withoutFigures(stack, workload, load, purpose, step, out.status(), out.message(),
          out.stderrTail(), server, out.wallS());
    }
    Map<String, String> samples = new java.util.LinkedHashMap<>();
    r.errorSamples().forEach((k, v) -> samples.put(Secrets.redact(k), Secrets.redact(v)));
    Map<String, Long> kinds = new java.util.LinkedHashMap<>();
    r.errorsByKind().forEach((k, v) -> kinds.put(Secrets.redact(k), v));
    return new RunRecord(stack, workload, load.describe(), load, purpose, step, out.status(), out.message(),
        out.stderrTail(), r.issued(), r.ops(), r.errors(), r.unfinished(), r.notIssued(), kinds, samples,
        r.statements(), r.durationS(), r.throughputOpsS(), r.latencyMs(), r.serviceLatencyMs(), r.warmup(),
        figures(out.ready(), out.before(), out.after(), out.peakRssKb(), out.peakThreads(), r), server, r.gc(), r.versions(),
        hlog.toString(), null, null, r.jvm(), out.wallS(), out.generator() == null ? null
            : figures(out.generator().ready(), out.generator().before(), out.generator().after(),
                out.generator().peakRssKb(), out.generator().peakThreads(), r), null, 0, null, r.errorLatencyMs(), r.issueLatenessMs());
  }

  /**
   * The process over the measured phase ({@code b} to {@code a}) and, from {@code ready} (warm-up's
   * start) to {@code b}, over warm-up; peaks are those of the measured window.
   */
  private static ProcessFigures figures(ProcStats ready, ProcStats b, ProcStats a, long peakRssKb, int peakThreads,
      WorkerResult r) {
    if (b == null || a == null) {
      return null;
    }
    double user = a.userS() - b.userS();
    double sys = a.sysS() - b.sysS();
    // milliseconds of CPU per 1,000 operations = seconds * 1e6 / ops
    double perK = r.ops() > 0 ? Math.round((user + sys) * 1e6 / r.ops() * 1000) / 1000.0 : 0;
    double warmupCpu = ready == null ? 0 : b.userS() + b.sysS() - ready.userS() - ready.sysS();
    double warmupJit = ready == null ? 0 : b.jitS() - ready.jitS();
    return new ProcessFigures(round(user), round(sys), perK, Math.round(peakRssKb / 102.4) / 10.0,
        a.ctxVoluntary() - b.ctxVoluntary(), a.ctxInvoluntary() - b.ctxInvoluntary(), peakThreads,
        round(a.jitS() - b.jitS()), round(warmupCpu), round(warmupJit));
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  static List<RunRecord> okRuns(List<RunRecord> runs) {
    return runs.stream().filter(RunRecord::ok).toList();
  }

  /**
   * A service run's versions: the service's own libraries under their names, the load generator's
   * as "generator NAME", and the fixed body's fingerprint ({@link SameBodies}) as the generator saw it.
   */
  public static Map<String, String> serviceVersions(Map<String, String> service, Map<String, String> generator) {
    Map<String, String> out = new java.util.TreeMap<>(service);
    generator.forEach((k, v) -> out.put(k.equals(SameBodies.BYTES) || k.equals(SameBodies.SHA256) ? k : "generator " + k, v));
    return out;
  }
}
