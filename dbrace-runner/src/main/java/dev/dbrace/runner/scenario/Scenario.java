package dev.dbrace.runner.scenario;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.result.Race;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.OperationSpec;
import dev.dbrace.core.workload.ParamGen;
import dev.dbrace.core.workload.StatementSpec;
import dev.dbrace.core.workload.WorkloadSpec;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.Durations;
import dev.dbrace.runner.Home;
import dev.dbrace.runner.RaceRequest;
import dev.dbrace.runner.RaceSettings;
import dev.dbrace.runner.Slas;
import dev.dbrace.runner.UserError;
import dev.dbrace.runner.Warmups;
import dev.dbrace.runner.fork.StackCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A scenario file made ready to race: its workload, and the settings it gives, which options on
 * the command line override ({@code --stacks}, {@code --pool}, {@code --load}, {@code --duration} ...;
 * {@code dev.dbrace.runner.inputs.RaceResolution} does the layering). The user's file and the ones shipped with dbrace
 * under {@code scenarios/} ({@code --scenario NAME}) are read alike.
 *
 * @param workload the file's own operations as a workload; null when it names a built-in one or none
 */
public record Scenario(Path file, ScenarioFile source, WorkloadSpec workload) {

  /** Where the scenarios shipped with dbrace are, one {@code NAME.yaml} each. */
  static Path shippedDir() {
    return Home.dir().resolve("scenarios");
  }

  /** Reads and checks the file; every problem is one {@link ScenarioReader.ScenarioError}. */
  public static Scenario load(Path file, Set<String> knownStacks) {
    ScenarioFile f = ScenarioReader.read(file, knownStacks);
    return new Scenario(file, f, f.operations() == null ? null : workloadOf(file, f));
  }

  /**
   * The scenario shipped as {@code scenarios/NAME.yaml}, for {@code --scenario NAME}. An unknown
   * name is the user's error listing those that race at the level asked for (services or stacks).
   */
  public static Scenario shipped(String name, boolean serviceLevel, Set<String> knownStacks) {
    Map<String, Scenario> all = new TreeMap<>();
    try (var files = Files.list(shippedDir())) {
      files.filter(f -> f.getFileName().toString().endsWith(".yaml")).forEach(f ->
          all.put(f.getFileName().toString().replaceFirst("\\.yaml$", ""), null));
    } catch (IOException | UncheckedIOException e) {
      throw new UserError("cannot list the scenarios shipped with dbrace in " + shippedDir() + " (" + e.getMessage() + ")");
    }
    if (all.containsKey(name)) {
      return load(shippedDir().resolve(name + ".yaml"), knownStacks);
    }
    List<String> known = all.keySet().stream().filter(n -> {
      ScenarioFile f = load(shippedDir().resolve(n + ".yaml"), knownStacks).source();
      return serviceLevel ? f.service() != null : f.operations() != null || f.workload() != null;
    }).toList();
    throw new UserError("unknown scenario '" + name + "' (known" + (serviceLevel ? " at the service level" : "") + ": "
        + String.join(", ", known) + ")");
  }

  /** Whether the scenario names a workload for stacks: its own operations or a built-in workload. */
  public boolean racesStacks() {
    return source.operations() != null || source.workload() != null;
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
  public List<Path> setupFiles(Engine engine) {
    ScenarioFile.Database db = source.database();
    if (db == null) {
      return List.of();
    }
    List<Path> all = new ArrayList<>();
    if (engine == Engine.MARIADB && db.mariadb() != null) {
      all.addAll(db.mariadb().schema());
      all.addAll(db.mariadb().seed());
    } else {
      all.addAll(db.schema());
      all.addAll(db.seed());
    }
    UserError.require(engine != Engine.FIREBIRD || all.isEmpty(),
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
      return Slas.parse(text);
    } catch (UserError e) {
      throw new ScenarioReader.ScenarioError(file + ": sla: " + e.getMessage());
    }
  }

  /** What {@code ./dbrace capacity FILE} would search, with capacity's defaults. */
  public String capacitySummary() {
    Race.Sla sla = sla();
    if (sla == null) {
      return "capacity: needs an SLA: add sla: {p99: 20ms} to the file or give --sla p99=20ms.";
    }
    ScenarioFile.Load l = source.load();
    int probe = l == null || l.concurrency() == null ? Defaults.CONCURRENCY : l.concurrency();
    long warmup = l == null || l.warmup() == null ? Defaults.WARMUP_MS : l.warmup();
    Defaults.Command capacity = Defaults.Command.CAPACITY;
    return "capacity: per stack, the highest open-loop rate with SLA " + sla.describe() + " kept: a closed-loop probe at "
        + probe + " in flight, then open-loop steps of " + Durations.text(capacity.measured()) + " (warm-up "
        + Warmups.describe(warmup, capacity.warmupMax().toMillis()) + ") from a quarter of the probe's"
        + " throughput up, refined to within " + Defaults.CAPACITY_PRECISION
        + " %; --step-duration, --warmup, --warmup-max, --concurrency, --precision and --sla change it.";
  }

  /** One paragraph: what a run of this file would do, as {@code request} resolved it. */
  public String summary(RaceRequest request) {
    RaceSettings race = request.settings();
    WorkloadSpec workload = race.loadPlan().workload();
    StringBuilder out = new StringBuilder();
    out.append(file).append(": scenario '").append(workload.name()).append("', ")
        .append(workload.mix().size()).append(workload.mix().size() == 1 ? " operation" : " operations").append(" (");
    int total = workload.mix().stream().mapToInt(OperationSpec::weight).sum();
    out.append(workload.mix().stream().map(op -> op.name() + " " + pct(op.weight(), total)
        + (op.statements().size() > 1 || op.repeat() > 1 ? ", " + op.statementCount() + " statements" : "")
        + (op.transaction() ? ", in one transaction" : "")
        + ", params " + params(op)).collect(Collectors.joining("; ")));
    int rounds = request.plan().rounds();
    out.append(") raced on ").append(String.join(", ", race.subjects().stacks())).append(" with a pool of ").append(race.setup().pool())
        .append(", ").append(race.loadPlan().load().describe()).append(" after warm-up ").append(race.warmupRule())
        .append(", ").append(rounds == 1 ? "1 round" : rounds + " rounds interleaved")
        .append(", seed ")
        .append(race.loadPlan().seed()).append(", on ");
    if (request.url() != null) {
      out.append(redacted(request.url()));
    } else {
      out.append("the embedded ").append(request.engine().label());
      List<Path> setup = request.setup();
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
      return DbTarget.parse(url, Map.of(), null).redactedUrl();
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
