package dev.dbrace.service.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** The remote stub: the delay it promises, the answer it gives, the requests it refuses. */
class RemoteStubTest {

  @Test
  void spreadsDelaysOverTheRangeTheSameForAUser() {
    LongUnaryOperator spread = RemoteStub.spread(1000, 3000);
    Set<Long> seen = new HashSet<>();
    for (long user = 0; user < 1000; user++) {
      long d = spread.applyAsLong(user);
      assertTrue(d >= 1000 && d <= 3000, user + ": " + d);
      assertEquals(d, spread.applyAsLong(user), "fixed per user");
      seen.add(d);
    }
    assertTrue(seen.size() > 500, "spread, not bunched: " + seen.size() + " distinct delays for 1000 users");
    assertEquals(7, RemoteStub.spread(7, 7).applyAsLong(42));
    assertThrows(IllegalArgumentException.class, () -> RemoteStub.spread(5, 4));
    assertThrows(IllegalArgumentException.class, () -> RemoteStub.spread(-1, 4));
  }

  @Test
  void answersAfterTheUsersDelayAndRefusesWhatIsNoUser() throws Exception {
    try (RemoteStub stub = RemoteStub.start(user -> user == 7 ? 300 : 0);
        HttpClient http = HttpClient.newHttpClient()) {
      long start = System.nanoTime();
      HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(stub.url() + "/remote/7")).build(),
          HttpResponse.BodyHandlers.ofString());
      long tookMs = (System.nanoTime() - start) / 1_000_000;
      assertEquals(200, r.statusCode());
      assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
      assertEquals("{\"user\":7,\"delayMs\":300}", r.body());
      assertTrue(tookMs >= 300, "answered after " + tookMs + " ms");
      assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(stub.url() + "/remote/x")).build(),
          HttpResponse.BodyHandlers.discarding()).statusCode());
    }
  }

  /** E4 needs the remote calls side by side: 40 calls of 500 ms each, one after another, would take 20 s. */
  @Test
  void waitingCallsDoNotQueueBehindEachOther() throws Exception {
    try (RemoteStub stub = RemoteStub.start(user -> 500);
        HttpClient http = HttpClient.newHttpClient()) {
      long start = System.nanoTime();
      List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
      for (int user = 0; user < 40; user++) {
        calls.add(http.sendAsync(HttpRequest.newBuilder(URI.create(stub.url() + "/remote/" + user)).build(),
            HttpResponse.BodyHandlers.ofString()));
      }
      for (CompletableFuture<HttpResponse<String>> call : calls) {
        assertEquals(200, call.get().statusCode());
      }
      long tookMs = (System.nanoTime() - start) / 1_000_000;
      assertTrue(tookMs < 10_000, "40 calls of 500 ms took " + tookMs + " ms: queued behind each other");
    }
  }
}
