package dev.dbrace.runner.service.tfb;

import dev.dbrace.runner.service.tfb.TfbCheck.Outcome;
import dev.dbrace.runner.service.tfb.TfbFortunes.Fortune;
import dev.dbrace.runner.service.tfb.TfbStatements.Expected;
import dev.dbrace.runner.service.tfb.TfbStatements.Totals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs TechEmpower's verification on a running service variant, as TFB's toolset runs it for the db, query, update
 * and fortune test types: each URL once with the test type's checks (body, headers), the query cases
 * ({@code queries=} 2, 0, foo, 501 and empty; 501 graded leniently, as TFB does), the world table read before the
 * update cases and after queries=501, a burst of requests per test type counted on the server, and every URL asked
 * again {@link #DATE_GAP} later for the cached-Date rule (the bursts run in that gap, so it costs little extra).
 * {@code db} is a connection to the service's database (PostgreSQL with pg_stat_statements), used between requests
 * only, so that the server counts only the service's statements in a burst. Not thread-safe; one service at a time.
 */
public final class TfbRules implements AutoCloseable {
  /** The least time between the two requests of the cached-Date rule (TFB sleeps 3 s; a Date changes every second). */
  public static final Duration DATE_GAP = Duration.ofSeconds(2);
  /** A burst's requests, and how many at once (TFB: 512 at once, once; fewer here to keep a test short). */
  static final int BURST = 64;
  static final int BURST_CONCURRENCY = 8;
  /** TFB's queries= cases and its grade of each. */
  static final Map<String, Outcome> CASES = cases();

  private final Connection db;
  private final TfbHttp http = new TfbHttp();

  public TfbRules(Connection db) {
    this.db = db;
  }

  /** Every check on the service at {@code baseUrl} (e.g. {@code http://127.0.0.1:8080}), grouped by URL. */
  public List<TfbCheck> check(String baseUrl) throws SQLException, InterruptedException {
    Map<String, List<TfbCheck>> byUrl = new LinkedHashMap<>();
    List<Map.Entry<TfbResponse, TfbType>> firsts = new ArrayList<>();
    TfbResponse db = first(baseUrl + "/db", TfbType.JSON, firsts, byUrl);
    add(byUrl, TfbWorlds.db(db));
    for (Map.Entry<String, Outcome> c : CASES.entrySet()) {
      TfbResponse r = first(baseUrl + "/queries?queries=" + c.getKey(), TfbType.JSON, firsts, byUrl);
      add(byUrl, TfbWorlds.list(r, TfbWorlds.expectedLength(c.getKey()), c.getValue()));
    }
    Map<Integer, Integer> before = world();
    for (Map.Entry<String, Outcome> c : CASES.entrySet()) {
      TfbResponse r = first(baseUrl + "/updates?queries=" + c.getKey(), TfbType.JSON, firsts, byUrl);
      add(byUrl, TfbWorlds.list(r, TfbWorlds.expectedLength(c.getKey()), c.getValue()));
      if (TfbWorlds.expectedLength(c.getKey()) == TfbWorlds.MAX) {
        add(byUrl, List.of(updatesWritten(r.url(), before, world())));
      }
    }
    List<Fortune> fortunes = fortunes();
    TfbResponse page = first(baseUrl + "/fortunes", TfbType.HTML, firsts, byUrl);
    add(byUrl, List.of(TfbFortunes.check(page, fortunes)));
    long firstsDone = System.nanoTime();

    add(byUrl, burst(baseUrl + "/db", TfbType.JSON, "world", new Expected(BURST, 1, 1, 0)));
    add(byUrl, burst(baseUrl + "/queries?queries=20", TfbType.JSON, "world", new Expected(BURST, 20, 20, 0)));
    add(byUrl, burst(baseUrl + "/updates?queries=20", TfbType.JSON, "world", new Expected(BURST, 20, 20, 20)));
    add(byUrl, burst(baseUrl + "/fortunes", TfbType.HTML, "fortune", new Expected(BURST, 1, fortunes.size(), 0)));

    long wait = DATE_GAP.toNanos() - (System.nanoTime() - firstsDone);
    if (wait > 0) {
      Thread.sleep(Duration.ofNanos(wait));
    }
    for (Map.Entry<TfbResponse, TfbType> f : firsts) {
      add(byUrl, List.of(TfbHeaders.dateChanges(f.getKey(), http.get(f.getKey().url(), f.getValue()))));
    }
    return byUrl.values().stream().flatMap(List::stream).toList();
  }

  /** The URL's first answer, its header checks added, kept for the cached-Date rule. */
  private TfbResponse first(String url, TfbType type, List<Map.Entry<TfbResponse, TfbType>> firsts,
      Map<String, List<TfbCheck>> byUrl)
      throws InterruptedException {
    TfbResponse r = http.get(url, type);
    firsts.add(Map.entry(r, type));
    byUrl.computeIfAbsent(url, k -> new ArrayList<>());
    add(byUrl, TfbHeaders.check(r, type));
    return r;
  }

  private static void add(Map<String, List<TfbCheck>> byUrl, List<TfbCheck> checks) {
    checks.forEach(c -> byUrl.computeIfAbsent(c.url(), k -> new ArrayList<>()).add(c));
  }

  /**
   * TFB's {@code verify_updates}: rows whose randomNumber changed between the two readings; none, or 90 % or fewer of
   * the 500 asked, fails; 95 % or fewer warns (an update may draw the value it replaces, a row may be drawn twice).
   */
  static TfbCheck updatesWritten(String url, Map<Integer, Integer> before, Map<Integer, Integer> after) {
    long changed = after.entrySet().stream().filter(e -> before.containsKey(e.getKey())
        && !before.get(e.getKey()).equals(e.getValue())).count();
    String why = changed == 0 ? "no row of world changed"
        : changed <= TfbWorlds.MAX * 0.95 ? "only " + changed + " rows of world changed for roughly " + TfbWorlds.MAX : null;
    Outcome grade = changed <= TfbWorlds.MAX * 0.90 ? Outcome.FAIL : Outcome.WARN;
    return TfbCheck.of(url, TfbRule.UPDATES_WRITTEN, grade, why);
  }

  /** {@link #BURST} requests, {@link #BURST_CONCURRENCY} at once, and what the server counted meanwhile. */
  private List<TfbCheck> burst(String url, TfbType type, String table, Expected expected) throws SQLException, InterruptedException {
    Totals before = TfbStatements.read(db, table);
    int failed = 0;
    try (ExecutorService pool = Executors.newFixedThreadPool(BURST_CONCURRENCY)) {
      List<Future<TfbResponse>> answers = new ArrayList<>();
      for (int i = 0; i < expected.requests(); i++) {
        answers.add(pool.submit(() -> http.get(url, type)));
      }
      for (Future<TfbResponse> a : answers) {
        failed += a.get().notAnswered() == null ? 0 : 1;
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause());
    }
    return TfbStatements.judge(url, expected, settled(table).minus(before), failed, Runtime.getRuntime().availableProcessors());
  }

  /**
   * The counts once they stop moving: the server records a statement when its portal closes, which may come a
   * moment after the service answered.
   */
  private Totals settled(String table) throws SQLException, InterruptedException {
    Totals last = TfbStatements.read(db, table);
    for (int i = 0; i < 20; i++) {
      Thread.sleep(50);
      Totals now = TfbStatements.read(db, table);
      if (now.equals(last)) {
        return now;
      }
      last = now;
    }
    return last;
  }

  private Map<Integer, Integer> world() throws SQLException {
    Map<Integer, Integer> rows = new HashMap<>();
    try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT id, randomnumber FROM world")) {
      while (rs.next()) {
        rows.put(rs.getInt(1), rs.getInt(2));
      }
    }
    return rows;
  }

  private List<Fortune> fortunes() throws SQLException {
    List<Fortune> rows = new ArrayList<>();
    try (Statement st = db.createStatement(); ResultSet rs = st.executeQuery("SELECT id, message FROM fortune")) {
      while (rs.next()) {
        rows.add(new Fortune(rs.getInt(1), rs.getString(2)));
      }
    }
    return rows;
  }

  private static Map<String, Outcome> cases() {
    Map<String, Outcome> c = new LinkedHashMap<>();
    c.put("2", Outcome.FAIL);
    c.put("0", Outcome.FAIL);
    c.put("foo", Outcome.FAIL);
    c.put("501", Outcome.WARN);
    c.put("", Outcome.FAIL);
    return java.util.Collections.unmodifiableMap(c);
  }

  @Override
  public void close() {
    http.close();
  }
}
