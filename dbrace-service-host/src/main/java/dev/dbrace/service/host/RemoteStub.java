package dev.dbrace.service.host;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongUnaryOperator;

/**
 * E4's slow remote service, part of dbrace: {@code GET /remote/{user}} answers
 * {@code {"user":u,"delayMs":d}} after d milliseconds, d the same for a user on every run (so every
 * variant waits alike). Bound to 127.0.0.1; a virtual thread per request, so a thousand waiting
 * calls cost no platform threads. Runs in the runner's process: its CPU belongs to no service's
 * figures, as a real remote service's would not. Thread-safe.
 */
public final class RemoteStub implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
  private final LongUnaryOperator delayMs;

  private RemoteStub(LongUnaryOperator delayMs) throws IOException {
    this.delayMs = delayMs;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
    server.setExecutor(executor);
    server.createContext("/remote/", this::answer);
    server.start();
  }

  /** A stub whose delays are spread over [min, max] ms ({@link #spread}). */
  public static RemoteStub start(int minMs, int maxMs) throws IOException {
    return start(spread(minMs, maxMs));
  }

  /** A stub that waits {@code delayMsForUser(user)} ms before it answers a user. */
  public static RemoteStub start(LongUnaryOperator delayMsForUser) throws IOException {
    return new RemoteStub(delayMsForUser);
  }

  /**
   * Delays spread over [min, max] by a multiplicative hash of the user, fixed per user.
   *
   * @throws IllegalArgumentException unless 0 &lt;= min &lt;= max
   */
  public static LongUnaryOperator spread(int minMs, int maxMs) {
    if (minMs < 0 || maxMs < minMs) {
      throw new IllegalArgumentException("the remote delay must be MIN-MAX milliseconds with 0 <= MIN <= MAX, got "
          + minMs + "-" + maxMs);
    }
    return user -> minMs + Math.floorMod(user * 2_654_435_761L, (long) maxMs - minMs + 1);
  }

  /** The base URL services get as DBRACE_REMOTE_URL. */
  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void answer(HttpExchange ex) throws IOException {
    try (ex) {
      String tail = ex.getRequestURI().getPath().substring("/remote/".length());
      long user;
      try {
        user = Long.parseLong(tail);
      } catch (NumberFormatException e) {
        ex.sendResponseHeaders(404, -1);
        return;
      }
      long delay = delayMs.applyAsLong(user);
      try {
        Thread.sleep(delay);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      byte[] body = ("{\"user\":" + user + ",\"delayMs\":" + delay + "}").getBytes(StandardCharsets.UTF_8);
      ex.getResponseHeaders().set("Content-Type", "application/json");
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
