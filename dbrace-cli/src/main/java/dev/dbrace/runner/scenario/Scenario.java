package dev.dbrace.runner.scenario;

import dev.dbrace.cli.CapacityCommand;
import dev.dbrace.cli.Durations;
import dev.dbrace.cli.LoadOptions;
import dev.dbrace.cli.Main;
import dev.dbrace.cli.RaceOptions;
import dev.dbrace.cli.RunCommand;
import dev.dbrace.cli.ServiceLevel;
import dev.dbrace.cli.SlaConverter;
import dev.dbrace.cli.WarmupConverter;
import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.workload.OperationSpec;
import dev.dbrace.core.workload.ParamGen;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.runner.fork.StackCatalog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine.ParseResult;

/**
 * A scenario file made ready to race: its workload, and the settings it gives, which options on
 * the command line override ({@code --stacks}, {@code --pool}, {@code --load}, {@code --duration} ...).
 */
public record Scenario(Path file, ScenarioFile source, WorkloadSpec workload) {

  /** Reads and checks the file; every problem is one {@link ScenarioReader.ScenarioError}. */
  public static Scenario load(Path file, Set<String> knownStacks) {
    ScenarioFile f = ScenarioReader.read(file, knownStacks);
    return new Scenario(file, f, workloadOf(file, f));
  }

  private static WorkloadSpec workloadOf(Path file, ScenarioFile f) {
    List<OperationSpec> mix = new ArrayList<>();
    for (ScenarioFile.Op op : f.operations()) {
      List<StatementSpec> statements = op.statementList().stream().map(s -> new StatementSpec(s.sql(), s.params(),
          s.expect() == null ? 0 : s.expect().min(), s.expect() == null ? Long.MAX_VALUE : s.expect().max(), List.of())).toList();
      mix.add(new OperationSpec(op.name(), op.weight() == null ? 1 : op.weight(), op.repeat() == null ? 1 : op.repeat(),
          statements, Boolean.TRUE.equals(op.transaction())));
    }
    String description = f.description() != null ? f.description() : "scenario file " + file.getFileName();
    return new WorkloadSpec(f.name(), description, mix, Map.of("scenario", file.toString()));
  }

  /**
   * Schema files, then seed files, for the race's engine: run once on the embedded database before
   * the race. MariaDB runs the {@code mariadb:} block's files when the file has one.
   */
  public List<Path> setupFiles(dev.dbrace.core.spi.Engine engine) {
    ScenarioFile.Database db = source.database();
    if (db == null) {
      return List.of();
    }
    List<Path> all = new ArrayList<>();
    if (engine == dev.dbrace.core.spi.Engine.MARIADB && db.mariadb() != null) {
      all.addAll(db.mariadb().schema());
      all.addAll(db.mariadb().seed());
    } else {
      all.addAll(db.schema());
      all.addAll(db.seed());
    }
    RaceOptions.require(engine != dev.dbrace.core.spi.Engine.FIREBIRD || all.isEmpty(),
        file + ": schema and seed files do not run on Firebird (Jaybird runs one statement at a time); prepare that database yourself");
    return all;
  }

  /** The file's SLA, or null. */
  public Race.Sla sla() {
    if (source.sla() == null) {
      return null;
    }
    String text = source.sla().entrySet().stream()
        .sorted((a, b) -> a.getKey().equals("errors") ? 1 : b.getKey().equals("errors") ? -1 : 0)
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
    try {
      return new SlaConverter().convert(text);
    } catch (picocli.CommandLine.TypeConversionException e) {
      throw new ScenarioReader.ScenarioError(file + ": sla: " + e.getMessage());
    }
  }

  /** Fills every option the command line did not give from the file; {@code load} is null for curve and capacity. */
  public void applyTo(RaceOptions race, LoadOptions load, ParseResult given) {
    RaceOptions.require(!given.hasMatchedOption("--workload") && !given.hasMatchedOption("--workload-opt"),
        "a scenario file is the workload; leave out --workload");
    RaceOptions.require(!given.hasMatchedOption("--scenario"), "give a scenario file or --scenario, not both");
    if (source.stacks() != null && !given.hasMatchedOption("--stacks")) {
      race.stacks = source.stacks();
    }
    if (source.pool() != null && !given.hasMatchedOption("--pool")) {
      race.pool = source.pool();
    }
    if (source.seed() != null && !given.hasMatchedOption("--seed")) {
      race.seed = source.seed();
    }
    if (source.database() != null && source.database().url() != null && !given.hasMatchedOption("--url")) {
      race.url = source.database().url();
    }
    if (source.database() != null && source.database().engine() != null && !given.hasMatchedOption("--engine")
        && !given.hasMatchedOption("--url")) {
      race.engine = source.database().engine();
    }
    if (source.load() != null && source.load().rounds() != null && !given.hasMatchedOption("--rounds")) {
      race.rounds = source.load().rounds(); // run and curve honour it; capacity says it runs one round
    }
    RaceOptions.require(race.url == null || setupFiles(race.engine()).isEmpty(),
        file + ": its schema and seed files run only on the embedded database, and --url names another");
    ScenarioFile.Load l = source.load();
    if (load == null || l == null) {
      return;
    }
    boolean sameModel = !given.hasMatchedOption("--load") || load.load.equals(l.model());
    if (!given.hasMatchedOption("--load")) {
      load.load = l.model();
    }
    if (sameModel) {
      if (l.rate() != null && !given.hasMatchedOption("--rate")) {
        load.rate = l.rate();
      }
      if (l.concurrency() != null && !given.hasMatchedOption("--concurrency")) {
        load.concurrency = l.concurrency();
      }
      if (l.executions() != null && !given.hasMatchedOption("--executions") && !given.hasMatchedOption("--duration")) {
        load.executions = l.executions();
      }
    }
    if (l.duration() != null && !given.hasMatchedOption("--duration") && !given.hasMatchedOption("--executions")) {
      load.durationMs = l.duration();
    }
    if (l.warmup() != null && !given.hasMatchedOption("--warmup")) {
      load.warmupMs = l.warmup();
    }
  }

  /**
   * For curve and capacity, which have load options of their own: reads the file and fills the race
   * options it gives ({@link #applyTo} without a load). A scenario file races stacks, not services.
   */
  public static Scenario forPlan(Path file, RaceOptions race, ServiceLevel service, ParseResult given) {
    RaceOptions.require(!service.on(), "a scenario file races stacks; --level service races an --endpoint instead");
    Scenario scenario = load(file, StackCatalog.discover(Main.home()).names());
    scenario.applyTo(race, null, given);
    return scenario;
  }

  /** The warm-up per step: the command line's if given there, else the file's load.warmup, else the command's default. */
  public long warmupMs(long commandLine, boolean given) {
    return source.load() == null || source.load().warmup() == null || given ? commandLine : source.load().warmup();
  }

  /** The closed-loop concurrency (capacity's probe): the command line's if given there, else the file's load.concurrency. */
  public int concurrency(int commandLine, boolean given) {
    ScenarioFile.Load l = source.load();
    return l == null || l.concurrency() == null || given ? commandLine : l.concurrency();
  }

  /** The SLA: the command line's if given, else the file's (null if neither). */
  public Race.Sla sla(Race.Sla commandLine) {
    return commandLine != null ? commandLine : sla();
  }

  /** What {@code ./dbrace capacity FILE} would search, with capacity's defaults. */
  public String capacitySummary() {
    Race.Sla sla = sla();
    if (sla == null) {
      return "capacity: needs an SLA: add sla: {p99: 20ms} to the file or give --sla p99=20ms.";
    }
    int probe = concurrency(Integer.parseInt(CapacityCommand.DEFAULT_CONCURRENCY), false);
    long warmup = warmupMs(new WarmupConverter().convert(CapacityCommand.DEFAULT_WARMUP), false);
    return "capacity: per stack, the highest open-loop rate with SLA " + sla.describe() + " kept: a closed-loop probe at "
        + probe + " in flight, then open-loop steps of " + CapacityCommand.DEFAULT_STEP + " (warm-up "
        + WarmupConverter.describe(warmup, new Durations().convert(RaceOptions.DEFAULT_WARMUP_MAX)) + ") from a quarter of the probe's throughput up, refined to within " + CapacityCommand.DEFAULT_PRECISION
        + " %; --step-duration, --warmup, --concurrency, --precision and --sla change it.";
  }

  /** One paragraph: what a run of this file would do. */
  public String summary(RaceOptions race, LoadModel model, long warmupMs) {
    StringBuilder out = new StringBuilder();
    out.append(file).append(": scenario '").append(workload.name()).append("', ")
        .append(workload.mix().size()).append(workload.mix().size() == 1 ? " operation" : " operations").append(" (");
    int total = workload.mix().stream().mapToInt(OperationSpec::weight).sum();
    out.append(workload.mix().stream().map(op -> op.name() + " " + pct(op.weight(), total)
        + (op.statements().size() > 1 || op.repeat() > 1 ? ", " + op.statementCount() + " statements" : "")
        + (op.transaction() ? ", in one transaction" : "")
        + ", params " + params(op)).collect(Collectors.joining("; ")));
    out.append(") raced on ").append(String.join(", ", race.stacks)).append(" with a pool of ").append(race.pool)
        .append(", ").append(model.describe()).append(" after warm-up ").append(WarmupConverter.describe(warmupMs, race.warmupMaxMs))
        .append(", ").append(race.rounds(RunCommand.DEFAULT_ROUNDS) == 1 ? "1 round" : race.rounds(RunCommand.DEFAULT_ROUNDS) + " rounds interleaved")
        .append(", seed ")
        .append(race.seed).append(", on ");
    if (race.url != null) {
      out.append(redacted(race.url));
    } else {
      out.append("the embedded ").append(race.engine().label());
      List<Path> setup = setupFiles(race.engine());
      if (!setup.isEmpty()) {
        out.append(" after running ").append(setup.stream().map(p -> p.getFileName().toString()).collect(Collectors.joining(", ")));
      }
    }
    Race.Sla sla = sla();
    if (sla != null) {
      out.append("; SLA ").append(sla.describe()).append(" (for curve and capacity)");
    }
    return out.append('.').toString();
  }

  /** The URL without its password, in any of the forms (user:pw@, ?password=) a --url may take. */
  private static String redacted(String url) {
    try {
      return dev.dbrace.db.DbTarget.parse(url, Map.of(), null).redactedUrl();
    } catch (IllegalArgumentException malformed) {
      return "a malformed URL (run says why)";
    }
  }

  private static String pct(int weight, int total) {
    return String.format(Locale.ROOT, "%.0f%%", 100.0 * weight / total);
  }

  private static String params(OperationSpec op) {
    List<String> names = op.statements().stream().flatMap(s -> s.params().stream()).map(Scenario::describe).toList();
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  private static String describe(ParamGen g) {
    return switch (g) {
      case ParamGen.Uniform u -> "uniform " + u.min() + ".." + u.max();
      case ParamGen.Zipfian z -> "zipfian " + z.min() + ".." + z.max() + " skew " + z.skew();
      case ParamGen.Sequence s -> "sequence from " + s.start() + " step " + s.step();
      case ParamGen.Choice c -> "one of " + c.values().size() + " listed values";
      case ParamGen.RandomString r -> "random string of " + r.minLength() + ".." + r.maxLength() + " chars";
      case ParamGen.Constant c -> "constant " + c.value();
    };
  }
}
