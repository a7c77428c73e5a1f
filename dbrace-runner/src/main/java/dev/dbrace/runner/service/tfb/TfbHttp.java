package dev.dbrace.runner.service.tfb;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * GETs as TFB's toolset sends them (its Accept headers, a 15 s timeout), over HTTP/1.1 only: Java's
 * client would otherwise offer an h2c upgrade that TFB's client never does. Thread-safe.
 */
final class TfbHttp implements AutoCloseable {
  static final Duration TIMEOUT = Duration.ofSeconds(15);
  private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  /** The answer, or {@link TfbResponse#none} when none came (refused, reset, timed out). */
  TfbResponse get(String url, TfbType type) throws InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).header("Accept", type.accept).build();
    try {
      HttpResponse<byte[]> r = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      return new TfbResponse(url, r.statusCode(), r.headers().map(), r.body(), null);
    } catch (IOException e) {
      return TfbResponse.none(url, e.toString());
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
