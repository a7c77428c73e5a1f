package dev.dbrace.core.load;

import java.sql.SQLException;
import java.util.Locale;

/**
 * What kind of failure a driver's exception is, in words a reader of a fault run can compare
 * across stacks (each driver names the same event differently): connection closed, connection
 * refused, server unavailable, timeout, cancelled, server error (any other SQLSTATE), or other. From the SQLSTATE where the
 * exception is an {@link SQLException} (pgjdbc, R2DBC's are not but carry it in the message),
 * else from the exception's class and message along its causes. Stateless.
 */
final class ErrorCategory {
  /** The category of a timeout (the service level's request timeout among them). */
  static final String TIMEOUT = "timeout";

  private ErrorCategory() {}

  static String of(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String c = bySqlState(t instanceof SQLException s ? s.getSQLState() : null);
      if (c == null) {
        c = byText(t.getClass().getName() + " " + t.getMessage());
      }
      if (c != null) {
        return c;
      }
    }
    return "other";
  }

  private static String bySqlState(String state) {
    if (state == null) {
      return null;
    }
    if (state.equals("57P01") || state.equals("57P02")) {
      return "connection closed"; // admin_shutdown (pg_terminate_backend, shutdown), crash_shutdown
    }
    if (state.equals("57P03")) {
      return "server unavailable"; // cannot_connect_now: starting up or shutting down
    }
    if (state.equals("57014")) {
      return "cancelled";
    }
    if (state.startsWith("08")) {
      return state.equals("08001") || state.equals("08004") ? "connection refused" : "connection closed";
    }
    return "server error";
  }

  private static String byText(String text) {
    String s = text.toLowerCase(Locale.ROOT);
    if (s.contains("57p01") || s.contains("terminating connection") || s.contains("connection reset")
        || s.contains("closed") || s.contains("connection has been lost") || s.contains("lost unexpectedly")
        || s.contains("broken pipe") || s.contains("i/o error") || s.contains("end of stream")
        || s.contains("eofexception")) {
      return "connection closed";
    }
    if (s.contains("57p03") || s.contains("the database system is")) {
      return "server unavailable";
    }
    if (s.contains("connection refused") || s.contains("connectexception")) {
      return "connection refused";
    }
    if (s.contains("timeout") || s.contains("timed out")) {
      return TIMEOUT;
    }
    if (s.contains("cancel")) {
      return "cancelled";
    }
    return null;
  }
}
