package dev.dbrace.services.quarkus.reactive;

import dev.dbrace.services.quarkus.common.Fortune;
import dev.dbrace.services.quarkus.common.FortunesPage;
import dev.dbrace.services.quarkus.common.Rows;
import dev.dbrace.services.quarkus.common.Rows.FilmJson;
import dev.dbrace.services.quarkus.common.Rows.FortuneJson;
import dev.dbrace.services.quarkus.common.Rows.Remote;
import dev.dbrace.services.quarkus.common.Rows.Slow;
import dev.dbrace.services.quarkus.common.Rows.WorldJson;
import dev.dbrace.services.quarkus.common.World;
import io.smallrye.mutiny.Uni;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * The contract's endpoints (docs/service-contract.md) on Hibernate Reactive. Every method returns a
 * {@link Uni}, so Quarkus REST runs it on an event loop, never blocking. Each request opens its own
 * session (a fresh persistence context, no second-level or query cache) and closes it when done; a
 * session is never shared by two requests or by two sources of one request.
 */
@Path("/")
public class ReactiveResource {
  private static final String FILM = "SELECT title FROM nicer_but_slower_film_list WHERE FID = ?1";
  private static final String SLOW = "SELECT id, randomnumber FROM world, pg_sleep(?2) WHERE id = ?1";
  /** E4's slow query (DBRACE_SLOW_SOURCE=query; unset or sleep: pg_sleep): a scan of slow_world's 1 M rows for one. */
  private static final String SLOW_QUERY = "SELECT id, randomnumber FROM slow_world WHERE lookup = ?1";
  private static final boolean SLOW_IS_QUERY = slowIsQuery(System.getenv().getOrDefault("DBRACE_SLOW_SOURCE", "sleep"));

  private final String remoteUrl = System.getenv().getOrDefault("DBRACE_REMOTE_URL", "");
  private final WebClient web;

  @Inject Mutiny.SessionFactory sessions;
  @Inject MongoNotes mongo;

  @Inject
  ReactiveResource(Vertx vertx) {
    // Vert.x's client keeps 5 connections per host by default, which would cap E4's 1-3 s remote
    // calls at a few per second: a limit of the default, not of the stack (as in vertx-web).
    web = WebClient.create(vertx, new WebClientOptions().setMaxPoolSize(4096).setKeepAlive(true));
  }

  private static int randomId() {
    return 1 + ThreadLocalRandom.current().nextInt(10_000);
  }

  /** Runs {@code work} in a session of its own, closed whatever the outcome. */
  private <T> Uni<T> inSession(Function<Mutiny.Session, Uni<T>> work) {
    return sessions.openSession().chain(s -> work.apply(s).eventually(s::close));
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
  public Uni<WorldJson> db() {
    return inSession(s -> s.find(World.class, randomId())).map(WorldJson::of);
  }

  /** N finds of distinct ids ({@link Rows#distinctIds}) in one session, each after the previous one: N selects, as on the ORM side. */
  private static Uni<List<World>> finds(Mutiny.Session s, int n) {
    Uni<List<World>> chain = Uni.createFrom().item(() -> new ArrayList<>(n));
    for (int id : Rows.distinctIds(n)) {
      chain = chain.chain(list -> s.find(World.class, id).map(w -> {
        list.add(w);
        return list;
      }));
    }
    return chain;
  }

  @GET
  @Path("queries")
  @Produces(MediaType.APPLICATION_JSON)
  public Uni<List<WorldJson>> queries(@QueryParam("queries") String queries) {
    int n = Rows.count(queries);
    return inSession(s -> finds(s, n)).map(ws -> ws.stream().map(WorldJson::of).toList());
  }

  /** As quarkus-orm: every row gets a number that differs from its old one, flushed at commit in one batch. */
  @GET
  @Path("updates")
  @Produces(MediaType.APPLICATION_JSON)
  public Uni<List<WorldJson>> updates(@QueryParam("queries") String queries) {
    int n = Rows.count(queries);
    return inSession(s -> s.withTransaction(tx -> finds(s, n).map(ws -> {
      for (World w : ws) {
        int v = 1 + ThreadLocalRandom.current().nextInt(10_000);
        w.randomNumber = v == w.randomNumber ? v % 10_000 + 1 : v;
      }
      return ws.stream().map(WorldJson::of).toList();
    })));
  }

  @GET
  @Path("fortunes")
  @Produces("text/html; charset=utf-8")
  public Uni<String> fortunes() {
    return inSession(s -> s.createQuery("from Fortune", Fortune.class).getResultList()).map(FortunesPage::render);
  }

  @GET
  @Path("film/{fid}")
  @Produces(MediaType.APPLICATION_JSON)
  public Uni<FilmJson> film(@PathParam("fid") String fidText) {
    int fid;
    try {
      fid = Integer.parseInt(fidText);
    } catch (NumberFormatException e) {
      return Uni.createFrom().failure(new NotFoundException());
    }
    return inSession(s -> s.createNativeQuery(FILM, String.class).setParameter(1, fid).getResultList()).map(titles -> {
      if (titles.isEmpty()) {
        throw new NotFoundException();
      }
      return new FilmJson(fid, titles.get(0));
    });
  }

  /** E4's three sources at once, each query in its own session; the answer when all three are in. */
  @GET
  @Path("notifications/{user}")
  @Produces(MediaType.APPLICATION_JSON)
  public Uni<List<Object>> notifications(@PathParam("user") long user) {
    Uni<Slow> slow = inSession(s -> {
      var q = s.createNativeQuery(SLOW_IS_QUERY ? SLOW_QUERY : SLOW, Object[].class).setParameter(1, (int) (user % 10_000 + 1));
      return (SLOW_IS_QUERY ? q : q.setParameter(2, (30 + user % 171) / 1000.0)).getSingleResult();
    }).map(r -> new Slow("slow", ((Number) r[0]).intValue(), ((Number) r[1]).intValue()));
    // the second source: MongoDB, or the fortune when the race gives no DBRACE_MONGO_URL
    Uni<Object> second = mongo.enabled() ? mongo.read(user).map(m -> (Object) m)
        : inSession(s -> s.find(Fortune.class, (int) (user % 12 + 1))).map(f -> new FortuneJson("fortune", f.id, f.message));
    Uni<Remote> remote = web.getAbs(remoteUrl + "/remote/" + user).send().map(resp -> {
      if (resp.statusCode() != 200) {
        throw new IllegalStateException(new IOException("remote answered " + resp.statusCode()));
      }
      JsonObject r = resp.bodyAsJsonObject();
      return new Remote("remote", r.getLong("user"), r.getLong("delayMs"));
    });
    return Uni.combine().all().unis(slow, second, remote).asTuple().map(t -> List.of(t.getItem1(), t.getItem2(), t.getItem3()));
  }

  private static boolean slowIsQuery(String source) {
    if (!source.equals("query") && !source.equals("sleep")) {
      throw new IllegalArgumentException("DBRACE_SLOW_SOURCE is '" + source + "', not query or sleep");
    }
    return source.equals("query");
  }
}
