package dev.dbrace.runner.shared;

import dev.dbrace.core.load.Share;
import dev.dbrace.core.result.RunRecord.ProcessFigures;
import dev.dbrace.core.run.RunStatus;
import dev.dbrace.core.run.WorkerResult;
import java.util.List;
import java.util.Map;

/**
 * What an agent reports of its part of a shared run, once its worker ended: the same as a run on one box reports,
 * measured on the agent (its /proc, its clock), with the histograms the merge needs and the run's files.
 *
 * @param agent the agent's id; {@code host} its name and address as it announced them
 * @param status how its part ended; {@code message} why, where not ok (passwords already redacted on the agent)
 * @param result its worker's figures with their histograms ({@link WorkerResult#histograms}); null when it has none
 * @param process its worker's process over the measured phase; null when it has none
 * @param measureStartMicros when its worker's measured phase began, in µs since the epoch on the agent's clock; null
 *     when it never did
 * @param files the run's files the worker wrote (the interval log and its companions), by name, Base64
 */
public record PartReport(String agent, String host, Share share, RunStatus status, String message, WorkerResult result,
    ProcessFigures process, List<String> stderrTail, double wallS, Long measureStartMicros, Map<String, String> files) {

  public PartReport {
    stderrTail = stderrTail == null ? List.of() : List.copyOf(stderrTail);
    files = files == null ? Map.of() : Map.copyOf(files);
  }

  /** The part of an agent that left the cluster (or stopped answering) before it reported: nothing of it is known. */
  public static PartReport lost(String agent, String host, Share share, String why) {
    return new PartReport(agent, host, share, RunStatus.CRASHED, why, null, null, List.of(), 0, null, Map.of());
  }

  /**
   * Where the controller keeps this part's files, relative to the run's folder: {@code agents/<n>-<address>}, the part's
   * number from 1 and the agent's address (the last part of {@code host}, {@code name/address}).
   */
  public String folder() {
    return "agents/" + (share.index() + 1) + "-" + host.substring(host.lastIndexOf('/') + 1);
  }

  boolean measured() {
    return status == RunStatus.OK && result != null && result.histograms() != null;
  }
}
