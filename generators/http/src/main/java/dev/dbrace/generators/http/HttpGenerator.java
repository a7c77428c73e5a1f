package dev.dbrace.generators.http;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * GET requests over a pool of keep-alive HTTP/1.1 connections, one request per statement of an
 * operation, each answer checked ({@link Answers}) before it counts. Thread-safe: Vert.x's client
 * may be called from any thread and completes on its event loop.
 */
public final class HttpGenerator implements Stack {
  private final Vertx vertx;
  private final HttpClientAgent client;
  private final HttpSettings settings;
  /** Every answer of an endpoint with a fixed body (/relations) must be the first's bytes. */
  private final Answers.SameBody sameBody = new Answers.SameBody();

  private HttpGenerator(Vertx vertx, HttpClientAgent client, HttpSettings settings) {
    this.vertx = vertx;
    this.client = client;
    this.settings = settings;
  }

  static HttpGenerator open(HttpSettings s) throws Exception {
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(s.eventLoops()));
    HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
        .setDefaultHost(s.host()).setDefaultPort(s.port()).setConnectTimeout((int) Math.min(s.timeoutMs(), 10_000)),
        new PoolOptions().setHttp1MaxSize(s.connections()).setMaxWaitQueueSize(-1));
    HttpGenerator stack = new HttpGenerator(vertx, client, s);
    try {
      // proves the service answers before any load: /health is in every variant's contract
      stack.get("/health").map(a -> {
        if (a.status() != 200) {
          throw new IllegalStateException("the service's /health answered " + a.status());
        }
        return a;
      }).await(s.timeoutMs(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      stack.close();
      throw e;
    }
    return stack;
  }

  /**
   * The operation's requests, one after the other. Its result carries when the first request
   * actually left: {@code client.request} completes once a pooled connection is free for it, so
   * with more requests in flight than connections the wait in the client's queue comes before
   * that moment, and the open loop's service latency (the service's time) leaves it out.
   */
  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    List<Statement> statements = op.statements();
    long[] sent = {0};
    Future<List<List<Object[]>>> chain = Future.succeededFuture(new ArrayList<>(statements.size()));
    for (Statement s : statements) {
      String path = Answers.path(settings.paths().get(s.sqlId()), s.params());
      chain = chain.compose(rows -> get(path, sent).map(a -> {
        rows.add(Answers.rows(path, s.params(), a, sameBody, settings.sources()));
        return rows;
      }));
    }
    return chain.map(rows -> OpResult.ofRows(rows).sentAt(sent[0])).toCompletionStage();
  }

  /** One GET; {@code sent[0]}, if still 0, becomes the moment a connection took the request. */
  private Future<Answers.Answer> get(String path, long[] sent) {
    return client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path).setIdleTimeout(settings.timeoutMs()))
        .compose(req -> {
          if (sent[0] == 0) {
            sent[0] = System.nanoTime();
          }
          return req.send().compose(resp -> resp.body().map(body ->
              new Answers.Answer(resp.statusCode(), resp.getHeader("content-type"), body.toString())));
        });
  }

  private Future<Answers.Answer> get(String path) {
    return get(path, new long[1]);
  }

  /** The fixed body's size and hash once one was answered, else null. */
  java.util.Map<String, String> bodyFingerprint() {
    return sameBody.fingerprint();
  }

  @Override
  public void close() throws Exception {
    client.close().await(5, TimeUnit.SECONDS);
    vertx.close().await(10, TimeUnit.SECONDS);
  }
}
