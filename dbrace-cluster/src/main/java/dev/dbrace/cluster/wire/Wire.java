package dev.dbrace.cluster.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.dbrace.core.run.Json;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;

/**
 * Messages to and from JSON in event-bus buffers, with the mapper the worker's protocol uses (a run's spec and figures
 * read the same on both). Thread-safe.
 */
public final class Wire {
  private static final ObjectMapper JSON = Json.MAPPER;

  private Wire() {}

  public static Buffer encode(Object message) {
    try {
      return Buffer.buffer(JSON.writeValueAsBytes(message));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write " + message.getClass().getSimpleName() + " as JSON", e);
    }
  }

  /**
   * @throws IllegalArgumentException when {@code body} is not a {@code type} (a member sent something else)
   */
  public static <T> T decode(Buffer body, Class<T> type) {
    try {
      return JSON.readValue(body.getBytes(), type);
    } catch (IOException e) {
      throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + e.getMessage(), e);
    }
  }
}
