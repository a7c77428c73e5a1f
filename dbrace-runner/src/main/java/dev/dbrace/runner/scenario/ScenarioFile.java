package dev.dbrace.runner.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.ParamGen;
import dev.dbrace.core.workload.Workloads;
import dev.dbrace.db.DbTarget;
import dev.dbrace.runner.Defaults;
import dev.dbrace.runner.RacePlan;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario file as written (docs/scenario-file.md), bound by {@link ScenarioReader}. Each record
 * checks itself in its constructor, so a bad value is reported with the line and field it came
 * from; {@link Scenario} turns the whole into what a race needs. Keys are kebab-case.
 */
public record ScenarioFile(String name, String description, Database database, List<Op> operations, String workload,
    @JsonDeserialize(contentUsing = ScenarioReader.StackName.class) List<String> stacks, Integer pool, Load load,
    Service service, Map<String, String> sla, Long seed) {

  public ScenarioFile {
    require(name != null && !name.isBlank(), "missing name");
    require(operations == null || workload == null, "give operations or workload (a built-in one), not both");
    // a file for the service level alone (a service: block) names an endpoint, not a workload for stacks
    require(operations != null || workload != null || service != null, "missing operations (at least one)");
    require(operations == null || !operations.isEmpty(), "missing operations (at least one)");
    require(workload == null || Workloads.descriptions().containsKey(workload), "unknown workload '"
        + workload + "' (known: " + String.join(", ", Workloads.descriptions().keySet()) + ")");
    require(stacks == null || !stacks.isEmpty(), "stacks: give at least one, or leave the key out for the default");
    require(pool == null || (pool >= 1 && pool <= Defaults.POOL_MAX), "pool must be 1.." + Defaults.POOL_MAX + ", got " + pool);
    if (sla != null) {
      require(sla.size() == 1 || (sla.size() == 2 && sla.containsKey("errors")),
          "sla: one percentile, e.g. {p99: 20ms}, optionally errors: 1%");
    }
  }

  /**
   * Where the race runs: the user's server by URL, or an embedded server ({@code engine}, default
   * postgresql) with optional schema and seed files; {@code mariadb} holds that engine's own files
   * when its SQL dialect needs them (else the top-level files run there too).
   */
  public record Database(String url, String engine,
      @JsonDeserialize(contentUsing = ScenarioReader.FilePath.class) List<Path> schema,
      @JsonDeserialize(contentUsing = ScenarioReader.FilePath.class) List<Path> seed,
      SetupFiles mariadb) {
    public Database {
      schema = schema == null ? List.of() : schema;
      seed = seed == null ? List.of() : seed;
      if (engine != null) {
        try {
          Engine.of(engine);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("engine: " + e.getMessage());
        }
      }
      require(url == null || engine == null, "give url or engine, not both: the URL names its engine");
      require(url == null || mariadb == null, "mariadb's schema and seed files run only on the embedded database");
      require(url == null || (schema.isEmpty() && seed.isEmpty()),
          "schema and seed files run only on the embedded database; prepare the database at url yourself");
      require(url == null || !url.isBlank(), "url is empty");
      // a file is shared, committed, pasted into issues: a password in it would travel with it
      require(url == null || !holdsPassword(url),
          "url holds a password; give it in PGPASSWORD or a pgpass file (~/.pgpass, PGPASSFILE), never in the scenario file");
    }

    /** Whether the URL carries a password (user:pw@ or ?password=); a malformed URL is refused later, redacted. */
    private static boolean holdsPassword(String url) {
      try {
        return DbTarget.parse(url, Map.of(), null).password() != null;
      } catch (IllegalArgumentException malformed) {
        return url.contains("password=") || url.matches("(?s)[^/]*//[^/@]*:[^/@]*@.*");
      }
    }
  }

  /**
   * The service level ({@code serve-race}, {@code curve}/{@code capacity --level service}): the
   * variants to race (default: every one built) and the endpoint of the service contract. Variants
   * named here that cannot run on the race's engine are left out, said in one line.
   * {@code request-timeout} is the generator's limit on one request ({@code --request-timeout}).
   */
  public record Service(List<String> services, String endpoint,
      @JsonDeserialize(using = ScenarioReader.Duration.class) Long requestTimeout) {
    public Service {
      require(requestTimeout == null || (requestTimeout >= 1 && requestTimeout <= Defaults.REQUEST_TIMEOUT_MAX_MS),
          "service.request-timeout must be 1ms.." + Defaults.REQUEST_TIMEOUT_MAX_MS / 60_000 + "m, got " + requestTimeout + " ms");
      require(services == null || !services.isEmpty(), "service.services: give at least one, or leave the key out for every one built");
      if (endpoint != null) {
        try {
          Endpoints.forEndpoint(endpoint);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("service.endpoint: " + e.getMessage());
        }
      }
    }
  }

  /** One engine's own schema and seed files. */
  record SetupFiles(
      @JsonDeserialize(contentUsing = ScenarioReader.FilePath.class) List<Path> schema,
      @JsonDeserialize(contentUsing = ScenarioReader.FilePath.class) List<Path> seed) {
    SetupFiles {
      schema = schema == null ? List.of() : schema;
      seed = seed == null ? List.of() : seed;
    }
  }

  /** One kind of operation: one statement ({@code sql}, {@code params}, {@code expect}) or a list of them. */
  record Op(String name, String sql, List<ParamGen> params, Expect expect, List<Statement> statements,
      Integer weight, Integer repeat, Boolean transaction) {
    Op {
      require(name != null && !name.isBlank(), "missing name");
      require(sql != null || statements != null, "missing sql (or statements)");
      require(sql == null || statements == null, "give sql or statements, not both");
      require(statements == null || (params == null && expect == null), "params and expect go into each of the statements");
      require(statements == null || !statements.isEmpty(), "statements is empty");
      require(weight == null || weight > 0, "weight must be > 0, got " + weight);
      require(repeat == null || (repeat > 0 && repeat <= Defaults.REPEAT_MAX),
          "repeat must be 1.." + Defaults.REPEAT_MAX + ", got " + repeat);
      if (sql != null) {
        Statement.checkPlaceholders(sql, params == null ? 0 : params.size());
      }
    }

    List<Statement> statementList() {
      return statements != null ? statements : List.of(new Statement(sql, params, expect));
    }
  }

  /** One statement of an operation. */
  record Statement(String sql, List<ParamGen> params, Expect expect) {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$(\\d+)");

    Statement {
      require(sql != null && !sql.isBlank(), "missing sql");
      params = params == null ? List.of() : params;
      checkPlaceholders(sql, params.size());
    }

    /** Every {@code $n} has its parameter and every parameter its {@code $n}. */
    static void checkPlaceholders(String sql, int params) {
      int highest = 0;
      BitSet used = new BitSet();
      Matcher m = PLACEHOLDER.matcher(sql);
      while (m.find()) {
        int n = m.group(1).length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(m.group(1));
        require(n >= 1, "sql uses $0; placeholders count from $1");
        require(n <= params, "sql uses $" + m.group(1) + " but has "
            + (params == 0 ? "no params" : "only " + params + " param" + (params == 1 ? "" : "s")));
        used.set(n);
        highest = Math.max(highest, n);
      }
      require(highest == params, params + " params but the sql uses " + (highest == 0 ? "no placeholder" : "only up to $" + highest));
      require(used.cardinality() == highest, "sql skips a placeholder: it uses up to $" + highest + " but not each of $1..$" + highest);
    }
  }

  /** What every execution must return: {@code rows: N}, {@code rows: {min, max}}, {@code non-empty: true}. */
  record Expect(Rows rows, Boolean nonEmpty) {
    long min() {
      return Math.max(rows == null ? 0 : rows.min(), Boolean.TRUE.equals(nonEmpty) ? 1 : 0);
    }

    long max() {
      return rows == null ? Long.MAX_VALUE : rows.max();
    }

    Expect {
      require(rows != null || nonEmpty != null, "expect: give rows and/or non-empty");
      require(!(Boolean.TRUE.equals(nonEmpty) && rows != null && rows.max() == 0), "non-empty contradicts rows max 0");
    }
  }

  /** An exact row count or a range. */
  record Rows(long min, long max) {
    @JsonCreator
    Rows(@JsonProperty("min") Long min, @JsonProperty("max") Long max) {
      this(min == null ? 0 : min, max == null ? Long.MAX_VALUE : max);
    }

    Rows {
      require(min >= 0, "rows: min must be >= 0, got " + min);
      require(max >= min, "rows: min " + min + " > max " + max);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Rows exactly(long n) {
      return new Rows(n, n);
    }
  }

  /**
   * The load: {@code {model: open, rate, duration, warmup}} or {@code {model: closed, concurrency,
   * duration | executions, warmup}}; either with {@code rounds} (how many times each stack runs, interleaved).
   */
  public record Load(String model, Double rate, Integer concurrency, Long executions,
      @JsonDeserialize(using = ScenarioReader.Duration.class) Long duration,
      @JsonDeserialize(using = ScenarioReader.Warmup.class) Long warmup,
      Integer rounds) {
    public Load {
      require(model != null, "load: missing model (open or closed)");
      require(model.equals("open") || model.equals("closed"), "load: unknown model '" + model + "' (known: closed, open)");
      if (model.equals("open")) {
        require(rate != null, "load: model open needs a rate (arrivals per second)");
        require(rate > 0 && rate <= Defaults.RATE_MAX, "load: rate must be > 0 and <= " + Defaults.RATE_MAX + ", got " + rate);
        require(concurrency == null && executions == null, "load: concurrency and executions are for model closed");
      } else {
        require(rate == null, "load: rate is for model open");
        require(concurrency == null || (concurrency >= 1 && concurrency <= Defaults.CONCURRENCY_MAX),
            "load: concurrency must be 1.." + Defaults.CONCURRENCY_MAX + ", got " + concurrency);
        require(executions == null || executions > 0, "load: executions must be > 0");
        require(executions == null || duration == null, "load: give executions or duration, not both");
      }
      require(duration == null || duration > 0, "load: duration must be > 0");
      require(rounds == null || (rounds >= 1 && rounds <= Defaults.MAX_ROUNDS),
          "load: rounds must be 1.." + Defaults.MAX_ROUNDS + ", got " + rounds);
    }
  }

  static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
