package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Tls;
import dev.dbrace.runner.CapacityRule.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Finds each stack's capacity: the highest open-loop rate at which it keeps the SLA (latency
 * percentile within target, errors plus arrivals not issued under the budget).
 *
 * <p>Per stack a short closed-loop probe gives the throughput X the stack reaches flat out; the
 * open-loop rates tried from there, and the best-two-of-three rule that judges each, are
 * {@link CapacityRule}'s. A step is long enough for the percentile asked: at least
 * {@link #minOps} operations (10 / (1 - q): 1,000 for p99, 10,000 for p99.9), the step lengthened
 * up to {@link #MAX_STEP_FACTOR} times {@code --step-duration} where the rate needs it; a rate that
 * would need more is not run and the answer says "too few operations". The answer is stated with
 * its bracket: the capacity is at least the rate that held and below the one that missed. Every run
 * warms up by the race's rule ({@code --warmup auto} unless given); the answer says how many of a
 * stack's runs hit the warm-up's cap instead of settling, and at which rates.
 */
public final class CapacitySearch implements RacePlan {
  /** Runs a stack's search typically takes (probe, then some seven rates at two runs each); for the ETA only. */
  static final int TYPICAL_RUNS = 1 + 7 * 2;
  /** How far a step is lengthened, at most, to reach the operations its percentile needs. */
  static final int MAX_STEP_FACTOR = 10;
  /** Operations offered over what the percentile needs, so a few still in flight at the end do not leave it short. */
  static final double OPS_MARGIN = 1.1;

  /** The open-loop model of a step at {@code rate} measured for {@code durationMs}. */
  @FunctionalInterface
  public interface OpenAt {
    LoadModel.Open at(double rate, long durationMs);
  }

  private final Race.Sla sla;
  private final long stepMs;
  private final int probeConcurrency;
  private final double precision;
  private final OpenAt openAt;
  private final List<Race.Capacity> verdicts = new ArrayList<>();
  private int pool;

  /**
   * @param openAt the open-loop model of a step at a given rate and duration (in-flight limit, arrivals)
   * @param precision the bracket width, relative to the failing rate, at which the search stops
   */
  public CapacitySearch(Race.Sla sla, long stepMs, int probeConcurrency, double precision, OpenAt openAt) {
    this.sla = sla;
    this.stepMs = stepMs;
    this.probeConcurrency = probeConcurrency;
    this.precision = precision;
    this.openAt = openAt;
  }

  @Override
  public String kind() {
    return "capacity";
  }

  public List<Race.Capacity> verdicts() {
    return List.copyOf(verdicts);
  }

  /**
   * The operations a step needs for the SLA's percentile q to rest on at least ten operations
   * beyond it: 10 / (1 - q), i.e. 20 for p50, 100 for p90, 1,000 for p99, 10,000 for p99.9.
   */
  public static long minOps(Race.Sla sla) {
    double tail = switch (sla.percentile()) {
      case "p50" -> 0.5;
      case "p90" -> 0.1;
      case "p99" -> 0.01;
      case "p999" -> 0.001;
      default -> throw new IllegalStateException("unknown percentile " + sla.percentile());
    };
    return Math.round(10 / tail);
  }

  /**
   * How long a step at {@code rate} must measure to be offered the operations the percentile needs:
   * {@code stepMs}, or longer; -1 when that would exceed {@link #MAX_STEP_FACTOR} x {@code stepMs}.
   */
  static long stepMsFor(double rate, long stepMs, long minOps) {
    long needed = (long) Math.ceil(OPS_MARGIN * minOps / rate * 1000);
    long ms = Math.max(stepMs, needed);
    return ms > MAX_STEP_FACTOR * stepMs ? -1 : ms;
  }

  @Override
  public void execute(RaceRunner runner) throws IOException, InterruptedException {
    pool = runner.settings().setup().pool();
    List<String> stacks = runner.settings().subjects().stacks();
    for (int i = 0; i < stacks.size(); i++) {
      Race.Capacity c = search(runner, stacks.get(i), (stacks.size() - i - 1) * TYPICAL_RUNS);
      verdicts.add(c);
      runner.store().capacity(verdicts);
      runner.store().save(runner.snapshot());
      runner.note(c.stack() + ": " + c.verdict());
    }
  }

  /** One stack's search; {@code laterRuns} is the estimate for the stacks after it (ETA). */
  private Race.Capacity search(RaceRunner runner, String stack, int laterRuns) throws IOException, InterruptedException {
    RunRecord probe = runner.run(RunSlot.of(runner.settings(), stack, new LoadModel.Closed(0, stepMs, probeConcurrency),
        RunSlot.Purpose.PROBE, 0, 1), TYPICAL_RUNS - 1 + laterRuns);
    List<String> unsettled = new ArrayList<>();
    if (StackRounds.unsettled(probe)) {
      unsettled.add("the probe");
    }
    String workload = runner.settings().loadPlan().workload().name();
    if (RacePlan.broken(probe) || probe.result().ops() == 0) {
      return new Race.Capacity(stack, workload, null, null, null, 1,
          "no capacity found: the closed-loop probe " + (probe.ok() ? "completed no operation" : probe.status()
              + (probe.message() == null ? "" : " (" + probe.message() + ")")) + notSettled(unsettled, 1),
          unsettled.size());
    }
    double x = probe.result().throughputOpsS();
    Steps steps = new Steps(runner, stack, laterRuns, unsettled);
    CapacityRule.Bracket b = CapacityRule.search(x, precision, steps::run);
    int runs = b.runs() + 1;
    return new Race.Capacity(stack, workload, b.held(), b.missed(), x, runs,
        verdict(b.held(), b.missed(), b.tooFew()) + notSettled(unsettled, runs), unsettled.size());
  }

  /**
   * The verdict's clause for runs whose warm-up hit its cap ({@code unsettled}: "the probe" or their
   * rates, in order; empty: none), of {@code runs}: a capacity drawn from them may be the JIT's.
   */
  static String notSettled(List<String> unsettled, int runs) {
    if (unsettled.isEmpty()) {
      return "";
    }
    return String.format(Locale.ROOT, "; warm-up not settled (hit its cap) in %d of %d runs (%s): their figures may"
        + " include the JIT's work, a longer --warmup-max takes it out", unsettled.size(), runs,
        String.join(", ", unsettled.stream().distinct().toList()));
  }

  /** One stack's answer in a sentence, with its bracket. */
  String verdict(Double held, Double missed, Double tooFew) {
    String target = sla.describe();
    long need = minOps(sla);
    String few = tooFew == null ? "" : String.format(Locale.ROOT,
        "; too few operations below: at %,.0f ops/s a step of at most %s gives fewer than the %,d operations %s needs",
        tooFew, Durations.human(MAX_STEP_FACTOR * stepMs / 1000.0), need, percentileName());
    if (held == null && missed == null) {
      return "no capacity found" + few + " (a longer --step-duration reaches them)";
    }
    if (held == null) {
      return String.format(Locale.ROOT, "misses %s even at %,.0f ops/s", target, missed) + few;
    }
    if (missed == null) {
      return String.format(Locale.ROOT, "holds %s at every rate tried, up to %,.0f ops/s (the search's ceiling)",
          target, held);
    }
    return String.format(Locale.ROOT, "holds %s up to %,.0f ops/s; misses it at %,.0f ops/s (bracket %.0f %%)",
        target, held, missed, (missed - held) / missed * 100);
  }

  private String percentileName() {
    return sla.percentile().equals("p999") ? "p99.9" : sla.percentile();
  }

  /**
   * The search's conclusion: each stack's bracket, who holds more and by how much (or that their
   * brackets overlap), the SLA, the pool and TLS, every figure from the search's own verdicts and runs.
   */
  @Override
  public dev.dbrace.core.result.Verdict verdict(List<RunRecord> runs, Race.Sla raceSla) {
    if (verdicts.isEmpty()) {
      return null;
    }
    dev.dbrace.core.result.Verdict.Dimension d = dimension(verdicts);
    return new dev.dbrace.core.result.Verdict(paragraph(verdicts, runs, raceSla, pool), d == null ? List.of() : List.of(d));
  }

  /**
   * The capacities as a verdict dimension: the stack that held the highest rate leads, and its lead is supported
   * when its bracket clears every other stack's (each rate judged best two of three); a stack whose bracket
   * overlaps the leader's is within the noise. Null when no stack held any rate.
   */
  static dev.dbrace.core.result.Verdict.Dimension dimension(List<Race.Capacity> verdicts) {
    Race.Capacity top = best(verdicts);
    if (top == null) {
      return null;
    }
    List<Race.Capacity> others = verdicts.stream().filter(c -> c != top && c.capacityOpsS() != null)
        .sorted(Comparator.comparingDouble(Race.Capacity::capacityOpsS).reversed()).toList();
    List<String> noise = new ArrayList<>(List.of(top.stack()));
    List<String> behind = new ArrayList<>();
    others.forEach(c -> (top.bracketsOverlap(c) ? noise : behind).add(c.stack()));
    Map<String, Double> medians = new LinkedHashMap<>();
    medians.put(top.stack(), top.capacityOpsS());
    others.forEach(c -> medians.put(c.stack(), c.capacityOpsS()));
    Map<String, String> excluded = new LinkedHashMap<>();
    verdicts.stream().filter(c -> c.capacityOpsS() == null).forEach(c -> excluded.put(c.stack(), "held the SLA at no rate tried"));
    Race.Capacity next = others.isEmpty() ? null : others.getFirst();
    return new dev.dbrace.core.result.Verdict.Dimension("capacity", "ops/s within the SLA", true, null, top.stack(),
        next == null ? null : next.stack(), next == null ? null : top.capacityOpsS() / next.capacityOpsS(),
        next != null && noise.size() == 1, null, null, 1, noise, behind, excluded, medians);
  }

  /** The verdict paragraph of {@code verdicts}, the TLS of each stack read from its {@code runs}. */
  static String paragraph(List<Race.Capacity> verdicts, List<RunRecord> runs, Race.Sla raceSla, int pool) {
    Map<String, String> tls = new LinkedHashMap<>();
    for (Race.Capacity c : verdicts) {
      tls.put(c.stack(), tlsOf(runs.stream().filter(r -> r.stack().equals(c.stack())).toList()));
    }
    boolean oneTls = tls.values().stream().distinct().count() == 1;
    StringBuilder sb = new StringBuilder("Capacity within " + raceSla.describe() + " (pool " + pool
        + (oneTls ? ", " + tls.values().iterator().next() : "") + "): ");
    sb.append(verdicts.stream().map(c -> c.stack() + ": " + bracket(c) + (oneTls ? "" : " (" + tls.get(c.stack()) + ")")
        + (c.notSettled() == 0 ? "" : ", warm-up not settled in " + c.notSettled() + " of " + c.steps() + " runs"))
        .collect(Collectors.joining("; ")));
    sb.append('.');
    Race.Capacity top = best(verdicts);
    if (top == null) {
      sb.append(verdicts.size() == 1 ? " It held the SLA at no rate tried." : " None held the SLA at any rate tried.");
    } else {
      for (Race.Capacity c : verdicts) {
        if (c != top) {
          sb.append(' ').append(compare(top, c)).append('.');
        }
      }
    }
    return sb.toString();
  }

  /** A stack's bracket in words: "holds 4,800, misses 5,200 ops/s", "at least 4,800 ops/s", "misses even 300 ops/s". */
  static String bracket(Race.Capacity c) {
    Double held = c.capacityOpsS();
    Double missed = c.failingOpsS();
    if (held == null && missed == null) {
      return "no capacity found";
    }
    if (held == null) {
      return String.format(Locale.ROOT, "misses even %,.0f ops/s", missed);
    }
    if (missed == null) {
      return String.format(Locale.ROOT, "at least %,.0f ops/s (nothing tried missed)", held);
    }
    return String.format(Locale.ROOT, "holds %,.0f, misses %,.0f ops/s", held, missed);
  }

  /** The stack with the highest rate held; null when none held any. */
  public static Race.Capacity best(List<Race.Capacity> verdicts) {
    return verdicts.stream().filter(c -> c.capacityOpsS() != null)
        .max(Comparator.comparingDouble(Race.Capacity::capacityOpsS)).orElse(null);
  }

  /**
   * How {@code top} compares with {@code other}: "within the brackets" when the two brackets
   * overlap (neither can be said to hold more), else the range of the ratio the brackets allow,
   * from top's held rate over other's missed one to top's missed over other's held.
   */
  public static String compare(Race.Capacity top, Race.Capacity other) {
    if (top.bracketsOverlap(other)) {
      return top.stack() + " and " + other.stack() + " are within the brackets: neither holds more at this precision";
    }
    double low = top.capacityOpsS() / other.failingOpsS(); // other's bracket lies wholly below top's
    Double high = top.failingOpsS() == null || other.capacityOpsS() == null || other.capacityOpsS() <= 0 ? null
        : top.failingOpsS() / other.capacityOpsS();
    return high == null
        ? String.format(Locale.ROOT, "%s holds more than %.2fx the rate %s does", top.stack(), low, other.stack())
        : String.format(Locale.ROOT, "%s holds %.2fx to %.2fx the rate %s does", top.stack(), low, high, other.stack());
  }

  /** TLS of a stack's runs as the server saw them: "TLS on", "TLS off", "TLS mixed" or "TLS unknown". */
  static String tlsOf(List<RunRecord> runs) {
    List<Tls> seen = runs.stream().map((RunRecord r) -> r.probes().tls()).distinct().toList();
    if (seen.isEmpty() || seen.contains(null)) {
      return "TLS unknown";
    }
    return seen.size() > 1 || seen.get(0) == Tls.MIXED ? "TLS mixed" : seen.get(0) == Tls.ON ? "TLS on" : "TLS off";
  }

  /** The open-loop runs of one stack's search. */
  private final class Steps {
    private final RaceRunner runner;
    private final String stack;
    private final int laterRuns;
    private final long need = minOps(sla);
    int count;
    private Double lastRate;
    private final List<Boolean> atRate = new ArrayList<>();
    /** The rates of runs whose warm-up hit its cap, added to as they run. */
    private final List<String> unsettled;

    Steps(RaceRunner runner, String stack, int laterRuns, List<String> unsettled) {
      this.runner = runner;
      this.stack = stack;
      this.laterRuns = laterRuns;
      this.unsettled = unsettled;
    }

    /** One run at {@code rate}, long enough for the percentile, or TOO_FEW without running. */
    Outcome run(double rate) throws IOException, InterruptedException {
      long ms = stepMsFor(rate, stepMs, need);
      if (ms < 0) {
        runner.note(String.format(Locale.ROOT, "%s: %,.0f ops/s not tried: a step of at most %s gives fewer than the"
            + " %,d operations %s needs", stack, rate, Durations.human(MAX_STEP_FACTOR * stepMs / 1000.0), need, percentileName()));
        return Outcome.TOO_FEW;
      }
      if (!Objects.equals(lastRate, rate)) {
        lastRate = rate;
        atRate.clear();
      } else if (atRate.size() == 2) {
        runner.note(String.format(Locale.ROOT, "%s at %,.0f ops/s: the runs split (%s); a third decides (best two of three)",
            stack, rate, atRate.stream().map(h -> h ? "held" : "missed").collect(Collectors.joining(", "))));
      }
      count++;
      int left = Math.max(0, TYPICAL_RUNS - 1 - count) + laterRuns;
      RunRecord r = runner.run(RunSlot.of(runner.settings(), stack, openAt.at(rate, ms), RunSlot.Purpose.CAPACITY, count, 1), left);
      if (StackRounds.unsettled(r)) {
        unsettled.add(String.format(Locale.ROOT, "%,.0f ops/s", rate));
      }
      boolean held = sla.metBy(r);
      if (held && r.result().ops() < need) {
        runner.note(String.format(Locale.ROOT, "%s at %,.0f ops/s: only %,d operations completed, fewer than the %,d"
            + " %s needs: counted as a miss", stack, rate, r.result().ops(), need, percentileName()));
        held = false;
      }
      atRate.add(held);
      return held ? Outcome.HELD : Outcome.MISSED;
    }
  }
}
