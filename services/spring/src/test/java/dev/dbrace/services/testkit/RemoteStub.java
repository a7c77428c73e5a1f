package dev.dbrace.services.testkit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntUnaryOperator;

/**
 * The contract's remote source for tests: {@code GET /remote/{user}} answers
 * {@code {"user":u,"delayMs":d}} after d ms, d chosen per user. A virtual thread per request, so
 * slow answers never queue behind each other. Thread-safe.
 */
public final class RemoteStub implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService executor;

  private RemoteStub(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  public static RemoteStub start(IntUnaryOperator delayMsForUser) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
    ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    server.setExecutor(executor);
    server.createContext("/remote/", exchange -> answer(exchange, delayMsForUser));
    server.start();
    return new RemoteStub(server, executor);
  }

  /** {@code http://127.0.0.1:<port>}, for DBRACE_REMOTE_URL. */
  public String url() {
    return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
  }

  private static void answer(HttpExchange exchange, IntUnaryOperator delayMsForUser) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      int user;
      try {
        user = Integer.parseInt(path.substring("/remote/".length()));
      } catch (NumberFormatException e) {
        exchange.sendResponseHeaders(404, -1);
        return;
      }
      int delay = delayMsForUser.applyAsInt(user);
      Thread.sleep(delay);
      byte[] body = ("{\"user\":" + user + ",\"delayMs\":" + delay + "}").getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
