package dev.dbrace.core.workload;

import dev.dbrace.core.workload.ColumnCheck.EqualsParam;
import dev.dbrace.core.workload.ColumnCheck.IntRange;
import dev.dbrace.core.workload.ColumnCheck.NotBlank;
import dev.dbrace.core.workload.ParamGen.Uniform;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The service level's workloads: one HTTP endpoint of the service contract (docs/service-contract.md)
 * as a {@link WorkloadSpec}, so the load models, verification and results of the driver level apply
 * unchanged. The statement's "SQL" is the request path, {@code $1} standing for a generated
 * parameter; its row count and checks apply to the rows the HTTP generator reads out of the answer.
 */
public final class Endpoints {
  static final String WORLD_BY_ID = "SELECT id, randomnumber FROM world WHERE id = $1";
  static final String WORLD_UPDATE = "UPDATE world SET randomnumber = $1 WHERE id = $2";
  static final String FORTUNES = "SELECT id, message FROM fortune";
  static final String FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = $1";
  static final String SLOW = "SELECT id, randomnumber FROM world, pg_sleep($2) WHERE id = $1";
  static final String FORTUNE_BY_ID = "SELECT id, message FROM fortune WHERE id = $1";
  /** fortune rows in the dataset, plus the one every /fortunes answer adds. */
  public static final int FORTUNE_ROWS = 12;
  /** The largest user id /notifications draws. */
  public static final int USERS = 1_000_000;

  /** The name of the mix of every endpoint. */
  public static final String ALL = "all";
  private static final List<String> ALL_ENDPOINTS =
      List.of("/db", "/queries?queries=5", "/updates?queries=5", "/fortunes", "/film", "/notifications");

  private static final Map<String, String> DESCRIPTIONS = new LinkedHashMap<>();
  /** The catalogue has more rows than this on both engines, so /relations?limit=N answers exactly N. */
  static final int RELATIONS_LIMIT_MAX = 50;

  static {
    DESCRIPTIONS.put("/db", "one random world row as JSON (TechEmpower single query)");
    DESCRIPTIONS.put("/queries?queries=N", "N world rows, each its own select (TechEmpower multiple queries; N clamped to 1..500)");
    DESCRIPTIONS.put("/updates?queries=N", "N world rows read, given new random numbers and written back");
    DESCRIPTIONS.put("/fortunes", "TechEmpower's fortunes HTML page: all rows plus one, sorted, escaped");
    DESCRIPTIONS.put("/film/{fid}", "E1's view query by a random FID in 0..989");
    DESCRIPTIONS.put("/notifications/{user}",
        "E4's aggregator: a slow query (30-200 ms), MongoDB's notifications (or a fortune) and a remote call (1-3 s) for a random user");
    DESCRIPTIONS.put("/relations",
        "E5's catalogue query as JSON (Firebird: rdb$relations; PostgreSQL: pg_class), the same bytes in every answer");
    DESCRIPTIONS.put("/relations?limit=N", "its first N rows (1..50), cut by the database (E5's 10-row follow-up)");
    DESCRIPTIONS.put(ALL, "every endpoint above but /relations (not every variant serves it) in equal shares "
        + "(/queries and /updates with 5 rows): a variant's smoke test");
  }


  private Endpoints() {}

  public static Map<String, String> descriptions() {
    return Collections.unmodifiableMap(DESCRIPTIONS);
  }

  /**
   * The endpoint as a workload. {@code /film} and {@code /notifications} without an id draw one per
   * request; a request path with an id keeps it.
   *
   * @throws IllegalArgumentException in one line naming the endpoint, when it is not one of the contract's
   */
  public static WorkloadSpec forEndpoint(String endpoint) {
    if (ALL.equals(endpoint)) {
      List<OperationSpec> mix = ALL_ENDPOINTS.stream().map(e -> forEndpoint(e).mix().get(0)).toList();
      return new WorkloadSpec(ALL, DESCRIPTIONS.get(ALL), mix, Map.of());
    }
    String path = pathOf(endpoint);
    List<ColumnCheck> worldChecks = List.of(new IntRange(0, 1, 10_000), new IntRange(1, 1, 10_000));
    StatementSpec s = switch (path) {
      case "/db" -> new StatementSpec("/db", List.of(), 1, worldChecks);
      case "/queries", "/updates" -> {
        int n = queries(endpoint);
        yield new StatementSpec(path + "?queries=" + n, List.of(), n, worldChecks);
      }
      case "/fortunes" -> new StatementSpec("/fortunes", List.of(), FORTUNE_ROWS + 1,
          List.of(new IntRange(0, 0, Integer.MAX_VALUE), new NotBlank(1)));
      case "/film" -> new StatementSpec("/film/$1", List.of(new Uniform(0, 989)), 1,
          List.of(new EqualsParam(0, 0), new NotBlank(1)));
      case "/notifications" -> new StatementSpec("/notifications/$1", List.of(new Uniform(1, USERS)), 3, List.of());
      // the catalogue's row count is the engine's; the generator checks that every answer is the first's bytes
      case "/relations" -> relations(endpoint);
      default -> fixedId(endpoint, path);
    };
    String name = s.params().isEmpty() ? s.sql() : s.sql().replace("$1", "{" + (path.startsWith("/film") ? "fid" : "user") + "}");
    String description = DESCRIPTIONS.entrySet().stream().filter(e -> e.getKey().startsWith(path.replaceAll("/\\d+$", "")))
        .map(Map.Entry::getValue).findFirst().orElse(endpoint);
    return new WorkloadSpec(name, description, List.of(new OperationSpec(name, 1, 1, List.of(s))), Map.of());
  }

  /**
   * E5's catalogue; {@code /relations?limit=N} (E5's follow-up) its first N rows, cut by the database:
   * exactly N, so N is 1..50 (the catalogue has more than 50 rows on both engines).
   */
  private static StatementSpec relations(String endpoint) {
    int q = endpoint.indexOf('?');
    if (q < 0) {
      return new StatementSpec("/relations", List.of(), 1, Long.MAX_VALUE, List.of());
    }
    String query = endpoint.substring(q + 1);
    int n = query.matches("limit=\\d{1,6}") ? Integer.parseInt(query.substring(6)) : 0;
    if (n < 1 || n > RELATIONS_LIMIT_MAX) {
      throw new IllegalArgumentException("/relations takes only limit=N, N in 1.." + RELATIONS_LIMIT_MAX + "; got '" + endpoint + "'");
    }
    return new StatementSpec("/relations?limit=" + n, List.of(), n, List.of());
  }

  private static StatementSpec fixedId(String endpoint, String path) {
    String[] parts = path.split("/");
    if (parts.length == 3 && parts[2].matches("\\d{1,9}")) {
      int id = Integer.parseInt(parts[2]);
      if (parts[1].equals("film")) {
        return new StatementSpec(path, List.of(), 1, List.of(new IntRange(0, id, id), new NotBlank(1)));
      }
      if (parts[1].equals("notifications")) {
        return new StatementSpec(path, List.of(), 3, List.of());
      }
    }
    throw new IllegalArgumentException("unknown endpoint '" + endpoint + "' (known: "
        + String.join(", ", DESCRIPTIONS.keySet()) + ")");
  }

  /**
   * The statements the service runs for one request of this workload, as the database counts them
   * (pg_stat_statements): the server's count beside the client's for every service-level run.
   */
  public static List<String> serverStatements(WorkloadSpec workload) {
    return serverStatements(workload, NotificationData.SlowSource.SLEEP, true);
  }

  /**
   * As {@link #serverStatements(WorkloadSpec)} for a variant whose /notifications reads the slow source
   * {@code slow} and, unless {@code fortune} is false (its second source is MongoDB), a fortune.
   */
  public static List<String> serverStatements(WorkloadSpec workload, NotificationData.SlowSource slow, boolean fortune) {
    if (ALL.equals(workload.name())) {
      return ALL_ENDPOINTS.stream().flatMap(e -> serverStatements(forEndpoint(e), slow, fortune).stream()).distinct().toList();
    }
    String path = pathOf(workload.name());
    List<String> out = new ArrayList<>();
    switch (path.replaceAll("/(\\d+|\\{\\w+})$", "")) {
      case "/db" -> out.add(WORLD_BY_ID);
      case "/queries" -> out.addAll(Collections.nCopies(queries(workload.name()), WORLD_BY_ID));
      case "/updates" -> {
        out.addAll(Collections.nCopies(queries(workload.name()), WORLD_BY_ID));
        out.addAll(Collections.nCopies(queries(workload.name()), WORLD_UPDATE));
      }
      case "/fortunes" -> out.add(FORTUNES);
      case "/film" -> out.add(FILM);
      case "/notifications" -> {
        out.add(slow == NotificationData.SlowSource.QUERY ? NotificationData.SLOW_QUERY_SQL : SLOW);
        if (fortune) {
          out.add(FORTUNE_BY_ID);
        }
      }
      default -> { }
    }
    return out;
  }

  private static String pathOf(String endpoint) {
    if (endpoint == null || !endpoint.startsWith("/")) {
      throw new IllegalArgumentException("an endpoint starts with '/', e.g. /queries?queries=20; got '" + endpoint + "'");
    }
    int q = endpoint.indexOf('?');
    return q < 0 ? endpoint : endpoint.substring(0, q);
  }

  /** TechEmpower's rule: missing or not an integer is 1, below 1 is 1, above 500 is 500. */
  static int queries(String endpoint) {
    int q = endpoint.indexOf("queries=");
    if (q < 0) {
      return 1;
    }
    String v = endpoint.substring(q + "queries=".length()).split("&", 2)[0];
    try {
      return Math.max(1, Math.min(500, Integer.parseInt(v)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
