package dev.dbrace.generators.http;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.Statement;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.parsetools.RecordParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * GET requests over a pool of keep-alive HTTP/1.1 connections, one request per statement of an
 * operation, each answer checked ({@link Answers}) before it counts. Thread-safe: Vert.x's client
 * may be called from any thread and completes on its event loop.
 */
public final class HttpGenerator implements Stack {
  /** The least time the start's /health probe gets, whatever the request timeout. */
  static final long HEALTH_TIMEOUT_MS = 10_000;

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
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(s.eventLoops())
        .setPreferNativeTransport(!s.transport().equals("nio")));
    if (s.transport().equals("epoll") && !vertx.isNativeTransportEnabled()) {
      Throwable why = vertx.unavailableNativeTransportCause();
      vertx.close();
      throw new IllegalStateException("http.transport=epoll: Netty's native epoll transport is not available here"
          + (why == null ? "" : ": " + why.getMessage()));
    }
    HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true)
        .setDefaultHost(s.host()).setDefaultPort(s.port()).setConnectTimeout((int) Math.min(s.timeoutMs(), 10_000)),
        new PoolOptions().setHttp1MaxSize(s.connections()).setMaxWaitQueueSize(-1));
    HttpGenerator stack = new HttpGenerator(vertx, client, s);
    try {
      // proves the service answers before any load: /health is in every variant's contract (a service file names its
      // own health path); a cold client's
      // first request (connection, class loading) may take longer than a short --request-timeout, so it gets 10 s at least
      long healthMs = Math.max(s.timeoutMs(), HEALTH_TIMEOUT_MS);
      stack.get(s.health(), new Times(), healthMs).map(a -> {
        if (a.status() != 200) {
          throw new IllegalStateException("the service's " + s.health() + " answered " + a.status());
        }
        return a;
      }).await(healthMs + 1_000, TimeUnit.MILLISECONDS);
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
   * that moment, and the open loop's service latency (the service's time) leaves it out. It also
   * carries when the first complete item of the first answer arrived ({@link #read}): a streamed
   * answer's first line, else the answer's last byte; when that was the operation's last byte
   * too, the first item's time is the operation's latency ({@link OpResult#FIRST_ITEM_AT_END}).
   */
  @Override
  public CompletionStage<OpResult> execute(Operation op) {
    List<Statement> statements = op.statements();
    Times times = new Times();
    if (statements.size() == 1) { // most endpoints: one request, no list of futures to chain
      Statement s = statements.get(0);
      String template = settings.paths().get(s.sqlId());
      String path = Answers.path(template, s.params());
      return get(path, times).map(a -> result(List.of(rows(template, path, s, a)), times)).toCompletionStage();
    }
    Future<List<List<Object[]>>> chain = Future.succeededFuture(new ArrayList<>(statements.size()));
    for (Statement s : statements) {
      String template = settings.paths().get(s.sqlId());
      String path = Answers.path(template, s.params());
      chain = chain.compose(rows -> get(path, times).map(a -> {
        rows.add(rows(template, path, s, a));
        return rows;
      }));
    }
    return chain.map(rows -> result(rows, times)).toCompletionStage();
  }

  /** A service file's endpoint is checked as the file says; the contract's endpoints as the contract says. */
  private List<Object[]> rows(String template, String path, Statement s, Answers.Answer a) {
    FileAnswers fileAnswers = settings.fileAnswers().get(template);
    return fileAnswers != null ? fileAnswers.rows(a, s.params())
        : Answers.rows(path, s.params(), a, sameBody, settings.sources());
  }

  private static OpResult result(List<List<Object[]>> rows, Times times) {
    return OpResult.ofRows(rows).sentAt(times.sent)
        .firstItemAt(times.firstItem == times.lastByte ? OpResult.FIRST_ITEM_AT_END : times.firstItem);
  }

  /** An operation's moments (System.nanoTime()), each 0 until it happened; touched by one request at a time. */
  private static final class Times {
    long sent;
    long firstItem;
    long lastByte;
  }

  /**
   * One GET: {@code times.sent}, if still 0, becomes the moment a connection took the request;
   * {@code times.firstItem}, if still 0, when its answer's first item arrived; {@code times.lastByte}
   * its last byte. The request fails as a timeout when its answer is not complete
   * {@code timeoutMs} after it left ({@code --request-timeout}); its connection is then reset.
   */
  private Future<Answers.Answer> get(String path, Times times) {
    return get(path, times, settings.timeoutMs());
  }

  private Future<Answers.Answer> get(String path, Times times, long timeoutMs) {
    return client.request(new RequestOptions().setMethod(HttpMethod.GET).setURI(path)).compose(req -> {
      long sent = System.nanoTime();
      if (times.sent == 0) {
        times.sent = sent;
      }
      Promise<Answers.Answer> answer = Promise.promise();
      long timer = vertx.setTimer(timeoutMs, id -> {
        if (answer.tryFail(new TimeoutException("request timeout: no complete answer within " + timeoutMs + " ms"))) {
          req.reset();
        }
      });
      req.send().onComplete(sentOk -> {
        if (sentOk.failed()) {
          answer.tryFail(sentOk.cause());
        } else {
          read(sentOk.result(), times, answer);
        }
      });
      return answer.future().andThen(done -> vertx.cancelTimer(timer));
    });
  }

  /** NDJSON (and the older stream+json): an answer whose items are lines, each one complete as it arrives. */
  static boolean streamed(String contentType) {
    String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
    return type.startsWith("application/x-ndjson") || type.startsWith("application/stream+json");
  }

  /**
   * Reads an answer as it arrives: the body kept whole for the checks, and for a streamed answer
   * each chunk also through a {@link RecordParser} split on newlines, whose first non-blank line
   * marks the first item; any other answer's first item is its last byte.
   */
  private static void read(HttpClientResponse resp, Times times, Promise<Answers.Answer> answer) {
    String type = resp.getHeader("content-type");
    Buffer body = Buffer.buffer();
    RecordParser lines = !streamed(type) ? null : RecordParser.newDelimited("\n", line -> {
      if (times.firstItem == 0 && !line.toString(StandardCharsets.UTF_8).isBlank()) {
        times.firstItem = System.nanoTime();
      }
    });
    resp.exceptionHandler(answer::tryFail);
    resp.handler(chunk -> {
      body.appendBuffer(chunk);
      if (lines != null) {
        lines.handle(chunk);
      }
    });
    resp.endHandler(end -> {
      long now = System.nanoTime();
      times.lastByte = now;
      if (times.firstItem == 0) {
        times.firstItem = now; // buffered, or a stream whose one line had no newline after it
      }
      answer.tryComplete(new Answers.Answer(resp.statusCode(), type, body.toString(StandardCharsets.UTF_8)));
    });
  }

  /** Whether Netty's native epoll transport carries the connections (for tests). */
  boolean nativeTransport() {
    return vertx.isNativeTransportEnabled();
  }

  /** The fixed body's size and hash once one was answered, else null. */
  Map<String, String> bodyFingerprint() {
    return sameBody.fingerprint();
  }

  @Override
  public void close() throws Exception {
    client.close().await(5, TimeUnit.SECONDS);
    vertx.close().await(10, TimeUnit.SECONDS);
  }
}
