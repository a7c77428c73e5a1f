package dev.dbrace.db;

/**
 * A database or embedded-server failure whose message is one line meant for the user: it says
 * what failed and where, and never contains a password. The cause, when present, is kept for
 * debugging only.
 *
 * <p>Immutable, hence thread-safe.
 */
public class DbException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public DbException(String message) {
    super(oneLine(message));
  }

  public DbException(String message, Throwable cause) {
    super(oneLine(message), cause);
  }

  /** Callers show only the message, so a multi-line server text is folded rather than cut. */
  static String oneLine(String s) {
    return s == null ? "" : s.strip().replaceAll("\\s*\\R\\s*", " | ");
  }
}
