package dev.dbrace.report.view;

import dev.dbrace.core.result.Race;
import dev.dbrace.core.result.RunRecord;
import dev.dbrace.core.result.Verdict;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.report.format.Format;
import dev.dbrace.report.results.ResultsFolder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The top of the report: what was raced, how, where and with which versions, so a reader can
 * judge and rerun it. Texts are raw here; the template escapes them.
 */
public record HeaderView(
    String id,
    String kind,
    String command,
    String when,
    String workload,
    String sla,
    List<Item> environment,
    List<Item> settings,
    List<Item> drivers,
    List<String> sql,
    boolean serviceLevel,
    String verdict,
    List<Judgement> judgements) {

  record Item(String name, String value) {}

  /** Whether the verdict judged any figure (race.json written before dimensions has none). */
  boolean judged() {
    return !judgements.isEmpty();
  }

  /**
   * One figure the verdict judged, as a row: the leader, its ratio to the runner-up, and whether the rounds prove the
   * lead ({@code proven}), only name a best median ({@code standing}: within the noise, or not tested).
   */
  record Judgement(String figure, String at, String leader, String ratio, boolean proven, String standing,
      String withinNoise, String behind, String excluded) {

    static Judgement of(Verdict.Dimension d) {
      String standing = d.leader() == null ? "no stack can lead" : d.runnerUp() == null ? "only one ranked"
          : d.supported() ? "proven" + (d.confidence() == null ? " (brackets apart)" : Format.f(" at %.0f %%", 100 * d.confidence()))
          : d.pValue() == null && d.confidence() != null ? "not tested (" + d.rounds() + (d.rounds() == 1 ? " round)" : " rounds)")
          : "within the noise";
      return new Judgement(d.figure(), d.at(), d.leader(), d.ratio() == null ? "" : Format.f("%.2fx ", d.ratio()) + d.runnerUp(),
          d.supported(), standing, String.join(", ", d.withinNoise()), String.join(", ", d.behind()),
          d.excluded().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("; ")));
    }
  }

  public static HeaderView of(ResultsFolder folder) {
    Race race = folder.race();
    String when = Format.span(race.started(), race.finished());
    var w = race.workload();
    String workload = w == null ? settingsWorkload(race) : w.name() + " — " + w.description();
    return new HeaderView(race.id(), folder.kind(), Format.withoutPassword(race.command()), when, workload,
        race.sla() == null ? null : race.sla().describe(),
        environment(race), settings(race), drivers(race), w == null ? List.of() : w.sqlTexts(), serviceLevel(race),
        race.verdict() == null ? null : race.verdict().text(),
        race.verdict() == null ? List.of() : race.verdict().dimensions().stream().map(Judgement::of).toList());
  }

  /** A race of service variants: its workload is an endpoint, its "drivers" are the load generator's. */
  static boolean serviceLevel(Race race) {
    return race.workload() != null && race.workload().name().startsWith("/");
  }

  private static String settingsWorkload(Race race) {
    return race.settings() == null ? "" : race.settings().workload();
  }

  private static List<Item> environment(Race race) {
    List<Item> items = new ArrayList<>();
    Race.Environment e = race.environment();
    if (e == null) {
      return items;
    }
    items.add(new Item("dbrace", e.dbraceVersion() + " (git " + e.gitRevision() + ")"));
    items.add(new Item("JDK", e.jdk()));
    items.add(new Item("machine", e.cores() + " cores, " + Format.count(e.memoryMb()) + " MB memory"));
    items.add(new Item("OS", e.os()));
    items.add(new Item(engineLabel(e.database()), e.serverVersion() + (e.embeddedDatabase() ? " (embedded)" : "")
        + (e.database() == null ? "" : " at " + Format.withoutPassword(e.database()))));
    if (e.databaseCpus() != null) {
      items.add(new Item("database cores", e.databaseCpus() + " (--db-cpus: the embedded server pinned to them)"));
    }
    dataSources(e.dataSources(), items);
    race.runs().stream().map((RunRecord r) -> r.result().jvm()).filter(j -> j != null && !j.isBlank()).findFirst()
        .ifPresent(jvm -> items.add(new Item("worker JVM", jvm)));
    return items;
  }

  /**
   * E4's data sources behind /notifications as the race set them up and timed them at its start
   * (race.json's environment.data_sources); nothing when the race had none.
   */
  static void dataSources(Race.DataSources d, List<Item> items) {
    if (d == null) {
      return;
    }
    String slow = d.slowSource() == null ? "?" : d.slowSource();
    items.add(new Item("slow source", slow + (d.slowQuery() == null ? "" : ": " + d.slowQuery())
        + (d.slowLatencyMs() == null ? "" : "; alone at the start: " + d.slowLatencyMs().describe())));
    if (d.mongoServer() != null || d.mongoUrl() != null) {
      String server = d.mongoServer() == null ? "MongoDB" : d.mongoServer();
      String load = d.mongoLoadSeconds() == null ? ""
          : (Boolean.TRUE.equals(d.mongoLoadCached()) ? "; loaded before in " : "; loaded in ")
              + Format.plain(d.mongoLoadSeconds()) + " s" + (Boolean.TRUE.equals(d.mongoLoadCached()) ? ", reused" : "");
      items.add(new Item("MongoDB", server + (d.mongoUrl() == null ? "" : " at " + Format.withoutPassword(d.mongoUrl()))
          + (d.mongoDocuments() == null ? "" : ", " + Format.count(d.mongoDocuments()) + " documents") + load));
    }
    if (d.mongoQuery() != null) {
      items.add(new Item("MongoDB query", d.mongoQuery()
          + (d.mongoLatencyMs() == null ? "" : "; alone at the start: " + d.mongoLatencyMs().describe())));
    }
    if (d.fortuneVariants() != null && !d.fortuneVariants().isEmpty()) {
      items.add(new Item("fortune instead of MongoDB", String.join(", ", d.fortuneVariants())
          + " (no MongoDB client: their second source is the fortune query)"));
    }
  }

  /** The URL's scheme names the engine; results from before Firebird and MariaDB have PostgreSQL URLs. */
  static String engineLabel(String databaseUrl) {
    return databaseUrl == null ? "PostgreSQL" : Engine.ofUrl(databaseUrl).label();
  }

  private static List<Item> settings(Race race) {
    List<Item> items = new ArrayList<>();
    Race.Settings s = race.settings();
    if (s == null) {
      return items;
    }
    items.add(new Item("stacks", String.join(", ", s.stacks() == null ? List.of() : s.stacks())));
    if (s.workloadOptions() != null && !s.workloadOptions().isEmpty()) {
      items.add(new Item("workload options", pairs(s.workloadOptions())));
    }
    items.add(new Item("load", s.load()));
    if (s.rounds() > 1) {
      items.add(new Item("rounds", s.rounds() + ", interleaved: every stack once per round, each run a fresh worker"));
    }
    if (s.steps() != null && !s.steps().isEmpty()) {
      items.add(new Item("steps", s.steps().stream().map(Format::plain).collect(Collectors.joining(", "))
          + (s.sweep() == null ? "" : " (" + s.sweep() + ")")));
    }
    boolean service = serviceLevel(race);
    boolean poolSweep = "pool".equals(s.sweep());
    boolean threadSweep = "threads".equals(s.sweep());
    items.add(new Item("pool", poolSweep ? "swept: the steps above, connections per stack"
        : s.pool() + " connections per " + (service ? "service" : "stack")));
    items.add(new Item("concurrency", s.concurrency() + (service ? " requests" : " operations") + " in flight"));
    if (s.requestTimeoutMs() != null) {
      items.add(new Item("request timeout",
          Format.plain(s.requestTimeoutMs() / 1000.0) + " s (a request not answered in full by then is an error)"));
    }
    if (!service) {
      String threads = "elastic".equals(s.threadPool()) ? "elastic: a thread per operation in flight, idle ones retired after 60 s"
          : threadSweep ? "swept: the steps above" : Integer.toString(s.threads());
      items.add(new Item("threads", threads + " (the platform-thread stacks' executor: jdbc-platform, hibernate-orm)"));
    }
    // warmupRule names the rule (auto until steady, or fixed); race.json files written before it have only the duration
    items.add(new Item("warm-up", (s.warmupRule() != null ? s.warmupRule() : Format.plain(s.warmupMs() / 1000.0) + " s")
        + " per run, excluded from the figures"));
    items.add(new Item("seed", Long.toString(s.seed())));
    if (race.sla() != null) {
      items.add(new Item("SLA", race.sla().describe()));
    }
    if (s.stackOptions() != null) {
      s.stackOptions().forEach((stack, opts) -> {
        if (opts != null && !opts.isEmpty()) {
          items.add(new Item("options of " + stack, pairs(opts)));
        }
      });
    }
    if (s.workerJvmArgs() != null && !s.workerJvmArgs().isEmpty()) {
      items.add(new Item("worker JVM args", String.join(" ", s.workerJvmArgs())));
    }
    if (s.jfr()) {
      items.add(new Item("Flight Recorder", service ? "on (thread states per Java service; the generator's file beside it)"
          : "on (thread states per worker)"));
    }
    return items;
  }

  /** Driver versions per stack, from the first run of each stack that reported them. */
  private static List<Item> drivers(Race race) {
    Map<String, String> byStack = new LinkedHashMap<>();
    for (RunRecord r : race.runs()) {
      if (r.result().versions() != null && !r.result().versions().isEmpty() && !byStack.containsKey(r.stack())) {
        byStack.put(r.stack(), new TreeMap<>(r.result().versions()).entrySet().stream()
            .map(v -> v.getKey() + " " + v.getValue()).collect(Collectors.joining(", ")));
      }
    }
    return byStack.entrySet().stream().map(e -> new Item(e.getKey(), e.getValue())).toList();
  }

  private static String pairs(Map<String, String> options) {
    return new TreeMap<>(options).entrySet().stream().map(o -> o.getKey() + "=" + o.getValue())
        .collect(Collectors.joining(", "));
  }
}
