package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.load.LoadModel;
import dev.dbrace.core.load.OpenLoop;
import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Statement;
import dev.dbrace.core.workload.Endpoints;
import dev.dbrace.core.workload.OperationSequence;
import io.netty.channel.EventLoop;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The generator's requests against a service of the test's own that answers /db after 300 ms, on
 * one connection: the second of two operations issued at once waits in the client for that
 * connection, and its result says it left only when the first was answered, so the open loop's
 * service latency leaves the wait in the generator out.
 */
public class HttpGeneratorTest {
  static final long DELAY_MS = 300;

  @Test
  void anOperationIsTimedFromWhenAConnectionSentIt() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      HttpServer server = healthyServer(vertx, req -> vertx.setTimer(DELAY_MS, t -> req.response()
          .putHeader("content-type", "application/json").end("{\"id\":1,\"randomNumber\":2}")));
      HttpSettings settings = new HttpSettings("127.0.0.1", server.actualPort(), 1, 10_000, 1, List.of("/db"));
      try (HttpGenerator stack = HttpGenerator.open(settings)) {
        // the default (auto) takes Netty's native transport where it loads, as on the Linux x86_64 machines dbrace runs on
        assertEquals(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
            stack.nativeTransport(), "epoll where it loads");
        Operation op = new Operation(0, 0, List.of(new Statement(0, new Object[0])));
        long t0 = System.nanoTime();
        CompletableFuture<OpResult> first = stack.execute(op).toCompletableFuture();
        CompletableFuture<OpResult> second = stack.execute(op).toCompletableFuture();
        OpResult a = first.get(10, TimeUnit.SECONDS);
        long firstAnswered = System.nanoTime();
        OpResult b = second.get(10, TimeUnit.SECONDS);
        assertTrue(a.sentNanos() - t0 >= 0 && b.sentNanos() - t0 >= 0, "both sent after they were handed over");
        // the second left only once the first had been answered, at least the service's delay after the first left
        long gapMs = TimeUnit.NANOSECONDS.toMillis(b.sentNanos() - a.sentNanos());
        assertTrue(gapMs >= DELAY_MS - 20, "the second waited for the one connection: sent " + gapMs + " ms after the first");
        assertTrue(b.sentNanos() - firstAnswered > -TimeUnit.MILLISECONDS.toNanos(50),
            "the second went out when the first's answer freed the connection, not when it was handed over");
        assertEquals(1, b.statementsSent());
      }
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }

  /**
   * An open loop over the generator issues its arrivals on the client's event loop, not on a scheduler thread of its
   * own: every arrival of a second at 500/s sent and verified against a service of the test's own answering /db at
   * once, with no "dbrace-arrivals" thread alive meanwhile.
   */
  @Test
  void anOpenLoopIssuesItsArrivalsOnTheClientsEventLoop() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      HttpServer server = vertx.createHttpServer().requestHandler(req -> req.response()
          .putHeader("content-type", "application/json").end("{\"id\":1,\"randomNumber\":2}"))
          .listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
      HttpSettings settings = new HttpSettings("127.0.0.1", server.actualPort(), 4, 10_000, 1, List.of("/db"));
      try (HttpGenerator stack = HttpGenerator.open(settings)) {
        assertTrue(stack.arrivalExecutor() instanceof EventLoop loop && !loop.inEventLoop(), "the client's event loop");
        OpenLoop open = new OpenLoop(stack, new OperationSequence(Endpoints.forEndpoint("/db"), 1),
            new LoadModel.Open(500, 1_000, 100, "constant"), 7);
        open.startMeasuring();
        open.start();
        Thread.sleep(300);
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(t -> t.getName().equals("dbrace-arrivals")),
            "no scheduler thread of the loop's own");
        assertTrue(open.await(10, TimeUnit.SECONDS), "the schedule ended and every request was answered");
        open.finish();
        assertEquals(500, open.measured().issued());
        assertEquals(500, open.measured().ok(), "every answer verified");
        assertEquals(0, open.measured().notIssued());
      }
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }

  /**
   * A /fortunes page the same as the last one checked reads as the same rows; any other page is read afresh: one with
   * a different message reads as that message, a broken one (the extra fortune missing) is a wrong answer, and the
   * good page after it is read again. Against a service of the test's own answering those pages in turn.
   */
  @Test
  void aRepeatedPageReadsAsItsRowsAndAnyOtherIsReadAfresh() throws Exception {
    String extra = "<tr><td>0</td><td>Additional fortune added at request time.</td></tr>";
    List<String> pages = List.of(fortunes(extra + "<tr><td>1</td><td>a &lt;b&gt;</td></tr>"),
        fortunes(extra + "<tr><td>1</td><td>a &lt;b&gt;</td></tr>"), fortunes(extra + "<tr><td>1</td><td>a &lt;c&gt;</td></tr>"),
        fortunes("<tr><td>1</td><td>a &lt;c&gt;</td></tr>"), fortunes(extra + "<tr><td>1</td><td>a &lt;b&gt;</td></tr>"));
    AtomicInteger served = new AtomicInteger();
    Vertx vertx = Vertx.vertx();
    try {
      HttpServer server = healthyServer(vertx, req -> req.response().putHeader("content-type", "text/html; charset=UTF-8")
          .end(pages.get(served.getAndIncrement())));
      HttpSettings settings = new HttpSettings("127.0.0.1", server.actualPort(), 1, 10_000, 1, List.of("/fortunes"));
      try (HttpGenerator stack = HttpGenerator.open(settings)) {
        Operation op = new Operation(0, 0, List.of(new Statement(0, new Object[0])));
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
          try {
            List<Object[]> rows = stack.execute(op).toCompletableFuture().get(10, TimeUnit.SECONDS).rows().get(0);
            messages.add(rows.get(0)[1] + " | " + rows.get(1)[1]);
          } catch (ExecutionException e) {
            messages.add(e.getCause().getMessage());
          }
        }
        assertEquals(List.of("Additional fortune added at request time. | a <b>", "Additional fortune added at request time. | a <b>",
            "Additional fortune added at request time. | a <c>", "the fortune added at request time is missing",
            "Additional fortune added at request time. | a <b>"), messages);
      }
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }

  /** A server of the test's own on a free loopback port: /health answers ok, every other path {@code answer}. */
  private static HttpServer healthyServer(Vertx vertx, Handler<HttpServerRequest> answer) throws TimeoutException {
    return vertx.createHttpServer().requestHandler(req -> {
      if (req.path().equals("/health")) {
        req.response().end("ok");
      } else {
        answer.handle(req);
      }
    }).listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
  }

  private static String fortunes(String rows) {
    return "<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table><tr><th>id</th><th>message</th></tr>"
        + rows + "</table></body></html>";
  }

  /**
   * A streamed answer's first item is its first line, timed as it arrives; a buffered answer's
   * first item comes with its last byte; an answer not complete within the timeout is a timeout
   * error even while its lines trickle in. Against two servers of the test's own, answering
   * /notifications/7 (the contract's three sources) as NDJSON lines 300 ms apart, or as one array.
   */
  @Test
  void theFirstItemIsAStreamsFirstLineAndABufferedAnswersLastByte() throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      String fortune = "{\"source\":\"fortune\",\"id\":8,\"message\":\"m\"}";
      String slow = "{\"source\":\"slow\",\"id\":8,\"randomNumber\":5}";
      String remote = "{\"source\":\"remote\",\"user\":7,\"delayMs\":300}";
      HttpServer streaming = healthyServer(vertx, req -> {
        var resp = req.response();
        resp.setChunked(true).putHeader("content-type", "application/x-ndjson");
        resp.write(fortune + "\n");
        vertx.setTimer(DELAY_MS, t -> resp.write(slow + "\n" + remote.substring(0, 10))); // a line cut between chunks
        vertx.setTimer(2 * DELAY_MS, t -> resp.end(remote.substring(10) + "\n"));
      });
      HttpServer buffered = healthyServer(vertx, req -> vertx.setTimer(DELAY_MS, t -> req.response()
          .putHeader("content-type", "application/json").end("[" + fortune + "," + slow + "," + remote + "]")));
      Operation user7 = new Operation(0, 0, List.of(new Statement(0, new Object[] {7L})));
      try (HttpGenerator stack = HttpGenerator.open(new HttpSettings("127.0.0.1", streaming.actualPort(), 2, 10_000, 1,
          List.of("/notifications/$1")))) {
        long t0 = System.nanoTime();
        OpResult streamed = stack.execute(user7).toCompletableFuture().get(10, TimeUnit.SECONDS);
        long done = System.nanoTime();
        assertEquals(3, streamed.rows().get(0).size(), "every line checked");
        long firstMs = TimeUnit.NANOSECONDS.toMillis(streamed.firstItemNanos() - t0);
        long restMs = TimeUnit.NANOSECONDS.toMillis(done - streamed.firstItemNanos());
        assertTrue(firstMs < DELAY_MS / 2, "the first line counts when it arrives: " + firstMs + " ms");
        assertTrue(restMs >= DELAY_MS, "the rest came later: " + restMs + " ms");
      }
      try (HttpGenerator stack = HttpGenerator.open(new HttpSettings("127.0.0.1", buffered.actualPort(), 2, 10_000, 1,
          List.of("/notifications/$1")))) {
        OpResult all = stack.execute(user7).toCompletableFuture().get(10, TimeUnit.SECONDS);
        assertEquals(OpResult.FIRST_ITEM_AT_END, all.firstItemNanos(), "a buffered answer's first item is its last byte");
      }
      // 400 ms for the whole answer: lines still arrive every 300 ms, yet the request is over its limit
      try (HttpGenerator stack = HttpGenerator.open(new HttpSettings("127.0.0.1", streaming.actualPort(), 2, 400, 1,
          List.of("/notifications/$1")))) {
        long t0 = System.nanoTime();
        var late = stack.execute(user7).toCompletableFuture();
        var e = Assertions.assertThrows(ExecutionException.class,
            () -> late.get(10, TimeUnit.SECONDS));
        long failedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(e.getCause() instanceof TimeoutException, String.valueOf(e.getCause()));
        assertTrue(failedMs >= 400 && failedMs < 2 * DELAY_MS, "failed at the limit: " + failedMs + " ms");
      }
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void anUnknownTransportIsRefusedNamingTheOption() {
    var config = new dev.dbrace.core.spi.StackConfig("127.0.0.1", 5432, "db", "u", "p", 1, 1, List.of("/db"), "dbrace",
        java.util.Map.of("url", "http://127.0.0.1:8080", "transport", "io_uring"));
    var e = Assertions.assertThrows(IllegalArgumentException.class, () -> HttpSettings.of(config));
    assertEquals("http.transport must be auto, epoll or nio, got io_uring", e.getMessage());
  }
}
