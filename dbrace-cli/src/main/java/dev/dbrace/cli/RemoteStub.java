package dev.dbrace.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dbrace.runner.UserError;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * E4's slow remote service, part of dbrace: {@code GET /remote/{user}} answers
 * {@code {"user":u,"delayMs":d}} after d milliseconds, d in [min, max] and the same for a user on
 * every run (so every variant waits alike). Bound to 127.0.0.1; a virtual thread per request, so a
 * thousand waiting calls cost no platform threads. Runs in the runner's process: its CPU belongs to
 * no service's figures, as a real remote service's would not.
 */
public final class RemoteStub implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
  private final int minMs;
  private final int maxMs;

  private RemoteStub(int minMs, int maxMs) throws IOException {
    if (minMs < 0 || maxMs < minMs) {
      throw new UserError("--remote-delay must be MIN-MAX milliseconds with 0 <= MIN <= MAX, got " + minMs + "-" + maxMs);
    }
    this.minMs = minMs;
    this.maxMs = maxMs;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
    server.setExecutor(executor);
    server.createContext("/remote/", this::answer);
    server.start();
  }

  static RemoteStub start(int minMs, int maxMs) throws IOException {
    return new RemoteStub(minMs, maxMs);
  }

  /** The base URL services get as DBRACE_REMOTE_URL. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The delay for a user: spread over [min, max] by a multiplicative hash, fixed per user. */
  long delayMs(long user) {
    return minMs + Math.floorMod(user * 2_654_435_761L, (long) maxMs - minMs + 1);
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
      long delay = delayMs(user);
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
