package org.example.worlds;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.util.concurrent.TimeUnit;

/**
 * The API the reactive way: Vert.x Web on one event loop per core, every query non-blocking on the Vert.x PostgreSQL
 * client; no worker thread runs a request. One {@link WorldsVerticle} per event loop, all listening on the same port
 * (Vert.x hands the connections round-robin) and sharing one pool of {@code POOL_SIZE} connections spread over the
 * event loops.
 */
public final class ReactiveApp {
  private static final String APP = "worlds-reactive";
  private static final long START_SECONDS = 30;

  private ReactiveApp() {}

  public static void main(String[] args) {
    Settings s;
    PgConnectOptions connect;
    try {
      s = Settings.from(System.getenv());
      connect = PgConnectOptions.fromUri(s.dbUri()).setUser(s.dbUser()).setPassword(s.dbPassword())
          .setCachePreparedStatements(true);
    } catch (IllegalArgumentException e) { // Settings.Invalid, or a URL the Vert.x client cannot read
      Settings.fail(APP, e.getMessage());
      return;
    }
    int loops = Runtime.getRuntime().availableProcessors();
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(loops));
    Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(s.poolSize()).setEventLoopSize(loops))
        .connectingTo(connect).using(vertx).build();
    try {
      // fail fast: a service that cannot reach its database must never answer /health
      pool.query("SELECT 1").execute().await(START_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      // the client's messages name the host and user, never the password
      Settings.fail(APP, "cannot reach the database at " + s.dbTarget() + ": " + e.getMessage());
    }
    try {
      vertx.deployVerticle(() -> new WorldsVerticle(pool, s.httpHost(), s.httpPort()),
          new DeploymentOptions().setInstances(loops)).await(START_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      Settings.fail(APP, "cannot listen on " + s.httpHost() + ":" + s.httpPort() + ": " + e.getMessage());
    }
    // SIGTERM runs the shutdown hooks: Vert.x undeploys the verticles (their servers stop) and closes the pool
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        vertx.close().await(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // exiting anyway
      }
    }, APP + "-stop"));
  }
}
