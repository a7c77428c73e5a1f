package dev.dbrace.runner;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Spread;
import dev.dbrace.core.result.Tls;
import dev.dbrace.core.result.Verdict.Dimension;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.runner.verdict.Figure;
import dev.dbrace.runner.verdict.Judge;
import dev.dbrace.runner.verdict.LeadTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A race's conclusion, for the console, race.json and the top of the report: per figure (throughput on a closed
 * loop, latency at the load, CPU per 1,000 operations, peak RSS, threads) who leads, by how much, and whether the
 * rounds support it by {@link LeadTest}'s rule at 95 % confidence; a lead they do not support is called noise. The
 * first sentence names the trade-off when the leader on the load's main figure is proven behind on another. Only
 * runs that finished ok count. Pure: no I/O, so it is tested on recorded runs.
 */
public final class Verdict {
  private Verdict() {}

  /** A plain race's verdict without an SLA (latency judged at p99, errors within the default budget). */
  static dev.dbrace.core.result.Verdict race(List<RunRecord> runs, int pool, int threads) {
    return race(runs, null, pool, threads);
  }

  /**
   * A plain race's verdict: each figure judged, the trade-off first, CPU per operation with the server's, the
   * settings it holds for.
   *
   * @param threads jdbc-platform's executor threads; negative where they do not apply (the service level)
   */
  static dev.dbrace.core.result.Verdict race(List<RunRecord> runs, Race.Sla sla, int pool, int threads) {
    List<StackRounds> stacks = StackRounds.group(runs);
    List<StackRounds> measured = stacks.stream().filter(StackRounds::hasFigures).toList();
    if (measured.isEmpty()) {
      return dev.dbrace.core.result.Verdict.ofText("no stack finished a run with figures, so there is no verdict.");
    }
    boolean open = measured.stream().allMatch(s -> s.model() instanceof LoadModel.Open);
    List<Figure> figures = new ArrayList<>();
    if (!open) {
      figures.add(Figure.throughput());
    }
    figures.addAll(List.of(Figure.latency(sla), Figure.cpu(), Figure.rss(), Figure.threads()));
    List<Judge.Entry> entries = measured.stream().map(s -> new Judge.Entry(s.stack(), s.measured())).toList();
    List<Dimension> dims = Judge.judge(figures.stream().map(f -> new Judge.Question(entries, f, null)).toList(), false).stream()
        .filter(Objects::nonNull).toList();
    List<String> parts = new ArrayList<>();
    if (measured.size() == 1) {
      StackRounds only = measured.getFirst();
      parts.add(fmt("only %s has figures: %s", only.stack(), open
          ? value(only.spread(r -> Figure.latency(sla).value().applyAsDouble(r)), "ms") + " at " + Figure.latency(sla).label()
              .replace(" ms", "")
          : value(only.throughput(), "ops/s")));
    } else {
      parts.add(headline(dims.getFirst(), dims));
      String others = others(dims.subList(1, dims.size()));
      if (others != null) {
        parts.add(others);
      }
      String server = serverCpu(measured, dims);
      if (server != null) {
        parts.add(server);
      }
    }
    String firstItem = firstItem(measured);
    if (firstItem != null) {
      parts.add(firstItem);
    }
    String missing = notCompared(stacks);
    if (missing != null) {
      parts.add(missing);
    }
    parts.add(holdsFor(runs, pool, threads));
    if (measured.size() > 1) {
      parts.add(RULE);
    }
    return new dev.dbrace.core.result.Verdict(String.join(". ", parts) + ".", dims);
  }

  /** How leads are decided, in one sentence, at the end of every verdict that judged any. */
  static final String RULE = "A lead is stated where the rounds prove it over 5 %, at 95 % confidence for the verdict as"
      + " a whole: Welch's t-test over the rounds (each a fresh worker), Holm-adjusted over the stacks, the 5 % risk"
      + " split over the figures (docs/measurement.md#the-verdict)";

  /**
   * A curve's verdict: where each stack's throughput peaks (and the steps the rounds do not tell apart from the
   * peak), who leads at each load (throughput on a closed loop; on an open loop, where every stack is offered the
   * same rate, the latency at the SLA's percentile, else p99), and the settings.
   */
  static dev.dbrace.core.result.Verdict curve(List<RunRecord> runs, Race.Sla sla, int pool, int threads) {
    return curve(runs, sla, pool, threads, null);
  }

  /**
   * The same for a curve over {@code sweep}: over a pool or threads sweep, "where" is the step's
   * setting (every step has the same load), and each step is led on throughput or latency as its load says.
   */
  static dev.dbrace.core.result.Verdict curve(List<RunRecord> runs, Race.Sla sla, int pool, int threads,
      CurvePlan.Sweep sweep) {
    List<StackRounds> all = StackRounds.group(runs);
    if (all.stream().noneMatch(StackRounds::hasFigures)) {
      return dev.dbrace.core.result.Verdict.ofText("no stack finished a step with figures, so there is no verdict.");
    }
    List<String> parts = new ArrayList<>();
    Map<String, List<StackRounds>> byStack = new LinkedHashMap<>();
    all.stream().filter(StackRounds::hasFigures).forEach(s -> byStack.computeIfAbsent(s.stack(), k -> new ArrayList<>()).add(s));
    parts.add("Peaks: " + byStack.values().stream().map(points -> peak(points, sweep)).collect(Collectors.joining("; ")));
    Map<String, List<StackRounds>> byLoad = new LinkedHashMap<>();
    all.stream().sorted(Comparator.comparingDouble(s -> s.model() == null ? 0 : CurvePlan.x(s.model())))
        .forEach(s -> byLoad.computeIfAbsent(s.load() + " " + StackRounds.setting(s.runs().getFirst(), sweep),
            k -> new ArrayList<>()).add(s));
    // each load point's main figure, all judged as one family; a point with one stack is said as such, in its place
    List<Judge.Question> questions = new ArrayList<>();
    for (List<StackRounds> point : byLoad.values()) {
      List<StackRounds> m = point.stream().filter(StackRounds::hasFigures).toList();
      if (m.isEmpty()) {
        continue;
      }
      String at = where(m.getFirst(), sweep);
      if (m.size() == 1) {
        questions.add(new Judge.Question(List.of(), Figure.throughput(), "at " + at + " only " + m.getFirst().stack()
            + " has figures"));
        continue;
      }
      Figure figure = m.getFirst().model() instanceof LoadModel.Open ? Figure.latency(sla) : Figure.throughput();
      questions.add(new Judge.Question(m.stream().map(s -> new Judge.Entry(s.stack(), s.measured())).toList(), figure, at));
    }
    List<Dimension> judged = Judge.judge(questions, true);
    List<String> leads = new ArrayList<>();
    for (int i = 0; i < questions.size(); i++) {
      if (questions.get(i).stacks().isEmpty()) {
        leads.add(questions.get(i).at());
      } else if (judged.get(i) != null) {
        leads.add("at " + judged.get(i).at() + " " + lead(judged.get(i)));
      }
    }
    List<Dimension> dims = judged.stream().filter(Objects::nonNull).toList();
    if (!leads.isEmpty()) {
      parts.add("Lead: " + String.join("; ", leads));
    }
    if (dims.stream().anyMatch(d -> d.leader() != null && d.runnerUp() != null && d.rounds() < LeadTest.MIN_ROUNDS)) {
      parts.add("One round per step, so no lead is tested: --rounds 3 or more says which hold");
    }
    String missing = notCompared(all);
    if (missing != null) {
      parts.add(missing);
    }
    parts.add(holdsFor(runs, pool, threads));
    parts.add(RULE);
    return new dev.dbrace.core.result.Verdict(String.join(". ", parts) + ".", dims);
  }

  /** A stack's peak over its steps, and the steps the rounds do not tell apart from it. */
  private static String peak(List<StackRounds> points, CurvePlan.Sweep sweep) {
    StackRounds peak = points.stream().max(Comparator.comparingDouble(p -> p.throughput().median())).orElseThrow();
    String text = fmt("%s %,.0f ops/s at %s", peak.stack(), peak.throughput().median(), where(peak, sweep));
    if (points.size() < 2 || points.stream().anyMatch(p -> p.throughput().n() < LeadTest.MIN_ROUNDS)) {
      return text;
    }
    Map<String, double[]> steps = new LinkedHashMap<>();
    points.forEach(p -> steps.put(where(p, sweep), p.values(r -> r.result().throughputOpsS())));
    LeadTest.Ranking r = LeadTest.rank(steps, true);
    List<String> close = r.withinNoise().stream().skip(1).toList();
    return text + (close.isEmpty() ? "" : " (within the noise of " + join(close) + ")");
  }

  /**
   * The first sentence: the load's main figure judged, and where its leader is proven behind on another figure,
   * the trade-off ("jdbc-platform: most throughput (1.09x vertx) but p99 8.0x vertx's").
   */
  private static String headline(Dimension main, List<Dimension> dims) {
    if (!main.supported()) {
      return sentence(main);
    }
    List<String> costs = new ArrayList<>();
    for (Dimension d : dims) {
      if (d != main && d.supported() && d.behind().contains(main.leader())) {
        costs.add(fmt("%s %.2fx %s's", shortName(d), Judge.ratio(d.medians().get(d.leader()), d.medians().get(main.leader()),
            d.higherIsBetter()), d.leader()));
      }
    }
    String best = main.name().equals("throughput") ? "most throughput" : "the lowest " + shortName(main);
    if (costs.isEmpty()) {
      return sentence(main) + "; on no other figure is it proven behind";
    }
    return fmt("%s: %s (%.2fx %s) but %s", main.leader(), best, main.ratio(), main.runnerUp(), join(costs))
        + ". " + sentence(main);
  }

  /**
   * The figures after the main one in a sentence or two: each proven lead with its ratio, each stack proven behind,
   * the best of those not tested, and the figures on which the rounds tell no stack apart named together.
   */
  private static String others(List<Dimension> dims) {
    List<String> said = new ArrayList<>();
    List<String> noise = new ArrayList<>();
    for (Dimension d : dims) {
      String unit = unit(d);
      String excluded = d.excluded().isEmpty() ? "" : " (not ranked: " + d.excluded().entrySet().stream()
          .map(e -> e.getKey() + ", " + e.getValue()).collect(Collectors.joining("; ")) + ")";
      if (d.leader() == null || d.runnerUp() == null) {
        if (d.leader() != null || !excluded.isEmpty()) {
          said.add(shortName(d) + ": " + (d.leader() == null ? "no stack can lead" : "only " + d.leader() + " ranked") + excluded);
        }
      } else if (d.rounds() < LeadTest.MIN_ROUNDS || d.pValue() == null) {
        said.add(fmt("%s: %s best (%s vs %s for %s; not tested)", shortName(d), d.leader(), num(d.medians().get(d.leader()), unit),
            num(d.medians().get(d.runnerUp()), unit), d.runnerUp()) + excluded);
      } else if (d.supported()) {
        said.add(fmt("%s: %s leads, %.2fx %s (%s vs %s)", shortName(d), d.leader(), d.ratio(), d.runnerUp(),
            num(d.medians().get(d.leader()), unit), num(d.medians().get(d.runnerUp()), unit)) + excluded);
      } else if (!d.behind().isEmpty()) {
        said.add(fmt("%s: %s within the noise, %s behind", shortName(d), join(d.withinNoise()), behind(d)) + excluded);
      } else {
        noise.add(shortName(d) + excluded);
      }
    }
    if (said.isEmpty() && noise.isEmpty()) {
      return null;
    }
    String text = said.isEmpty() ? "" : "Also: " + String.join("; ", said);
    if (!noise.isEmpty()) {
      text += (text.isEmpty() ? "" : ". ") + "No lead on " + (noise.size() == 1 ? noise.getFirst()
          : String.join(", ", noise.subList(0, noise.size() - 1)) + " or " + noise.getLast())
          + ": the rounds tell no stack apart";
    }
    return text;
  }

  /** The stacks behind in {@code d}, each with its median over the leader's ({@code 0.73x} ops/s, {@code 4.05x} the p99). */
  private static String behind(Dimension d) {
    double lead = d.medians().get(d.leader());
    return d.behind().stream().map(s -> fmt("%s (%.2fx %s's)", s, d.medians().get(s) / lead, d.leader()))
        .collect(Collectors.joining(", "));
  }

  /** One dimension in a sentence: its lead, or the stacks within the noise and those behind. */
  static String sentence(Dimension d) {
    return capitalised(label(d)) + ": " + lead(d);
  }

  private static String lead(Dimension d) {
    String unit = unit(d);
    String excluded = d.excluded().isEmpty() ? "" : "; not ranked: " + d.excluded().entrySet().stream()
        .map(e -> e.getKey() + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
    if (d.leader() == null) {
      return "no stack can lead" + excluded;
    }
    if (d.runnerUp() == null) {
      return "only " + d.leader() + " ranked, " + num(d.medians().get(d.leader()), unit) + excluded;
    }
    double lead = d.medians().get(d.leader());
    double next = d.medians().get(d.runnerUp());
    if (d.rounds() < LeadTest.MIN_ROUNDS || d.pValue() == null) {
      return fmt("%s best at %s, %.2fx %s (%s); %s, so not tested", d.leader(), num(lead, unit), d.ratio(), d.runnerUp(),
          num(next, unit), d.rounds() == 1 ? "one round" : "too few rounds") + excluded;
    }
    if (d.supported()) {
      return fmt("%s leads, %.2fx %s (median %s vs %s over %d rounds, p %s)", d.leader(), d.ratio(), d.runnerUp(),
          bare(lead, unit), num(next, unit), d.rounds(), p(d.pValue())) + excluded;
    }
    String noise = fmt("%s %s within the noise (%s%s over %d rounds; %s %.2fx %s at the median)", join(d.withinNoise()),
        d.withinNoise().size() == 2 ? "are" : "are all",
        d.withinNoise().stream().map(s -> s + " " + bare(d.medians().get(s), unit)).collect(Collectors.joining(", ")),
        unit.isEmpty() ? "" : " " + suffix(unit), d.rounds(), d.leader(), d.ratio(), d.runnerUp());
    if (!d.behind().isEmpty()) {
      noise += "; behind at 95 % confidence: " + behind(d);
    }
    return noise + excluded;
  }

  /**
   * The server's CPU per 1,000 operations of the CPU dimension's cheapest and dearest stack, where it was read for
   * both: on a shared machine, the rest of what their operations cost.
   */
  private static String serverCpu(List<StackRounds> measured, List<Dimension> dims) {
    Dimension cpu = dims.stream().filter(d -> d.name().equals("cpu") && d.leader() != null && d.runnerUp() != null)
        .findFirst().orElse(null);
    if (cpu == null) {
      return null;
    }
    String dear = cpu.order().getLast();
    StackRounds cheap = measured.stream().filter(s -> s.stack().equals(cpu.leader())).findFirst().orElseThrow();
    StackRounds dearest = measured.stream().filter(s -> s.stack().equals(dear)).findFirst().orElseThrow();
    if (cheap.serverCpuPer1k() == null || dearest.serverCpuPer1k() == null) {
      return null;
    }
    return fmt("The server's own CPU per 1,000 operations: %.1f ms for %s's (the cheapest client, %.1f ms), %.1f ms for %s's"
        + " (the dearest, %.1f ms)", cheap.serverCpuPer1k().median(), cheap.stack(), cpu.medians().get(cheap.stack()),
        dearest.serverCpuPer1k().median(), dear, cpu.medians().get(dear));
  }

  private static String label(Dimension d) {
    return switch (d.name()) {
      case "throughput" -> "throughput";
      case "latency" -> d.figure().replace(" ms", "") + " latency";
      case "cpu" -> "CPU per 1,000 operations";
      case "rss" -> "peak RSS";
      case "threads" -> "threads";
      default -> d.name();
    };
  }

  private static String shortName(Dimension d) {
    return switch (d.name()) {
      case "latency" -> d.figure().replace(" ms", "");
      case "cpu" -> "CPU per operation";
      case "rss" -> "peak RSS";
      default -> d.name();
    };
  }

  private static String unit(Dimension d) {
    return switch (d.name()) {
      case "throughput" -> "ops/s";
      case "latency" -> "ms";
      case "cpu" -> "cpu ms";
      case "rss" -> "MB";
      default -> "";
    };
  }

  /** A figure with its unit: {@code 11,600 ops/s}, {@code 2.20 ms}, {@code 205.0 ms} of CPU, {@code 30}. */
  private static String num(double v, String unit) {
    String n = bare(v, unit);
    return unit.isEmpty() ? n : n + " " + suffix(unit);
  }

  /** The unit as written after a figure: CPU per operation is in ms, with one decimal. */
  private static String suffix(String unit) {
    return unit.equals("cpu ms") ? "ms" : unit;
  }

  /** The figure as {@link #num} writes it, without the unit. */
  private static String bare(double v, String unit) {
    return switch (unit) {
      case "ms" -> ms(v);
      case "cpu ms" -> fmt("%.1f", v);
      default -> fmt("%,.0f", v);
    };
  }

  private static String p(double p) {
    return p < 0.001 ? "< 0.001" : fmt("= %.3f", p);
  }

  private static String capitalised(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
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
    return settings.serviceLevel() ? -1 : settings.setup().threads();
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
    return threads == StackConfig.ELASTIC_THREADS ? "elastic" : Integer.toString(threads);
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
