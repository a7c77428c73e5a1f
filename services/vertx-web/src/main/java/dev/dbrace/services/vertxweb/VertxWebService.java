package dev.dbrace.services.vertxweb;

import io.netty.handler.codec.DateFormatter;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.pgclient.PgBuilder;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PoolOptions;
import java.util.Date;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The service contract (docs/service-contract.md) on Vert.x web and the Vert.x PG client: one
 * event loop per core, every database and remote call non-blocking. Configuration from the
 * contract's environment only; the password is never printed.
 */
public final class VertxWebService {
  private static final CharSequence SERVER = HttpHeaders.createOptimized("vertx-web");

  private VertxWebService() {}

  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    Vertx vertx = Vertx.vertx();
    PgConnectOptions db = new PgConnectOptions().setHost(env.get("DBRACE_DB_HOST"))
        .setPort(Integer.parseInt(env.get("DBRACE_DB_PORT"))).setDatabase(env.get("DBRACE_DB_NAME"))
        .setUser(env.get("DBRACE_DB_USER")).setPassword(env.getOrDefault("DBRACE_DB_PASSWORD", ""))
        .setCachePreparedStatements(true)
        .setProperties(Map.of("application_name", env.getOrDefault("DBRACE_APPLICATION_NAME", "dbrace-vertx-web")));
    String slowSource = env.getOrDefault("DBRACE_SLOW_SOURCE", "sleep");
    try {
      tls(db, env.getOrDefault("DBRACE_DB_SSLMODE", "prefer"), env.get("DBRACE_DB_SSLROOTCERT"));
      if (!slowSource.equals("query") && !slowSource.equals("sleep")) {
        throw new IllegalArgumentException("DBRACE_SLOW_SOURCE is '" + slowSource + "', not query or sleep");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("vertx-web: " + e.getMessage());
      System.exit(2);
    }
    Pool pool = PgBuilder.pool().with(new PoolOptions().setMaxSize(Integer.parseInt(env.getOrDefault("DBRACE_POOL", "16"))))
        .connectingTo(db).using(vertx).build();
    try {
      // fail fast: a service that cannot reach its database must not answer /health
      pool.query("SELECT 1").execute().await(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      System.err.println("vertx-web: cannot reach the database: " + e.getMessage());
      System.exit(3);
    }
    // Vert.x's client keeps 5 connections per host by default: with E4's 1-3 s remote calls that caps
    // /notifications at ~2.5 answers per second, a limit of the default, not of the stack
    HttpClient remote = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
        new io.vertx.core.http.PoolOptions().setHttp1MaxSize(4096));
    // /notifications' second source: MongoDB through Vert.x's MongoDB client when dbrace gives DBRACE_MONGO_URL
    // (second-source = mongo), else the fortune query
    MongoNotes mongo = null;
    String mongoUrl = env.get("DBRACE_MONGO_URL");
    if (mongoUrl != null && !mongoUrl.isBlank()) {
      mongo = MongoNotes.create(vertx, mongoUrl, Integer.parseInt(env.getOrDefault("DBRACE_POOL", "16")));
      try {
        mongo.ping().await(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        // the driver's messages name hosts, never the URL's password
        System.err.println("vertx-web: cannot reach MongoDB (DBRACE_MONGO_URL): " + e.getMessage());
        System.exit(3);
      }
    }
    Handlers h = new Handlers(pool, remote, env.getOrDefault("DBRACE_REMOTE_URL", ""), slowSource.equals("query"), mongo);
    Router router = Router.router(vertx);
    // TechEmpower's headers on every answer, which Vert.x sends neither of: the server's name and the current date
    // (RFC 1123, Netty's formatter)
    router.route().handler(rc -> {
      rc.response().headers().add(HttpHeaders.SERVER, SERVER).add(HttpHeaders.DATE, DateFormatter.format(new Date()));
      rc.next();
    });
    router.get("/health").handler(rc -> rc.response().end("ok"));
    router.get("/db").handler(rc -> json(rc, h.db()));
    router.get("/queries").handler(rc -> json(rc, h.queries(Handlers.count(rc.request().getParam("queries")))));
    router.get("/updates").handler(rc -> json(rc, h.updates(Handlers.count(rc.request().getParam("queries")))));
    router.get("/fortunes").handler(rc -> h.fortunes().onSuccess(page ->
        rc.response().putHeader("Content-Type", "text/html; charset=utf-8").end(page)).onFailure(rc::fail));
    router.get("/film/:fid").handler(rc -> h.film(rc.pathParam("fid")).onSuccess(body -> {
      if (body == null) {
        rc.response().setStatusCode(404).end();
      } else {
        rc.response().putHeader("Content-Type", "application/json").end(body);
      }
    }).onFailure(rc::fail));
    router.get("/notifications/:user").handler(rc -> json(rc, h.notifications(Long.parseLong(rc.pathParam("user")))));
    String host = env.getOrDefault("DBRACE_HTTP_HOST", "127.0.0.1");
    int port = Integer.parseInt(env.get("DBRACE_HTTP_PORT"));
    vertx.createHttpServer(new HttpServerOptions().setHost(host).setPort(port)).requestHandler(router).listen()
        .onFailure(e -> {
          System.err.println("vertx-web: cannot listen on " + host + ":" + port + ": " + e.getMessage());
          System.exit(4);
        });
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        vertx.close().await(5, TimeUnit.SECONDS);
      } catch (Exception e) {
        // exiting anyway
      }
    }));
  }

  /**
   * libpq's sslmode in the client's own setting, with libpq's meaning: the modes that do not verify
   * trust any certificate, verify-ca checks the chain against the root certificate, verify-full the
   * host name too. The client has no default root certificate: a verify mode without one is refused.
   */
  static void tls(PgConnectOptions db, String mode, String rootCert) {
    SslMode m = SslMode.of(mode);
    db.setSslMode(m);
    switch (m) {
      case DISABLE -> { }
      case ALLOW, PREFER, REQUIRE -> db.setSslOptions(new ClientSSLOptions().setTrustAll(true));
      case VERIFY_CA, VERIFY_FULL -> {
        if (rootCert == null || rootCert.isBlank()) {
          throw new IllegalArgumentException("sslmode=" + mode + " needs DBRACE_DB_SSLROOTCERT (sslrootcert in dbrace's"
              + " --url): the Vert.x PG client has no default root certificate");
        }
        db.setSslOptions(new ClientSSLOptions().setTrustOptions(new PemTrustOptions().addCertPath(rootCert))
            .setHostnameVerificationAlgorithm(m == SslMode.VERIFY_FULL ? "HTTPS" : ""));
      }
    }
  }

  private static void json(RoutingContext rc, Future<String> body) {
    body.onSuccess(b -> rc.response().putHeader("Content-Type", "application/json").end(b)).onFailure(rc::fail);
  }
}
