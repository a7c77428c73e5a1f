package dev.dbrace.services.spring;

import static dev.dbrace.services.spring.SpringServiceIT.get;
import static dev.dbrace.services.spring.SpringServiceIT.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.dbrace.db.DbTarget;
import dev.dbrace.service.host.ServiceProcess;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/** The contract's endpoints, each answer checked against the database's own rows. */
public final class ContractChecks {
  private final ServiceProcess service;
  private final DbTarget db;

  ContractChecks(ServiceProcess service, DbTarget db) {
    this.service = service;
    this.db = db;
  }

  /** Every check; {@code streamingUser} ≥ 0 also checks that its notifications stream. */
  void all(int streamingUser) throws Exception {
    db();
    for (String q : List.of("0", "1", "20", "501", "foo", "")) {
      queries(q);
    }
    queriesWithout();
    updates();
    fortunes();
    film();
    notifications(42);
    if (streamingUser >= 0) {
      notificationsStream(streamingUser);
    }
  }

  void db() throws Exception {
    HttpResponse<String> r = ok("/db", "application/json");
    JsonNode row = json(r);
    assertEquals(Set.of("id", "randomNumber"), fields(row), r.body());
    assertWorldRows(List.of(row));
  }

  void queries(String n) throws Exception {
    int expected = switch (n) {
      case "20" -> 20;
      case "501" -> 500;
      default -> 1; // 0, 1, foo, empty
    };
    JsonNode rows = json(ok("/queries?queries=" + n, "application/json"));
    assertTrue(rows.isArray(), "queries=" + n + ": " + rows);
    assertEquals(expected, rows.size(), "queries=" + n);
    assertWorldRows(list(rows));
  }

  void queriesWithout() throws Exception {
    JsonNode rows = json(ok("/queries", "application/json"));
    assertEquals(1, rows.size(), rows.toString());
  }

  /** The answer's values are in the database afterwards; a repeated id holds its last value. */
  void updates() throws Exception {
    JsonNode rows = json(ok("/updates?queries=5", "application/json"));
    assertEquals(5, rows.size(), rows.toString());
    Map<Integer, Integer> last = new HashMap<>();
    for (JsonNode row : rows) {
      assertEquals(Set.of("id", "randomNumber"), fields(row), row.toString());
      assertInRange(row.get("randomNumber").asInt(), row.toString());
      last.put(row.get("id").asInt(), row.get("randomNumber").asInt());
    }
    Map<Integer, Integer> stored = worlds(last.keySet());
    assertEquals(last, stored, "rows as read back from the database");
  }

  void fortunes() throws Exception {
    HttpResponse<String> r = ok("/fortunes", "text/html");
    String type = r.headers().firstValue("Content-Type").orElse("").toLowerCase().replace(" ", "");
    assertEquals("text/html;charset=utf-8", type);
    assertEquals(expectedFortunes(), r.body());
    assertTrue(r.body().contains("<tr><td>11</td><td>&lt;script&gt;alert(&quot;This should not be "
        + "displayed in a browser alert box.&quot;);&lt;/script&gt;</td></tr>"), r.body());
  }

  void film() throws Exception {
    JsonNode film = json(ok("/film/1", "application/json"));
    assertEquals(Set.of("fid", "title"), fields(film), film.toString());
    assertEquals(1, film.get("fid").asInt());
    assertEquals(query("SELECT title FROM nicer_but_slower_film_list WHERE fid = 1").get(0).get(0),
        film.get("title").asText());
    assertEquals(404, get(service, "/film/999999").statusCode());
  }

  /** The three objects (as a JSON array or as NDJSON lines) with the database's and stub's values. */
  void notifications(int user) throws Exception {
    HttpResponse<String> r = get(service, "/notifications/" + user);
    assertEquals(200, r.statusCode(), r.body());
    String type = r.headers().firstValue("Content-Type").orElse("");
    List<JsonNode> objects = new ArrayList<>();
    if (type.startsWith("application/x-ndjson")) {
      for (String line : r.body().split("\n")) {
        if (!line.isBlank()) {
          objects.add(SpringServiceIT.JSON.readTree(line));
        }
      }
    } else {
      assertTrue(type.startsWith("application/json"), type);
      objects.addAll(list(json(r)));
    }
    assertEquals(3, objects.size(), r.body());
    Map<String, JsonNode> bySource = new HashMap<>();
    objects.forEach(o -> bySource.put(o.get("source").asText(), o));
    assertEquals(Set.of("slow", "fortune", "remote"), bySource.keySet(), r.body());

    JsonNode slow = bySource.get("slow");
    assertEquals(Set.of("source", "id", "randomNumber"), fields(slow));
    int slowId = user % 10000 + 1;
    assertEquals(slowId, slow.get("id").asInt());
    assertEquals(worlds(Set.of(slowId)).get(slowId), slow.get("randomNumber").asInt());

    JsonNode fortune = bySource.get("fortune");
    assertEquals(Set.of("source", "id", "message"), fields(fortune));
    int fortuneId = user % 12 + 1;
    assertEquals(fortuneId, fortune.get("id").asInt());
    assertEquals(query("SELECT message FROM fortune WHERE id = " + fortuneId).get(0).get(0),
        fortune.get("message").asText());

    JsonNode remote = bySource.get("remote");
    assertEquals(Set.of("source", "user", "delayMs"), fields(remote));
    assertEquals(user, remote.get("user").asInt());
    assertTrue(remote.get("delayMs").asInt() >= 200, remote.toString());
  }

  /**
   * A streaming variant writes the slow and fortune objects while the remote (1 s for this user)
   * is still pending: the first line must arrive well before the last.
   */
  void notificationsStream(int user) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(service.uri("/notifications/" + user))
        .timeout(Duration.ofSeconds(20)).build();
    long start = System.nanoTime();
    List<Long> arrivals = new ArrayList<>();
    HttpResponse<Stream<String>> r = SpringServiceIT.HTTP.send(request, HttpResponse.BodyHandlers.ofLines());
    assertEquals("application/x-ndjson", r.headers().firstValue("Content-Type").orElse(""));
    List<String> lines = new ArrayList<>();
    try (Stream<String> body = r.body()) {
      body.filter(l -> !l.isBlank()).forEach(l -> {
        arrivals.add((System.nanoTime() - start) / 1_000_000);
        lines.add(l);
      });
    }
    assertEquals(3, lines.size(), lines.toString());
    assertTrue(lines.get(2).contains("\"remote\""), "the remote answers last: " + lines);
    long gap = arrivals.get(2) - arrivals.get(0);
    assertTrue(gap > 400, "first line at " + arrivals.get(0) + " ms, last at " + arrivals.get(2)
        + " ms: not streamed");
  }

  private HttpResponse<String> ok(String path, String contentType) throws Exception {
    HttpResponse<String> r = get(service, path);
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    String type = r.headers().firstValue("Content-Type").orElse("");
    assertTrue(type.startsWith(contentType), path + ": Content-Type " + type);
    return r;
  }

  /** Each row's id is 1..10000 and its randomNumber the database's. */
  private void assertWorldRows(List<JsonNode> rows) throws Exception {
    Map<Integer, Integer> ids = new HashMap<>();
    for (JsonNode row : rows) {
      assertEquals(Set.of("id", "randomNumber"), fields(row), row.toString());
      assertTrue(row.get("id").isInt() && row.get("randomNumber").isInt(), row.toString());
      assertInRange(row.get("id").asInt(), row.toString());
      ids.put(row.get("id").asInt(), row.get("randomNumber").asInt());
    }
    assertEquals(worlds(ids.keySet()), ids);
  }

  private static void assertInRange(int v, String what) {
    assertTrue(v >= 1 && v <= 10_000, what);
  }

  /** The page computed here from the fortune table, independently of FortunesPage. */
  private String expectedFortunes() throws Exception {
    List<List<Object>> rows = new ArrayList<>(query("SELECT id, message FROM fortune"));
    rows.add(List.of(0, "Additional fortune added at request time."));
    rows.sort(Comparator.comparing(row -> (String) row.get(1)));
    StringBuilder html = new StringBuilder("<!DOCTYPE html><html><head><title>Fortunes</title></head>"
        + "<body><table><tr><th>id</th><th>message</th></tr>");
    for (List<Object> row : rows) {
      String message = ((String) row.get(1)).replace("&", "&amp;").replace("<", "&lt;")
          .replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
      html.append("<tr><td>").append(row.get(0)).append("</td><td>").append(message).append("</td></tr>");
    }
    return html.append("</table></body></html>").toString();
  }

  private Map<Integer, Integer> worlds(Set<Integer> ids) throws Exception {
    Map<Integer, Integer> rows = new HashMap<>();
    try (Connection c = db.connect();
        PreparedStatement ps = c.prepareStatement("SELECT id, randomnumber FROM world WHERE id = ANY (?)")) {
      ps.setArray(1, c.createArrayOf("int4", ids.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.put(rs.getInt(1), rs.getInt(2));
        }
      }
    }
    return rows;
  }

  private List<List<Object>> query(String sql) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    try (Connection c = db.connect(); ResultSet rs = c.createStatement().executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          row.add(rs.getObject(i));
        }
        rows.add(row);
      }
    }
    return rows;
  }

  private static Set<String> fields(JsonNode node) {
    Set<String> names = new HashSet<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> nodes = new ArrayList<>();
    array.forEach(nodes::add);
    return nodes;
  }
}
