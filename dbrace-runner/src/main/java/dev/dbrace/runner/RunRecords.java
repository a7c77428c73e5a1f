package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.RunRecord.ProcessFigures;
import dev.dbrace.core.result.RunRecord.ServerFigures;
import dev.dbrace.core.run.WorkerResult;
import dev.dbrace.db.postgres.ServerCounters;
import dev.dbrace.runner.fork.RunExecutor;
import dev.dbrace.runner.probe.ProcStats;
import dev.dbrace.runner.service.SameBodies;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Builds a {@link RunRecord} from a run's outcome; the run's probes add their figures after ({@link RunProbe}). */
public final class RunRecords {
  private RunRecords() {}

  /** {@code slot}'s record of a run of {@code workload} that ended as {@code out}, its latency log at {@code hlog}. */
  static RunRecord of(RunSlot slot, String workload, RunExecutor.Outcome out, Path hlog) {
    LoadModel load = slot.load();
    WorkerResult r = out.result();
    if (r == null) {
      return withAgents(RunRecord.withoutFigures(slot.stack(), workload, load, slot.purpose().label(), slot.step(),
          slot.round(), out.status(), out.message(), out.stderrTail(), null, out.wallS()), out, hlog);
    }
    Map<String, String> samples = new LinkedHashMap<>();
    r.errorSamples().forEach((k, v) -> samples.put(Secrets.redact(k), Secrets.redact(v)));
    Map<String, Long> kinds = new LinkedHashMap<>();
    r.errorsByKind().forEach((k, v) -> kinds.put(Secrets.redact(k), v));
    return withAgents(new RunRecord(slot.stack(), workload, load.describe(), load, slot.purpose().label(), slot.step(),
        slot.round(), out.status(), out.message(), out.stderrTail(), r.relabelled(r.versions(), kinds, samples),
        measured(out), null, hlog.toString(), out.wallS(), generator(out), null), out, hlog);
  }

  /**
   * A shared run's record keeps each agent's part beside the merge, its interval log relative to the results folder as
   * the run's own {@code hlog} is (the parts name theirs relative to the run's folder).
   */
  private static RunRecord withAgents(RunRecord record, RunExecutor.Outcome out, Path hlog) {
    if (out.shared() == null) {
      return record;
    }
    Path runFolder = hlog.getParent();
    List<RunRecord.AgentPart> parts = out.shared().agents().stream().map(a -> a.hlog() == null || runFolder == null ? a
        : a.withHlog(runFolder.resolve(a.hlog()).toString())).toList();
    return record.withProbes(p -> p.withAgents(parts));
  }

  /**
   * The measured process's figures: a local run's worker or service; a shared run's service, read here, or at the
   * driver level its agents' workers, which they measured.
   */
  private static ProcessFigures measured(RunExecutor.Outcome out) {
    return out.shared() != null && out.before() == null ? out.shared().process() : process(out);
  }

  /** The service level's load generator: the local worker, or a shared run's agents' workers together; else null. */
  private static ProcessFigures generator(RunExecutor.Outcome out) {
    RunExecutor.Generator g = out.generator();
    if (g != null) {
      return figures(g.ready(), g.before(), g.windowEnd(), g.after(), g.peakRssKb(), g.peakThreads(), out.result());
    }
    return out.shared() != null && out.before() != null ? out.shared().process() : null;
  }

  /** The measured process's figures of a run on this machine (an agent's part, which it reports); null without any. */
  public static RunRecord.ProcessFigures process(RunExecutor.Outcome out) {
    return out.result() == null ? null
        : figures(out.ready(), out.before(), out.windowEnd(), out.after(), out.peakRssKb(), out.peakThreads(), out.result());
  }

  /**
   * The process over the measured phase ({@code b} to {@code a}, the result) and, from {@code ready} (warm-up's
   * start) to {@code b}, over warm-up; peaks are those of the measured window. % CPU is the CPU from {@code b} to
   * {@code w} (the measured window's close; {@code a} when there is none) over the wall time between them: an
   * operation stuck through the drain stretches neither.
   */
  static ProcessFigures figures(ProcStats ready, ProcStats b, ProcStats w, ProcStats a, long peakRssKb, int peakThreads,
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
    double wallS = (a.atNanos() - b.atNanos()) / 1e9;
    ProcStats windowEnd = w != null && w.atNanos() > b.atNanos() ? w : a;
    double windowS = (windowEnd.atNanos() - b.atNanos()) / 1e9;
    double windowCpu = windowEnd.userS() + windowEnd.sysS() - b.userS() - b.sysS();
    Double cpuPercent = windowS > 0 ? Math.round(windowCpu / windowS * 1000) / 10.0 : null;
    return new ProcessFigures(round(user), round(sys), perK, Math.round(peakRssKb / 102.4) / 10.0,
        a.ctxVoluntary() - b.ctxVoluntary(), a.ctxInvoluntary() - b.ctxInvoluntary(), peakThreads,
        round(a.jitS() - b.jitS()), round(warmupCpu), round(warmupJit), a.minorFaults() - b.minorFaults(),
        a.majorFaults() - b.majorFaults(), cpuPercent, Math.round(wallS * 1000) / 1000.0,
        windowS > 0 ? Math.round(windowS * 1000) / 1000.0 : null);
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
    Map<String, String> out = new TreeMap<>(service);
    generator.forEach((k, v) -> out.put(k.equals(SameBodies.BYTES) || k.equals(SameBodies.SHA256) ? k : "generator " + k, v));
    return out;
  }
}
