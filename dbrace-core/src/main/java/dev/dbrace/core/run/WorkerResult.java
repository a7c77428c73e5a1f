package dev.dbrace.core.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Worker to runner: what one run measured, from inside the worker. The runner adds what it
 * measures from outside (process figures, server counters).
 *
 * @param issued measured operations issued; always {@code ops + errors + unfinished}
 * @param ops measured operations that completed and passed the workload's check
 * @param errors measured operations that failed (driver error or wrong result)
 * @param unfinished operations still in flight when the drain timeout expired, claimed by that cut-off: one that
 *     completes after it is not counted verified or failed as well
 * @param notIssued open loop: measured-phase arrivals not sent because the in-flight limit was reached
 * @param statements statements the measured verified operations sent to the server (an ORM's
 *     session answers a repeated find without one: {@link dev.dbrace.core.spi.OpResult#statementsSent})
 * @param ttfbMs time to first item of the measured verified operations, from the same start as
 *     {@code latencyMs}: when the answer's first complete item arrived (a streamed answer's first
 *     line; a buffered answer's last byte, so the same as its latency); null unless the stack tells
 *     it (the HTTP generator does, driver-level stacks do not)
 * @param serviceLatencyMs open loop: the measured verified operations' latency from the moment the stack got each,
 *     or from when its request left where the stack tells (latencyMs is from its intended start); null for closed
 *     loop
 * @param totalStatements statements sent by every verified operation, warm-up and pre-warm
 *     included, to compare with the server's own count
 * @param errorLatencyMs latency of the measured operations that failed, kept apart from the
 *     successes' so that fast failures do not pull the percentiles down; null when none failed
 * @param issueLatenessMs open loop: how late the generator handed each measured operation to the
 *     stack after its intended start (generator lag, not stack latency); null for closed loop
 * @param effectiveConcurrency closed loop: the virtual users that ran the measured phase, the concurrency less the
 *     warm-up operations still in flight when its window closed ({@link Warmup#inFlightAtEnd}), each of which held its
 *     user through the whole window; null for an open loop and in older results
 * @param histograms an agent's part of a shared run: the histograms its latency figures came from, so the controller
 *     can compute the run's figures from their union ({@link SharedResult}); null on one box (absent from JSON)
 */
public record WorkerResult(
    Map<String, String> versions,
    long issued,
    long ops,
    long errors,
    long unfinished,
    long notIssued,
    Map<String, Long> errorsByKind,
    Map<String, String> errorSamples,
    long statements,
    long totalStatements,
    double durationS,
    double throughputOpsS,
    Latency latencyMs,
    Latency ttfbMs,
    Latency serviceLatencyMs,
    Warmup warmup,
    Gc gc,
    String jvm,
    Latency errorLatencyMs,
    Latency issueLatenessMs,
    Integer effectiveConcurrency,
    @JsonInclude(JsonInclude.Include.NON_NULL) Histograms histograms) {

  /** The figures of a run that has none (it failed, crashed or hung): zero counts, no latency. */
  public static WorkerResult none() {
    return new WorkerResult(Map.of(), 0, 0, 0, 0, 0, Map.of(), Map.of(), 0, 0, 0, 0, null, null, null, null, null, null,
        null, null, null, null);
  }

  /**
   * The same figures with other library versions and error texts: the runner's redacted error
   * kinds and samples, a service run's versions beside the generator's.
   */
  public WorkerResult relabelled(Map<String, String> newVersions, Map<String, Long> kinds, Map<String, String> samples) {
    return new WorkerResult(newVersions, issued, ops, errors, unfinished, notIssued, kinds, samples, statements,
        totalStatements, durationS, throughputOpsS, latencyMs, ttfbMs, serviceLatencyMs, warmup, gc, jvm, errorLatencyMs,
        issueLatenessMs, effectiveConcurrency, histograms);
  }

  /** The same figures without the histograms they came from (an agent's part, once merged: race.json keeps figures). */
  public WorkerResult withoutHistograms() {
    return new WorkerResult(versions, issued, ops, errors, unfinished, notIssued, errorsByKind, errorSamples, statements,
        totalStatements, durationS, throughputOpsS, latencyMs, ttfbMs, serviceLatencyMs, warmup, gc, jvm, errorLatencyMs,
        issueLatenessMs, effectiveConcurrency, null);
  }

  /**
   * The warm-up phase at the run's own load, excluded from every other figure: its operations, latency and duration
   * cover the same span. The JIT's share of it is measured from outside, from the compiler threads' CPU
   * (RunRecord.ProcessFigures).
   *
   * @param ops warm-up operations verified
   * @param errors warm-up operations failed
   * @param durationS how long it lasted (an open loop: its seconds at the offered rate, after the pre-warm)
   * @param latencyMs the verified warm-up operations' latency
   * @param ended why warm-up ended: {@code settled} (steady: compiler quiet and throughput flat),
   *     {@code cap} (the --warmup-max cap was reached before that) or {@code fixed} (a fixed
   *     --warmup duration); an open loop's by its pre-warm, which the rule ends; null in results written before
   *     warm-up rules existed, or without warm-up
   * @param prewarm an open loop's flat-out pre-warm before that; null for a closed loop, without warm-up and in
   *     results written before it was reported apart (then {@code durationS} included it)
   * @param inFlightAtSwitch warm-up operations still in flight when measuring started (a closed loop's users all are,
   *     for a moment); null in older results
   * @param oldestInFlightMs the oldest of those's age then, from its issue (closed loop) or intended start (open
   *     loop); 0 when none; null in older results
   * @param inFlightAtEnd warm-up operations still in flight when the measured window closed: each was in flight
   *     through the whole window, holding a virtual user (closed loop) or an in-flight slot, and whatever of the stack
   *     it held (a connection), and is in none of the measured figures; null in older results
   */
  public record Warmup(long ops, long errors, double durationS, Latency latencyMs, String ended, PreWarm prewarm,
      Long inFlightAtSwitch, Double oldestInFlightMs, Long inFlightAtEnd) {}

  /**
   * An open loop's pre-warm: a closed loop flat out before its arrivals start, until the warm-up rule ends it (see
   * WorkerMain), so that a low offered rate does not measure the JIT.
   *
   * @param durationS how long it lasted
   * @param ops its operations verified
   * @param errors its operations failed
   * @param unfinished its operations still in flight when its drain timed out, which may hold the stack's
   *     connections into the open loop's warm-up and measured phase
   */
  public record PreWarm(double durationS, long ops, long errors, long unfinished) {}

  /**
   * The histograms (nanoseconds) an agent's latency figures came from, each HdrHistogram's compressed encoding in
   * Base64; null where the figure is. Each is the same histogram {@code ResultBuilder} ranked: {@code measured} is
   * the interval log's measured total (verified operations and the unfinished ones' ages), {@code unfinished} those
   * ages alone, {@code warmup} the warm-up's total.
   */
  public record Histograms(String measured, String unfinished, String errors, String service, String lateness,
      String firstItem, String warmup) {

    /** {@code h} encoded; null for null. */
    public static String encode(Histogram h) {
      if (h == null) {
        return null;
      }
      ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
      int length = h.encodeIntoCompressedByteBuffer(buffer);
      return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram {@link #encode} gave; null for null. */
    public static Histogram decode(String encoded) {
      if (encoded == null) {
        return null;
      }
      try {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
      } catch (DataFormatException e) {
        throw new IllegalArgumentException("not an encoded histogram: " + e.getMessage(), e);
      }
    }
  }

  /** Garbage collection during the measured phase. */
  public record Gc(long count, long timeMs, String collectors) {}
}
