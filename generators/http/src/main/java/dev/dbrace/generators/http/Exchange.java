package dev.dbrace.generators.http;

/**
 * A GET submitted to the {@link KeepAliveClient} and the moments of its answer ({@link System#nanoTime()}, each 0 until
 * it happened). An operation of several requests is one exchange submitted again for each: {@code sent} and
 * {@code firstItem} then stay its first request's, {@code lastByte} becomes its last answer's. One request at a time;
 * the fields pass between threads over the client's lock or an event loop's task queue, which order them.
 */
abstract class Exchange {
  /** The request's path and query, set before each submit. */
  String path;
  /** How long the request may take from when it left to its answer's last byte. */
  final long timeoutMs;
  /** When a connection took the first request (any wait for a free one is before it). */
  long sent;
  /** When the first answer's first complete item arrived: a streamed answer's first non-blank line, else its end. */
  long firstItem;
  long lastByte;

  Exchange(long timeoutMs) {
    this.timeoutMs = timeoutMs;
  }

  /** The answer, read whole; on the connection's event loop, the connection already free for the next request. */
  abstract void answered(Answers.Answer answer);

  /** No answer: the connection failed or closed, the request timed out, or it could not connect. */
  abstract void failed(Throwable error);
}
