package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.core.result.Tls;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A race's conclusion in one paragraph, for the console, race.json and the top of the report.
 * Every figure in it comes from the runs (medians over the rounds, with their ranges), and it
 * says whether the rounds agree: a lead is only stated as a lead when the leader's range stays
 * clear of the others'; overlapping ranges are called noise. Only runs that finished ok count.
 * Pure: no I/O, so it is tested on recorded runs.
 */
public final class Verdict {
  private Verdict() {}

  /**
   * A plain race's verdict: who led on throughput and by how much, CPU per operation, and the settings.
   *
   * @param threads jdbc-platform's executor threads; 0 where they do not apply (the service level)
   */
  static String race(List<RunRecord> runs, int pool, int threads) {
    List<StackRounds> stacks = StackRounds.group(runs);
    List<StackRounds> measured = stacks.stream().filter(StackRounds::hasFigures).toList();
    if (measured.isEmpty()) {
      return "no stack finished a run with figures, so there is no verdict.";
    }
    List<String> parts = new ArrayList<>();
    parts.add(throughputLead(measured));
    String firstItem = firstItem(measured);
    if (firstItem != null) {
      parts.add(firstItem);
    }
    String cpu = cpuRatio(measured);
    if (cpu != null) {
      parts.add(cpu);
    }
    String missing = notCompared(stacks);
    if (missing != null) {
      parts.add(missing);
    }
    parts.add(holdsFor(runs, pool, threads));
    return String.join(". ", parts) + ".";
  }

  /**
   * A curve's verdict: where each stack's throughput peaks (and the steps whose rounds' range reaches
   * the peak's, which are within its noise), who leads at each load (throughput on a
   * closed loop; on an open loop, where every stack is offered the same rate, the lower latency at
   * the SLA's percentile, else p99), and the settings.
   */
  static String curve(List<RunRecord> runs, Race.Sla sla, int pool, int threads) {
    return curve(runs, sla, pool, threads, null);
  }

  /**
   * The same for a curve over {@code sweep}: over a pool or threads sweep, "where" is the step's
   * setting (every step has the same load), and each step is led on throughput or latency as its load says.
   */
  static String curve(List<RunRecord> runs, Race.Sla sla, int pool, int threads, CurvePlan.Sweep sweep) {
    List<StackRounds> all = StackRounds.group(runs);
    if (all.stream().noneMatch(StackRounds::hasFigures)) {
      return "no stack finished a step with figures, so there is no verdict.";
    }
    List<String> parts = new ArrayList<>();
    Map<String, List<StackRounds>> byStack = new LinkedHashMap<>();
    all.stream().filter(StackRounds::hasFigures).forEach(s -> byStack.computeIfAbsent(s.stack(), k -> new ArrayList<>()).add(s));
    parts.add("Peaks: " + byStack.values().stream().map(points -> {
      StackRounds peak = points.stream().max(Comparator.comparingDouble(p -> p.throughput().median())).orElseThrow();
      // with rounds, a step whose range reaches the peak's is not shown to be below it
      List<String> close = points.stream().filter(p -> p != peak && p.throughput().n() > 1 && peak.throughput().n() > 1
          && p.throughput().overlaps(peak.throughput())).map(p -> where(p, sweep)).toList();
      return fmt("%s %,.0f ops/s at %s", peak.stack(), peak.throughput().median(), where(peak, sweep))
          + (close.isEmpty() ? "" : " (within the noise of " + join(close) + ")");
    }).collect(Collectors.joining("; ")));
    Map<String, List<StackRounds>> byLoad = new LinkedHashMap<>();
    all.stream().sorted(Comparator.comparingDouble(s -> s.model() == null ? 0 : CurvePlan.x(s.model())))
        .forEach(s -> byLoad.computeIfAbsent(s.load() + " " + StackRounds.setting(s.runs().getFirst(), sweep),
            k -> new ArrayList<>()).add(s));
    List<String> leads = new ArrayList<>();
    for (List<StackRounds> point : byLoad.values()) {
      List<StackRounds> m = point.stream().filter(StackRounds::hasFigures).toList();
      if (m.isEmpty()) {
        continue;
      }
      String at = where(m.getFirst(), sweep);
      if (m.size() == 1) {
        leads.add("at " + at + " only " + m.getFirst().stack() + " has figures");
      } else if (m.getFirst().model() instanceof LoadModel.Open) {
        String pct = sla == null ? "p99" : sla.percentile();
        leads.add("at " + at + " " + lead(m, s -> s.spread(r -> latency(r, sla)), false, pct.equals("p999") ? "p99.9" : pct, "ms"));
      } else {
        leads.add("at " + at + " " + lead(m, StackRounds::throughput, true, "throughput", "ops/s"));
      }
    }
    if (!leads.isEmpty()) {
      parts.add("Lead: " + String.join("; ", leads));
    }
    String missing = notCompared(all);
    if (missing != null) {
      parts.add(missing);
    }
    parts.add(holdsFor(runs, pool, threads));
    return String.join(". ", parts) + ".";
  }

  /** The throughput leader against the next stack, or the stacks within the leader's noise. */
  private static String throughputLead(List<StackRounds> measured) {
    if (measured.size() == 1) {
      StackRounds only = measured.getFirst();
      return fmt("only %s has figures: %,.0f ops/s%s", only.stack(), only.throughput().median(), rounds(only.throughput()));
    }
    List<StackRounds> order = measured.stream()
        .sorted(Comparator.comparingDouble((StackRounds s) -> s.throughput().median()).reversed()).toList();
    StackRounds lead = order.get(0);
    StackRounds next = order.get(1);
    Spread l = lead.throughput();
    Spread n = next.throughput();
    List<StackRounds> noise = order.stream().skip(1).filter(s -> s.throughput().overlaps(l)).toList();
    boolean single = order.stream().allMatch(s -> s.throughput().n() == 1);
    int rounds = order.stream().mapToInt(s -> s.throughput().n()).max().orElse(1);
    if (!noise.isEmpty() && !single) {
      List<String> names = new ArrayList<>(List.of(lead.stack()));
      noise.forEach(s -> names.add(s.stack()));
      return fmt("%s %s within the noise: their ranges overlap (%s ops/s over %d rounds; %s %.2fx %s at the median)",
          join(names), names.size() == 2 ? "are" : "are all",
          order.stream().filter(s -> s == lead || noise.contains(s))
              .map(s -> s.stack() + " " + range(s.throughput())).collect(Collectors.joining(", ")),
          rounds, lead.stack(), l.median() / n.median(), next.stack());
    }
    if (single) {
      return fmt("%s led: %.2fx %s (%,.0f vs %,.0f ops/s); one round, so no spread: --rounds 2 or more says whether it holds",
          lead.stack(), l.median() / n.median(), next.stack(), l.median(), n.median());
    }
    return fmt("%s led every round: %.2fx %s (median %,.0f vs %,.0f ops/s over %d rounds), ranges do not overlap (%s vs %s)",
        lead.stack(), l.median() / n.median(), next.stack(), l.median(), n.median(), rounds, range(l), range(n));
  }

  /**
   * Who leads one load point on a figure: the best median, or the stacks whose ranges overlap the
   * best one's ("within the noise").
   */
  private static String lead(List<StackRounds> m, java.util.function.Function<StackRounds, Spread> figure,
      boolean higherIsBetter, String what, String unit) {
    Comparator<StackRounds> byMedian = Comparator.comparingDouble(s -> figure.apply(s).median());
    List<StackRounds> order = m.stream().sorted(higherIsBetter ? byMedian.reversed() : byMedian).toList();
    StackRounds lead = order.get(0);
    Spread l = figure.apply(lead);
    List<StackRounds> noise = order.stream().skip(1).filter(s -> figure.apply(s).overlaps(l)).toList();
    StackRounds next = order.get(1);
    Spread n = figure.apply(next);
    if (!noise.isEmpty()) {
      List<String> names = new ArrayList<>(List.of(lead.stack()));
      noise.forEach(s -> names.add(s.stack()));
      return join(names) + " within the noise on " + what + " (" + order.stream().filter(s -> s == lead || noise.contains(s))
          .map(s -> s.stack() + " " + value(figure.apply(s), unit)).collect(Collectors.joining(", ")) + ")";
    }
    return lead.stack() + " leads on " + what + " (" + value(l, unit) + " vs " + value(n, unit) + " for " + next.stack() + ")";
  }

  /** A first item this much sooner than the last byte (at p50) is a streamed answer; closer, the answer came at once. */
  static final double STREAMED_SHARE = 0.95;

  /**
   * Where streaming is the point (E4's /notifications, or any race in which a service streamed):
   * each stack's time to first item beside its last byte (p50, medians over the rounds), which
   * stacks streamed and which sent the whole answer at once, and who sent a first item soonest.
   * Null when no stack recorded a first item (the driver level), or none streamed on another endpoint.
   */
  static String firstItem(List<StackRounds> measured) {
    List<StackRounds> told = measured.stream().filter(s -> s.measured().stream().allMatch(r -> r.result().ttfbMs() != null)).toList();
    if (told.isEmpty()) {
      return null;
    }
    Map<StackRounds, double[]> p50 = new LinkedHashMap<>();
    told.forEach(s -> p50.put(s, new double[] {s.spread(r -> r.result().ttfbMs().p50()).median(),
        s.spread(r -> r.result().latencyMs().p50()).median()}));
    List<StackRounds> streamed = told.stream().filter(s -> p50.get(s)[0] < STREAMED_SHARE * p50.get(s)[1]).toList();
    boolean notifications = told.stream().flatMap(s -> s.measured().stream()).anyMatch(r -> String.valueOf(r.workload())
        .startsWith("/notifications"));
    if (streamed.isEmpty() && !notifications) {
      return null;
    }
    List<String> each = new ArrayList<>();
    for (StackRounds s : told) {
      double[] v = p50.get(s);
      each.add(streamed.contains(s) ? s.stack() + " " + ms(v[0]) + " ms, its last byte " + ms(v[1]) + " ms (streamed)"
          : s.stack() + " " + ms(v[0]) + " ms (all at once: first item = last byte)");
    }
    String sentence = "Time to first item at p50 (from issue, as latency): " + String.join("; ", each);
    if (told.size() > 1) {
      List<StackRounds> order = told.stream().sorted(Comparator.comparingDouble(s -> p50.get(s)[0])).toList();
      StackRounds first = order.get(0);
      StackRounds next = order.get(1);
      sentence += fmt(". %s sent a first item soonest: %s ms vs %s ms for %s (%.2fx)", first.stack(), ms(p50.get(first)[0]),
          ms(p50.get(next)[0]), next.stack(), p50.get(next)[0] / Math.max(p50.get(first)[0], 1e-3));
    }
    return sentence;
  }

  /**
   * The CPU per 1,000 operations of the cheapest and the dearest stack, and their ratio, with the server's CPU per
   * 1,000 of theirs where it was read for both (on a shared machine the rest of what their operations cost); stacks whose
   * runs verified under half of what they issued are left out (CPU over a few successes among many
   * failures says nothing: E4's full load once gave a "177x" over 3 answers).
   */
  private static String cpuRatio(List<StackRounds> measured) {
    List<StackRounds> withCpu = measured.stream().filter(s -> s.cpuPer1k() != null && s.cpuPer1k().median() > 0)
        .filter(Verdict::mostlyVerified).toList();
    if (withCpu.size() < 2) {
      return null;
    }
    Comparator<StackRounds> byCpu = Comparator.comparingDouble(s -> s.cpuPer1k().median());
    StackRounds cheap = withCpu.stream().min(byCpu).orElseThrow();
    StackRounds dear = withCpu.stream().max(byCpu).orElseThrow();
    // where the server ran beside the client, what it spent per operation of each: the rest of the machine's cost
    String server = cheap.serverCpuPer1k() == null || dear.serverCpuPer1k() == null ? ""
        : fmt("; the server's own for them: %.1f and %.1f ms", cheap.serverCpuPer1k().median(), dear.serverCpuPer1k().median());
    return fmt("CPU per 1,000 operations: %s the cheapest at %.1f ms, %s the dearest at %.1f ms (%.2fx)%s%s",
        cheap.stack(), cheap.cpuPer1k().median(), dear.stack(), dear.cpuPer1k().median(),
        dear.cpuPer1k().median() / cheap.cpuPer1k().median(),
        cheap.cpuPer1k().overlaps(dear.cpuPer1k()) && cheap.cpuPer1k().n() > 1 ? ", within the noise: their ranges overlap" : "",
        server);
  }

  private static boolean mostlyVerified(StackRounds s) {
    long ops = 0;
    long issued = 0;
    for (RunRecord r : s.runs()) {
      if (r.result() != null) {
        ops += r.result().ops();
        issued += r.result().issued() + r.result().notIssued();
      }
    }
    return issued == 0 || 2 * ops >= issued;
  }

  /** Stacks left out of the comparison (no ok run, or some rounds not ok). */
  private static String notCompared(List<StackRounds> stacks) {
    Map<String, List<String>> bad = new LinkedHashMap<>();
    for (StackRounds s : stacks) {
      for (RunRecord r : s.runs()) {
        if (!StackRounds.counts(r)) {
          bad.computeIfAbsent(s.stack(), k -> new ArrayList<>()).add((s.runs().size() > 1 ? "round " + r.round() + " " : "")
              + r.status()
              + (s.runs().size() > 1 || stacks.stream().map(StackRounds::load).distinct().count() == 1 ? "" : " at " + s.load()));
        }
      }
    }
    if (bad.isEmpty()) {
      return null;
    }
    return "Not counted (no ok run with figures): " + bad.entrySet().stream()
        .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")").collect(Collectors.joining(", "));
  }

  /** The settings the verdict holds for, and runs whose warm-up never settled. */
  private static String holdsFor(List<RunRecord> runs, int pool, int threads) {
    List<String> loads = runs.stream().map(RunRecord::loadModel).filter(Objects::nonNull).map(Verdict::load).distinct().toList();
    StringBuilder sb = new StringBuilder("It holds for ");
    if (loads.size() == 1) {
      sb.append(loads.getFirst()).append(", ");
    } else {
      // a curve's steps differ in rate; their spikes are the same: say them, the figures include them
      List<String> spikes = runs.stream().map(RunRecord::loadModel).filter(LoadModel.Open.class::isInstance)
          .map(m -> ((LoadModel.Open) m).spikes()).filter(l -> !l.isEmpty())
          .map(l -> String.join(", ", l.stream().map(LoadModel.Spike::describe).toList())).distinct().toList();
      if (!spikes.isEmpty()) {
        sb.append("spikes ").append(String.join("; ", spikes)).append(", ");
      }
    }
    List<Integer> pools = runs.stream().map(RunRecord::pool).filter(Objects::nonNull).distinct().sorted().toList();
    List<Integer> threadSteps = runs.stream().map(RunRecord::threads).filter(Objects::nonNull).distinct().sorted().toList();
    sb.append(pools.size() > 1 ? "pools " + join(pools.stream().map(String::valueOf).toList()) : "pool " + pool);
    if (threads >= 0) {
      sb.append(", threads ").append(threadSteps.size() > 1 ? join(threadSteps.stream().map(Verdict::threadsLabel).toList())
          : threadsLabel(threads));
    }
    sb.append(", ").append(tls(runs));
    List<String> unsettled = StackRounds.group(runs).stream()
        .flatMap(s -> s.unsettled().stream().map(s::label)).distinct().toList();
    if (!unsettled.isEmpty()) {
      sb.append("; warm-up did not settle (hit its cap) for ").append(String.join(", ", unsettled));
    }
    return sb.toString();
  }

  private static String load(LoadModel m) {
    return switch (m) {
      case LoadModel.Closed c -> "a closed loop at concurrency " + c.concurrency();
      case LoadModel.Open o -> fmt("an open loop at %,.0f/s (%s arrivals, at most %d in flight%s)", o.rate(), o.arrival(),
          o.maxInFlight(), o.spikes().isEmpty() ? ""
              : ", spikes " + String.join(", ", o.spikes().stream().map(LoadModel.Spike::describe).toList()));
    };
  }

  /**
   * The threads setting worth naming: jdbc-platform's executor at the driver level ({@link
   * dev.dbrace.core.spi.StackConfig#ELASTIC_THREADS} for elastic), -1 for services (an endpoint is the workload).
   */
  static int threads(RaceSettings settings) {
    return settings.workload().name().startsWith("/") ? -1 : settings.threads();
  }

  /** TLS over every run: on, off, mixed, or unknown when any run's was not read. */
  static String tls(List<RunRecord> runs) {
    if (runs.isEmpty() || runs.stream().anyMatch(r -> r.probes().tls() == null)) {
      return "TLS unknown";
    }
    List<Tls> seen = runs.stream().map((RunRecord r) -> r.probes().tls()).distinct().toList();
    if (seen.size() > 1 || seen.getFirst() == Tls.MIXED) {
      return "TLS mixed";
    }
    return seen.getFirst() == Tls.ON ? "TLS on" : "TLS off";
  }

  private static double latency(RunRecord r, Race.Sla sla) {
    return sla == null ? r.result().latencyMs().p99() : sla.latencyOf(r);
  }

  /** {@code --threads}' value in words: a number, or elastic. */
  static String threadsLabel(int threads) {
    return threads == dev.dbrace.core.spi.StackConfig.ELASTIC_THREADS ? "elastic" : Integer.toString(threads);
  }

  /** Where a step is: its load, or over a setting sweep the step's setting. */
  private static String where(StackRounds s, CurvePlan.Sweep sweep) {
    String setting = StackRounds.setting(s.runs().getFirst(), sweep);
    return setting.isEmpty() ? where(s.model(), s.load()) : setting;
  }

  private static String where(LoadModel m, String load) {
    return switch (m) {
      case LoadModel.Open o -> fmt("%,.0f/s offered", o.rate());
      case LoadModel.Closed c -> "concurrency " + c.concurrency();
      case null -> load;
    };
  }

  private static String value(Spread s, String unit) {
    String median = unit.equals("ms") ? ms(s.median()) : fmt("%,.0f", s.median());
    return s.n() > 1 ? median + " " + unit + " (" + (unit.equals("ms") ? ms(s.min()) + "-" + ms(s.max()) : range(s)) + ")"
        : median + " " + unit;
  }

  private static String range(Spread s) {
    return fmt("%,.0f-%,.0f", s.min(), s.max());
  }

  private static String rounds(Spread s) {
    return s.n() > 1 ? fmt(" (median of %d rounds, %s)", s.n(), range(s)) : "";
  }

  private static String ms(double v) {
    return v < 10 ? fmt("%.2f", v) : v < 100 ? fmt("%.1f", v) : fmt("%,.0f", v);
  }

  private static String join(List<String> names) {
    return names.size() == 1 ? names.getFirst()
        : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }
}
