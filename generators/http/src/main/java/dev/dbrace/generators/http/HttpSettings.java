package dev.dbrace.generators.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.dbrace.core.run.Json;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.workload.ExpectedAnswer;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The generator's settings from {@code --stack-opt http.*}; an unknown or bad one is an error naming it. */
public record HttpSettings(String host, int port, int connections, long timeoutMs, int eventLoops, List<String> paths,
    Answers.NotificationSources sources, Map<String, FileAnswers> fileAnswers, String health, String transport) {
  private static final Set<String> KNOWN = Set.of("url", "connections", "timeoutMs", "eventLoops", "slowSource", "secondSource",
      "answers", "health", "transport");
  /** {@code transport}: {@code epoll} (Netty's native transport; an error where it does not load), {@code nio}, or {@code auto}. */
  static final List<String> TRANSPORTS = List.of("auto", "epoll", "nio");

  /** Without E4's sources named: /notifications checked as the sleep and fortune sources. */
  public HttpSettings(String host, int port, int connections, long timeoutMs, int eventLoops, List<String> paths) {
    this(host, port, connections, timeoutMs, eventLoops, paths, Answers.NotificationSources.DEFAULT, Map.of(), "/health", "auto");
  }

  static HttpSettings of(StackConfig config) {
    Map<String, String> o = new HashMap<>(config.options());
    o.keySet().stream().filter(k -> !KNOWN.contains(k)).findFirst().ifPresent(k -> {
      throw new IllegalArgumentException("stack http has no option " + k + " (known: " + String.join(", ", KNOWN) + ")");
    });
    String url = o.get("url");
    if (url == null) {
      throw new IllegalArgumentException("the http stack drives a service: run it with ./dbrace serve-race");
    }
    URI uri = URI.create(url);
    if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
      throw new IllegalArgumentException("http.url must be http://host:port, got " + url);
    }
    String transport = o.getOrDefault("transport", "auto");
    if (!TRANSPORTS.contains(transport)) {
      throw new IllegalArgumentException("http.transport must be auto, epoll or nio, got " + transport);
    }
    return new HttpSettings(uri.getHost(), uri.getPort(), positive(o, "connections", 64), positive(o, "timeoutMs", 30_000),
        positive(o, "eventLoops", 1), config.sql(), Answers.NotificationSources.of(o.get("slowSource"), o.get("secondSource")),
        answers(o.get("answers")), o.getOrDefault("health", "/health"), transport);
  }

  /**
   * The service files' checks by request path template ({@code answers}: JSON written by the runner); none without:
   * every answer is then checked by dbrace's service contract.
   */
  private static Map<String, FileAnswers> answers(String json) {
    if (json == null) {
      return Map.of();
    }
    try {
      Map<String, ExpectedAnswer.EndpointCheck> byPath = Json.MAPPER.readValue(json,
          new TypeReference<Map<String, ExpectedAnswer.EndpointCheck>>() { });
      Map<String, FileAnswers> checks = new HashMap<>();
      byPath.forEach((path, c) -> checks.put(path, new FileAnswers(c.expect(), c.params())));
      return Map.copyOf(checks);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IllegalArgumentException("http.answers is not the service files' checks: " + e.getMessage());
    }
  }

  private static int positive(Map<String, String> o, String key, int dflt) {
    String v = o.get(key);
    if (v == null) {
      return dflt;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // told below
    }
    throw new IllegalArgumentException("http." + key + " must be a positive whole number, got " + v);
  }
}
