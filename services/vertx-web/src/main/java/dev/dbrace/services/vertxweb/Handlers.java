package dev.dbrace.services.vertxweb;

import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** The contract's endpoints as futures of their bodies; the SQL texts are the contract's, so the server counts them. */
final class Handlers {
  private static final String WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
  private static final String UPDATE = "UPDATE world SET randomnumber = $1 WHERE id = $2";
  private static final String FORTUNES = "SELECT id, message FROM fortune";
  private static final String FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = $1";
  private static final String SLOW = "SELECT id, randomnumber FROM world, pg_sleep($2) WHERE id = $1";
  /** E4's slow query (DBRACE_SLOW_SOURCE=query): lookup has no index, so it scans slow_world's 1 M rows. */
  private static final String SLOW_QUERY = "SELECT id, randomnumber FROM slow_world WHERE lookup = $1";
  private static final String FORTUNE = "SELECT id, message FROM fortune WHERE id = $1";

  private final Pool pool;
  private final HttpClient http;
  private final String remoteUrl;
  private final boolean slowQuery;
  private final MongoNotes mongo;

  Handlers(Pool pool, HttpClient http, String remoteUrl) {
    this(pool, http, remoteUrl, false, null);
  }

  /**
   * {@code slowQuery}: /notifications' slow source is the slow_world scan, not pg_sleep; {@code mongo}: its second
   * source is MongoDB, or the fortune query when null (no DBRACE_MONGO_URL).
   */
  Handlers(Pool pool, HttpClient http, String remoteUrl, boolean slowQuery, MongoNotes mongo) {
    this.pool = pool;
    this.http = http;
    this.remoteUrl = remoteUrl;
    this.slowQuery = slowQuery;
    this.mongo = mongo;
  }

  /** TechEmpower's rule: missing or not an integer is 1, then clamped to 1..500. */
  static int count(String param) {
    try {
      return Math.max(1, Math.min(500, Integer.parseInt(param)));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private static int randomId() {
    return 1 + ThreadLocalRandom.current().nextInt(10_000);
  }

  private Future<JsonObject> world(int id) {
    return pool.preparedQuery(WORLD).execute(Tuple.of(id)).map(rs -> {
      Row r = rs.iterator().next();
      return new JsonObject().put("id", r.getInteger(0)).put("randomNumber", r.getInteger(1));
    });
  }

  Future<String> db() {
    return world(randomId()).map(JsonObject::encode);
  }

  private Future<List<JsonObject>> worlds(int n) {
    List<Future<JsonObject>> all = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      all.add(world(randomId())); // n separate statements; the pool runs them side by side
    }
    return Future.all(all).map(cf -> cf.<JsonObject>list());
  }

  Future<String> queries(int n) {
    return worlds(n).map(l -> new JsonArray(new ArrayList<>(l)).encode());
  }

  Future<String> updates(int n) {
    return worlds(n).compose(rows -> {
      List<Tuple> batch = new ArrayList<>(n);
      for (JsonObject w : rows) {
        int v = 1 + ThreadLocalRandom.current().nextInt(10_000);
        w.put("randomNumber", v);
        batch.add(Tuple.of(v, w.getInteger("id")));
      }
      // sorted by id, so two requests updating the same rows cannot deadlock
      batch.sort(Comparator.comparingInt(t -> t.getInteger(1)));
      return pool.preparedQuery(UPDATE).executeBatch(batch).map(done -> new JsonArray(new ArrayList<>(rows)).encode());
    });
  }

  Future<String> fortunes() {
    return pool.preparedQuery(FORTUNES).execute().map(rs -> {
      List<Object[]> rows = new ArrayList<>();
      rs.forEach(r -> rows.add(new Object[] {r.getInteger(0), r.getString(1)}));
      rows.add(new Object[] {0, "Additional fortune added at request time."});
      rows.sort(Comparator.comparing(r -> (String) r[1]));
      StringBuilder b = new StringBuilder("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>"
          + "<tr><th>id</th><th>message</th></tr>");
      rows.forEach(r -> b.append("<tr><td>").append(r[0]).append("</td><td>").append(escape((String) r[1])).append("</td></tr>"));
      return b.append("</table></body></html>").toString();
    });
  }

  static String escape(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> b.append(c);
      }
    }
    return b.toString();
  }

  /** null when there is no such film (a 404). */
  Future<String> film(String fidText) {
    int fid;
    try {
      fid = Integer.parseInt(fidText);
    } catch (NumberFormatException e) {
      return Future.succeededFuture(null);
    }
    return pool.preparedQuery(FILM).execute(Tuple.of(fid)).map(rs -> rs.size() == 0 ? null
        : new JsonObject().put("fid", fid).put("title", rs.iterator().next().getString(0)).encode());
  }

  /** E4's three sources (the slow one, MongoDB or the fortune, the remote), asked at once; the answer when all three are in. */
  Future<String> notifications(long user) {
    int id = (int) (user % 10_000 + 1);
    double sleep = (30 + user % 171) / 1000.0;
    Future<JsonObject> slow = (slowQuery ? pool.preparedQuery(SLOW_QUERY).execute(Tuple.of(id))
        : pool.preparedQuery(SLOW).execute(Tuple.of(id, sleep))).map(rs -> {
      Row r = rs.iterator().next();
      return new JsonObject().put("source", "slow").put("id", r.getInteger(0)).put("randomNumber", r.getInteger(1));
    });
    Future<JsonObject> second = mongo != null ? mongo.read(user)
        : pool.preparedQuery(FORTUNE).execute(Tuple.of((int) (user % 12 + 1))).map(rs -> {
          Row r = rs.iterator().next();
          return new JsonObject().put("source", "fortune").put("id", r.getInteger(0)).put("message", r.getString(1));
        });
    Future<JsonObject> remote = http.request(HttpMethod.GET, remotePort(), remoteHost(), "/remote/" + user)
        .compose(req -> req.send().compose(resp -> resp.body()))
        .map(buf -> new JsonObject(buf).put("source", "remote"));
    return Future.all(slow, second, remote).map(cf -> new JsonArray(List.of(slow.result(), second.result(), remote.result())).encode());
  }

  private int remotePort() {
    return URI.create(remoteUrl).getPort();
  }

  private String remoteHost() {
    return URI.create(remoteUrl).getHost();
  }
}
