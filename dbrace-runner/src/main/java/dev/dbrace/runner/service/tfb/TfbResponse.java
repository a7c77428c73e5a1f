package dev.dbrace.runner.service.tfb;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One answer as TFB's checks read it: status, headers (names in any case), body, or why none came
 * ({@code error}, status 0). Immutable.
 */
record TfbResponse(String url, int status, Map<String, List<String>> headers, byte[] body, String error) {
  TfbResponse {
    TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    h.putAll(headers);
    headers = h;
  }

  static TfbResponse none(String url, String error) {
    return new TfbResponse(url, 0, Map.of(), new byte[0], error);
  }

  Optional<String> header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /** The body as TFB reads it: UTF-8, whatever the Content-Type says. */
  String text() {
    return new String(body, StandardCharsets.UTF_8);
  }

  /** Null when it is a 200 with a body, else why not (TFB's "No response" and "Empty response", and a status). */
  String notAnswered() {
    if (error != null) {
      return "no response: " + error;
    }
    if (status != 200) {
      return "status " + status;
    }
    return body.length == 0 ? "empty response" : null;
  }
}
