package dev.dbrace.services.spring;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.services.spring.Rows.Remote;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The remote source over the JDK's HTTP client, used synchronously: {@link #get} holds the
 * calling thread for the whole 1–3 s answer, as RestTemplate did in E4. Thread-safe.
 */
final class RemoteClient {
  /** Well above the stub's 3 s, so a slow answer is latency; only a stuck one is an error. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final String baseUrl;
  private final HttpClient http = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1) // no h2c upgrade attempt on plain http
      .connectTimeout(Duration.ofSeconds(5))
      .build();
  private final ObjectMapper json = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  RemoteClient(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  Remote get(int user) {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/remote/" + user))
        .timeout(TIMEOUT).GET().build();
    try {
      HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
      if (response.statusCode() != 200) {
        throw new IOException("remote answered " + response.statusCode() + " for user " + user);
      }
      return json.readValue(response.body(), Remote.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the remote", e);
    }
  }
}
