package dev.dbrace.services.quarkus.orm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.services.quarkus.common.Fortune;
import dev.dbrace.services.quarkus.common.FortunesPage;
import dev.dbrace.services.quarkus.common.Rows;
import dev.dbrace.services.quarkus.common.Rows.FilmJson;
import dev.dbrace.services.quarkus.common.Rows.FortuneJson;
import dev.dbrace.services.quarkus.common.Rows.Remote;
import dev.dbrace.services.quarkus.common.Rows.Slow;
import dev.dbrace.services.quarkus.common.Rows.WorldJson;
import dev.dbrace.services.quarkus.common.World;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.hibernate.Session;

/**
 * The contract's endpoints (docs/service-contract.md) on Hibernate ORM. Every method returns a plain
 * value, so Quarkus REST runs it on a worker thread (blocking, like Tomcat's 200 threads), and the
 * injected {@link Session} is the request's own: a fresh persistence context per request, no
 * second-level or query cache. Reads run outside a transaction, as TechEmpower's Quarkus entries do.
 */
@Path("/")
public class OrmResource {
  private static final String FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = ?1";
  private static final String SLOW = "SELECT id, randomnumber FROM world, pg_sleep(?2) WHERE id = ?1";
  /** E4's slow query (DBRACE_SLOW_SOURCE=query; unset or sleep: pg_sleep): a scan of slow_world's 1 M rows for one. */
  private static final String SLOW_QUERY = "SELECT id, randomnumber FROM slow_world WHERE lookup = ?1";
  private static final boolean SLOW_IS_QUERY = slowIsQuery(System.getenv().getOrDefault("DBRACE_SLOW_SOURCE", "sleep"));

  private final HttpClient http = HttpClient.newHttpClient();
  private final String remoteUrl = System.getenv().getOrDefault("DBRACE_REMOTE_URL", "");

  @Inject Session session;
  @Inject ObjectMapper json;
  @Inject MongoNotes mongo;

  private static int randomId() {
    return 1 + ThreadLocalRandom.current().nextInt(10_000);
  }

  @GET
  @Path("health")
  @Produces(MediaType.TEXT_PLAIN)
  public String health() {
    return "ok";
  }

  @GET
  @Path("db")
  @Produces(MediaType.APPLICATION_JSON)
  public WorldJson db() {
    return WorldJson.of(session.find(World.class, randomId()));
  }

  /** N finds of distinct ids ({@link Rows#distinctIds}), one after another: N selects. */
  @GET
  @Path("queries")
  @Produces(MediaType.APPLICATION_JSON)
  public List<WorldJson> queries(@QueryParam("queries") String queries) {
    int n = Rows.count(queries);
    List<WorldJson> out = new ArrayList<>(n);
    for (int id : Rows.distinctIds(n)) {
      out.add(WorldJson.of(session.find(World.class, id)));
    }
    return out;
  }

  /**
   * N finds of distinct ids, each row given a new random number that differs from its old one (so every row is
   * really written), flushed at commit in one JDBC batch, ordered by id (Quarkus sets hibernate.order_updates), so two requests cannot
   * deadlock.
   */
  @GET
  @Path("updates")
  @Produces(MediaType.APPLICATION_JSON)
  @Transactional
  public List<WorldJson> updates(@QueryParam("queries") String queries) {
    int n = Rows.count(queries);
    List<World> rows = new ArrayList<>(n);
    for (int id : Rows.distinctIds(n)) {
      rows.add(session.find(World.class, id));
    }
    List<WorldJson> out = new ArrayList<>(n);
    for (World w : rows) {
      int v = 1 + ThreadLocalRandom.current().nextInt(10_000);
      w.randomNumber = v == w.randomNumber ? v % 10_000 + 1 : v;
    }
    rows.forEach(w -> out.add(WorldJson.of(w)));
    return out;
  }

  @GET
  @Path("fortunes")
  @Produces("text/html; charset=utf-8")
  public String fortunes() {
    return FortunesPage.render(session.createQuery("from Fortune", Fortune.class).getResultList());
  }

  @GET
  @Path("film/{fid}")
  @Produces(MediaType.APPLICATION_JSON)
  public FilmJson film(@PathParam("fid") String fidText) {
    int fid;
    try {
      fid = Integer.parseInt(fidText);
    } catch (NumberFormatException e) {
      throw new NotFoundException();
    }
    List<String> titles = session.createNativeQuery(FILM, String.class).setParameter(1, fid).getResultList();
    if (titles.isEmpty()) {
      throw new NotFoundException();
    }
    return new FilmJson(fid, titles.get(0));
  }

  /**
   * E4's three sources in turn, as a blocking service does them: the slow query, MongoDB (the fortune when the race gives
   * no DBRACE_MONGO_URL), the remote call.
   */
  @GET
  @Path("notifications/{user}")
  @Produces(MediaType.APPLICATION_JSON)
  public List<Object> notifications(@PathParam("user") long user) throws IOException, InterruptedException {
    var slowQuery = session.createNativeQuery(SLOW_IS_QUERY ? SLOW_QUERY : SLOW, Object[].class)
        .setParameter(1, (int) (user % 10_000 + 1));
    if (!SLOW_IS_QUERY) {
      slowQuery.setParameter(2, (30 + user % 171) / 1000.0);
    }
    Object[] slow = slowQuery.getSingleResult();
    Object second;
    if (mongo.enabled()) {
      second = mongo.read(user);
    } else {
      Fortune fortune = session.find(Fortune.class, (int) (user % 12 + 1));
      second = new FortuneJson("fortune", fortune.id, fortune.message);
    }
    HttpResponse<String> remote = http.send(HttpRequest.newBuilder(URI.create(remoteUrl + "/remote/" + user)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (remote.statusCode() != 200) {
      throw new IOException("remote answered " + remote.statusCode());
    }
    JsonNode r = json.readTree(remote.body());
    return List.of(
        new Slow("slow", ((Number) slow[0]).intValue(), ((Number) slow[1]).intValue()),
        second,
        new Remote("remote", r.get("user").asLong(), r.get("delayMs").asLong()));
  }

  private static boolean slowIsQuery(String source) {
    if (!source.equals("query") && !source.equals("sleep")) {
      throw new IllegalArgumentException("DBRACE_SLOW_SOURCE is '" + source + "', not query or sleep");
    }
    return source.equals("query");
  }
}
