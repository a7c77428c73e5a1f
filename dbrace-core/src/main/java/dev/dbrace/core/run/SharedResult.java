package dev.dbrace.core.run;

import dev.dbrace.core.run.WorkerResult.Histograms;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * The figures of a run that agents shared, from their parts' results ({@link WorkerResult#histograms} set): counts
 * summed; every latency figure computed from the union of the parts' histograms exactly as one box computes it from
 * its own ({@link ResultBuilder#latency}: the refused arrivals of all parts ranked worst), never an average of
 * percentiles; throughput the sum of the parts' (each over its own window of the same length); the measured duration
 * the longest part's.
 */
public final class SharedResult {
  private SharedResult() {}

  /** The run's figures from {@code parts}, each an agent's result with its histograms. */
  public static WorkerResult merge(List<WorkerResult> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no parts to merge");
    }
    for (WorkerResult p : parts) {
      Objects.requireNonNull(p.histograms(), "a part without histograms cannot be merged exactly");
    }
    WorkerResult first = parts.getFirst();
    long notIssued = sum(parts, WorkerResult::notIssued);
    Histogram measured = union(parts, Histograms::measured);
    Histogram unfinished = union(parts, Histograms::unfinished);
    Histogram errors = union(parts, Histograms::errors);
    Histogram service = union(parts, Histograms::service);
    Histogram lateness = union(parts, Histograms::lateness);
    Histogram firstItem = union(parts, Histograms::firstItem);
    return new WorkerResult(
        first.versions(),
        sum(parts, WorkerResult::issued),
        sum(parts, WorkerResult::ops),
        sum(parts, WorkerResult::errors),
        sum(parts, WorkerResult::unfinished),
        notIssued,
        sumMaps(parts),
        samples(parts),
        sum(parts, WorkerResult::statements),
        sum(parts, WorkerResult::totalStatements),
        parts.stream().mapToDouble(WorkerResult::durationS).max().orElse(0),
        Math.round(parts.stream().mapToDouble(WorkerResult::throughputOpsS).sum() * 1000) / 1000.0,
        measured == null ? null : ResultBuilder.latency(measured, unfinished, notIssued),
        firstItem == null ? null : ResultBuilder.latency(firstItem, null, notIssued),
        service == null ? null : Latency.of(service),
        warmup(parts),
        gc(parts),
        first.jvm(),
        errors == null ? null : Latency.of(errors),
        lateness == null ? null : Latency.of(lateness),
        parts.stream().allMatch(p -> p.effectiveConcurrency() != null)
            ? parts.stream().mapToInt(WorkerResult::effectiveConcurrency).sum() : null,
        null);
  }

  private static long sum(List<WorkerResult> parts, ToLongFunction<WorkerResult> figure) {
    return parts.stream().mapToLong(figure).sum();
  }

  /** The union of the parts' histograms of one figure; null when no part has it. */
  private static Histogram union(List<WorkerResult> parts, Function<Histograms, String> figure) {
    Histogram union = null;
    for (WorkerResult p : parts) {
      Histogram h = Histograms.decode(figure.apply(p.histograms()));
      if (h == null) {
        continue;
      }
      if (union == null) {
        union = h;
        union.setAutoResize(true);
      } else {
        union.add(h);
      }
    }
    return union;
  }

  private static Map<String, Long> sumMaps(List<WorkerResult> parts) {
    Map<String, Long> kinds = new LinkedHashMap<>();
    for (WorkerResult p : parts) {
      p.errorsByKind().forEach((k, v) -> kinds.merge(k, v, Long::sum));
    }
    return kinds;
  }

  /** One sample per error kind: the first part's that has one. */
  private static Map<String, String> samples(List<WorkerResult> parts) {
    Map<String, String> samples = new LinkedHashMap<>();
    for (WorkerResult p : parts) {
      p.errorSamples().forEach(samples::putIfAbsent);
    }
    return samples;
  }

  /**
   * The parts' warm-ups: operations summed, the latency of their union, the longest's duration, and why the last to
   * settle ended ({@code cap} where any part hit its cap: the shared measured phase began when every part was ready).
   */
  private static WorkerResult.Warmup warmup(List<WorkerResult> parts) {
    if (parts.stream().anyMatch(p -> p.warmup() == null)) {
      return null;
    }
    Histogram union = union(parts, Histograms::warmup);
    List<WorkerResult.Warmup> w = parts.stream().map(WorkerResult::warmup).toList();
    String ended = w.stream().map(WorkerResult.Warmup::ended).filter(WarmupRule.CAP::equals).findFirst()
        .orElse(w.getFirst().ended());
    WorkerResult.PreWarm preWarm = w.stream().allMatch(x -> x.prewarm() != null)
        ? new WorkerResult.PreWarm(w.stream().mapToDouble(x -> x.prewarm().durationS()).max().orElse(0),
            w.stream().mapToLong(x -> x.prewarm().ops()).sum(), w.stream().mapToLong(x -> x.prewarm().errors()).sum(),
            w.stream().mapToLong(x -> x.prewarm().unfinished()).sum())
        : null;
    return new WorkerResult.Warmup(w.stream().mapToLong(WorkerResult.Warmup::ops).sum(),
        w.stream().mapToLong(WorkerResult.Warmup::errors).sum(),
        w.stream().mapToDouble(WorkerResult.Warmup::durationS).max().orElse(0),
        union == null ? null : Latency.of(union), ended, preWarm,
        PartSums.sumOrNull(w, WorkerResult.Warmup::inFlightAtSwitch),
        PartSums.maxOrNull(w, WorkerResult.Warmup::oldestInFlightMs),
        PartSums.sumOrNull(w, WorkerResult.Warmup::inFlightAtEnd));
  }

  /** Collections and their time summed over the parts' JVMs. */
  private static WorkerResult.Gc gc(List<WorkerResult> parts) {
    if (parts.stream().anyMatch(p -> p.gc() == null)) {
      return null;
    }
    return new WorkerResult.Gc(parts.stream().mapToLong(p -> p.gc().count()).sum(),
        parts.stream().mapToLong(p -> p.gc().timeMs()).sum(), parts.getFirst().gc().collectors());
  }
}
