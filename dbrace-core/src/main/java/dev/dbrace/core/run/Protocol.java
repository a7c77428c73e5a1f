package dev.dbrace.core.run;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Worker to runner messages: one JSON object per line on the worker's original stdout, with a
 * {@code type} of ready, settled, measure, progress, drain, result or error ({@link MessageType}). Thread-safe (one println per message).
 */
public final class Protocol {
  private final PrintStream out;

  public Protocol(PrintStream out) {
    this.out = out;
  }

  public void ready() {
    send(MessageType.READY, Map.of());
  }

  /** A held run's warm-up ended by its rule ({@code ended}: settled, cap or fixed); the worker waits for the go. */
  public void settled(String ended) {
    send(MessageType.SETTLED, Map.of("ended", ended));
  }

  /** Warm-up is over: the runner snapshots the process's counters now. */
  public void measure() {
    send(MessageType.MEASURE, Map.of());
  }

  /** The counts so far, about twice a second ({@link Progress}: the runner reads the same type back). */
  public void progress(Progress progress) {
    send(MessageType.PROGRESS, Json.MAPPER.convertValue(progress, Json.MAPPER.getTypeFactory()
        .constructMapType(LinkedHashMap.class, String.class, Object.class)));
  }

  /** The measured window closed (issuing ended; the operations in flight drain): the runner reads the process's CPU now. */
  public void drain() {
    send(MessageType.DRAIN, Map.of());
  }

  public void result(WorkerResult result) {
    send(MessageType.RESULT, Map.of("result", result));
  }

  public void error(String message) {
    send(MessageType.ERROR, Map.of("message", message));
  }

  private void send(MessageType type, Map<String, Object> fields) {
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", type.wire());
    msg.putAll(fields);
    out.println(Json.line(msg));
    out.flush();
  }
}
