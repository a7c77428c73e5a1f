package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Statement;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The generator's connections against servers of the test's own answering /film/{fid}: a connection that fails or
 * closes fails its request only and is replaced, {@code Connection: close} is honoured, a busy pool queues requests
 * in order and never carries two on one connection, and a request that timed out can never take the next one's answer.
 */
public class HttpGeneratorConnectionsTest {
  private final Vertx vertx = Vertx.vertx();
  /** Connections the server accepted. */
  private final AtomicInteger accepted = new AtomicInteger();

  @AfterEach
  void close() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
  }

  private static Operation film(long fid) {
    return new Operation(0, 0, List.of(new Statement(0, new Object[] {fid})));
  }

  private static void answer(HttpServerRequest req) {
    req.response().putHeader("content-type", "application/json")
        .end("{\"fid\":" + req.path().substring("/film/".length()) + ",\"title\":\"t\"}");
  }

  /** A generator of {@code connections} on a server whose /health answers at once and /film/* as {@code film} says. */
  private HttpGenerator open(int connections, long timeoutMs, Handler<HttpServerRequest> film) throws Exception {
    HttpServer server = vertx.createHttpServer().connectionHandler(c -> accepted.incrementAndGet()).requestHandler(req -> {
      if (req.path().equals("/health")) {
        req.response().end("ok");
      } else {
        film.handle(req);
      }
    }).listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
    return HttpGenerator.open(new HttpSettings("127.0.0.1", server.actualPort(), connections, timeoutMs, 1, List.of("/film/$1")));
  }

  private static long fid(HttpGenerator stack, long fid) throws Exception {
    return (Long) stack.execute(film(fid)).toCompletableFuture().get(10, TimeUnit.SECONDS).rows().get(0).get(0)[0];
  }

  @Test
  void aConnectionClosedMidAnswerFailsItsRequestAndIsReplaced() throws Exception {
    try (HttpGenerator stack = open(1, 10_000, req -> {
      if (req.path().equals("/film/1")) {
        req.response().setChunked(true).putHeader("content-type", "application/json").write("{\"fid\":1,");
        vertx.setTimer(50, t -> req.connection().close());
      } else {
        answer(req);
      }
    })) {
      var e = assertThrows(ExecutionException.class, () -> stack.execute(film(1)).toCompletableFuture().get(10, TimeUnit.SECONDS));
      assertTrue(String.valueOf(e.getCause()).toLowerCase(Locale.ROOT).contains("closed"), "a closed connection: " + e.getCause());
      assertEquals(2, fid(stack, 2), "the next request answered");
      assertEquals(2, accepted.get(), "on a new connection");
    }
  }

  /** The server ignores any request sent on a connection it said it would close, and closes it a moment later. */
  @Test
  void anAnswerWithConnectionCloseIsTheConnectionsLast() throws Exception {
    Set<HttpConnection> closing = ConcurrentHashMap.newKeySet();
    try (HttpGenerator stack = open(2, 10_000, req -> {
      if (closing.add(req.connection())) {
        req.response().putHeader("connection", "close");
        answer(req);
        vertx.setTimer(200, t -> req.connection().close());
      }
    })) {
      for (long fid = 1; fid <= 3; fid++) {
        assertEquals(fid, fid(stack, fid));
      }
      List<CompletableFuture<OpResult>> atOnce = new ArrayList<>();
      for (long fid = 4; fid <= 9; fid++) {
        atOnce.add(stack.execute(film(fid)).toCompletableFuture());
      }
      for (int i = 0; i < atOnce.size(); i++) {
        assertEquals(4L + i, atOnce.get(i).get(10, TimeUnit.SECONDS).rows().get(0).get(0)[0]);
      }
      assertEquals(9, accepted.get(), "a connection per answer (the health probe shared the first)");
    }
  }

  @Test
  void moreOperationsThanConnectionsAreAllAnsweredInTheOrderTheyCame() throws Exception {
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    try (HttpGenerator stack = open(3, 10_000, req -> {
      most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      vertx.setTimer(20, t -> {
        inFlight.decrementAndGet();
        answer(req);
      });
    })) {
      List<CompletableFuture<OpResult>> ops = new ArrayList<>();
      for (long fid = 1; fid <= 60; fid++) {
        ops.add(stack.execute(film(fid)).toCompletableFuture());
      }
      long lastSent = 0;
      for (int i = 0; i < ops.size(); i++) {
        OpResult r = ops.get(i).get(10, TimeUnit.SECONDS);
        assertEquals(i + 1L, r.rows().get(0).get(0)[0], "each its own answer");
        assertTrue(r.sentNanos() - lastSent >= 0, "sent in the order they came: operation " + i);
        lastSent = r.sentNanos();
      }
      assertEquals(3, most.get(), "one request per connection, every connection used");
      assertEquals(3, accepted.get(), "no more connections than asked for");
    }
  }

  /** /film/1 is answered 800 ms late, on a connection on which the generator would by then have sent /film/2. */
  @Test
  void aLateAnswerIsNeverTheNextRequestsAnswer() throws Exception {
    try (HttpGenerator stack = open(1, 300, req -> {
      if (req.path().equals("/film/1")) {
        vertx.setTimer(800, t -> answer(req));
      } else {
        answer(req);
      }
    })) {
      var e = assertThrows(ExecutionException.class, () -> stack.execute(film(1)).toCompletableFuture().get(10, TimeUnit.SECONDS));
      assertTrue(e.getCause() instanceof TimeoutException, String.valueOf(e.getCause()));
      assertEquals("request timeout: no complete answer within 300 ms", e.getCause().getMessage());
      assertEquals(2, fid(stack, 2), "the next request's own answer");
      Thread.sleep(800);
      assertEquals(3, fid(stack, 3), "and after the late answer was due");
      assertEquals(2, accepted.get(), "the timed-out connection replaced");
    }
  }
}
