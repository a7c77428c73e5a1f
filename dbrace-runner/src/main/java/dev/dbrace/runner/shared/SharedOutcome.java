package dev.dbrace.runner.shared;

import dev.dbrace.core.result.RunRecord.AgentPart;
import dev.dbrace.core.result.RunRecord.ProcessFigures;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.SharedResult;
import dev.dbrace.core.run.WorkerResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A shared run's outcome from its parts' reports. Every part ok: the run is ok and its figures are the merge of all
 * ({@link SharedResult}: counts summed, latency from the union of histograms; the agents' worker processes summed).
 * Some parts lost or failed while others measured: the run is {@code degraded}, naming each missing part and why, with
 * the others' figures merged and kept (the verdict leaves it out: its load was a part of the asked one). No part
 * measured: the run has the first failed part's status and message. Ctrl-C on the controller: {@code interrupted},
 * the figures measured until then kept.
 *
 * @param agents each part's own figures and host, in the order of the parts; their interval logs relative to the run's
 *     folder ({@link PartReport#folder}), where the controller keeps each part's files
 */
public record SharedOutcome(RunStatus status, String message, WorkerResult result, ProcessFigures process,
    List<AgentPart> agents, double wallS) {

  /** A part's interval log among its files, as its worker names it. */
  public static final String LATENCY_LOG = "latency.hlog";

  /**
   * The outcome of {@code reports} (one per part, lost ones included), the controller's go at {@code go} (null when it
   * never came), {@code interrupted} when the controller was stopped (Ctrl-C) during the run.
   */
  public static SharedOutcome of(List<PartReport> reports, Instant go, boolean interrupted) {
    List<PartReport> parts = reports.stream().sorted(Comparator.comparingInt(r -> r.share().index())).toList();
    List<PartReport> measured = parts.stream().filter(PartReport::measured).toList();
    List<PartReport> missing = parts.stream().filter(r -> !r.measured()).toList();
    List<AgentPart> agents = new ArrayList<>();
    for (PartReport r : parts) {
      Double skew = go == null || r.measureStartMicros() == null ? null
          : (r.measureStartMicros() - micros(go)) / 1e3;
      agents.add(new AgentPart(r.agent(), r.host(), r.share().index(), r.share().of(), r.status(), r.message(),
          r.result() == null ? null : r.result().withoutHistograms(), r.process(), skew,
          r.files().containsKey(LATENCY_LOG) ? r.folder() + "/" + LATENCY_LOG : null));
    }
    double wall = parts.stream().mapToDouble(PartReport::wallS).max().orElse(0);
    if (measured.isEmpty()) {
      PartReport first = missing.getFirst();
      // a part that ended ok without the histograms a merge needs is no figure either
      RunStatus status = interrupted ? RunStatus.INTERRUPTED : first.status() == RunStatus.OK ? RunStatus.FAILED
          : first.status();
      return new SharedOutcome(status, describe(missing), null, null, agents, wall);
    }
    WorkerResult merged = SharedResult.merge(measured.stream().map(PartReport::result).toList());
    ProcessFigures process = ProcessFigures.sum(measured.stream().map(PartReport::process).toList(), merged.ops());
    if (interrupted) {
      return new SharedOutcome(RunStatus.INTERRUPTED, "interrupted (Ctrl-C); the figures are those measured until then",
          merged, process, agents, wall);
    }
    if (missing.isEmpty()) {
      return new SharedOutcome(RunStatus.OK, null, merged, process, agents, wall);
    }
    return new SharedOutcome(RunStatus.DEGRADED, describe(missing) + "; the figures are the other " + measured.size()
        + " agent" + (measured.size() == 1 ? "'s" : "s'") + " (" + measured.size() + " of " + parts.size()
        + " parts of the load)", merged, process, agents, wall);
  }

  /** {@code t} in µs since the epoch. */
  public static long micros(Instant t) {
    return t.getEpochSecond() * 1_000_000 + t.getNano() / 1_000;
  }

  /** "agent a1 (host) left the cluster during the run; agent a2 (host): worker exited with code 1 …" */
  private static String describe(List<PartReport> missing) {
    List<String> lines = new ArrayList<>();
    for (PartReport r : missing) {
      lines.add("agent " + r.agent() + " (" + r.host() + ", part " + (r.share().index() + 1) + " of " + r.share().of()
          + "): " + r.status() + (r.message() == null ? "" : ", " + r.message())
          + (r.status() == RunStatus.OK ? ", without the histograms its figures merge from" : ""));
    }
    return String.join("; ", lines);
  }
}
