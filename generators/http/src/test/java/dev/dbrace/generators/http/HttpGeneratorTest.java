package dev.dbrace.generators.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dbrace.core.spi.OpResult;
import dev.dbrace.core.spi.Operation;
import dev.dbrace.core.spi.Statement;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
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
      HttpServer server = vertx.createHttpServer().requestHandler(req -> {
        if (req.path().equals("/health")) {
          req.response().end("ok");
        } else {
          vertx.setTimer(DELAY_MS, t -> req.response().putHeader("content-type", "application/json")
              .end("{\"id\":1,\"randomNumber\":2}"));
        }
      }).listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
      HttpSettings settings = new HttpSettings("127.0.0.1", server.actualPort(), 1, 10_000, 1, List.of("/db"));
      try (HttpGenerator stack = HttpGenerator.open(settings)) {
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
}
