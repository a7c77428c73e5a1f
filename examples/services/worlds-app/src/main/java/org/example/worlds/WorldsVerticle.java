package org.example.worlds;

import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowIterator;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.List;

/** One event loop's HTTP server and routes; {@link ReactiveApp} deploys one per event loop. */
final class WorldsVerticle extends VerticleBase {
  private final Pool pool;
  private final String host;
  private final int port;

  WorldsVerticle(Pool pool, String host, int port) {
    this.pool = pool;
    this.host = host;
    this.port = port;
  }

  @Override
  public Future<?> start() {
    Router router = Router.router(vertx);
    router.get("/health").handler(rc -> rc.response().putHeader("Content-Type", "text/plain").end("ok"));
    router.get("/worlds/:id").handler(this::one);
    router.get("/worlds").handler(this::many);
    return vertx.createHttpServer().requestHandler(router).listen(port, host);
  }

  /** {@code /worlds/{id}}: the row, or a 404 when there is none. */
  private void one(RoutingContext rc) {
    int id = Worlds.id(rc.pathParam("id"));
    if (id < 1) {
      rc.response().setStatusCode(404).end();
      return;
    }
    world(id).onSuccess(json -> {
      if (json == null) {
        rc.response().setStatusCode(404).end();
      } else {
        rc.response().putHeader("Content-Type", "application/json").end(json);
      }
    }).onFailure(rc::fail);
  }

  /** {@code /worlds?count=N}: N random rows, their N queries sent at once over the pool's connections. */
  private void many(RoutingContext rc) {
    int count = Worlds.count(rc.request().getParam("count"));
    List<Future<String>> rows = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      rows.add(world(Worlds.randomId()));
    }
    Future.all(rows).onSuccess(all -> {
      StringBuilder out = new StringBuilder(count * 36 + 2).append('[');
      for (int i = 0; i < count; i++) {
        out.append(i == 0 ? "" : ",").append(all.<String>resultAt(i));
      }
      rc.response().putHeader("Content-Type", "application/json").end(out.append(']').toString());
    }).onFailure(rc::fail);
  }

  /** The row's JSON, or null when there is no such row. */
  private Future<String> world(int id) {
    return pool.preparedQuery(Worlds.SELECT_PG).execute(Tuple.of(id)).map(rs -> {
      RowIterator<Row> it = rs.iterator();
      if (!it.hasNext()) {
        return null;
      }
      Row r = it.next();
      return Worlds.json(new StringBuilder(40), r.getInteger(0), r.getInteger(1)).toString();
    });
  }
}
