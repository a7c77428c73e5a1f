package dev.dbrace.services.spring;

/** A failed query or a missing row; the web layer answers 500 for it. */
final class DataException extends RuntimeException {
  DataException(String message) {
    super(message);
  }

  DataException(Throwable cause) {
    super(cause.getMessage(), cause);
  }
}
