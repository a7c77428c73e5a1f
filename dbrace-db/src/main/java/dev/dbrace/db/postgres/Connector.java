package dev.dbrace.db.postgres;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.postgresql.Driver;
import org.postgresql.util.PSQLException;

/**
 * Opens pgjdbc connections for a {@link DbTarget} and turns pgjdbc's failures into one line that
 * says which of the usual things went wrong. Stateless, hence thread-safe.
 */
public final class Connector {

  /** Used directly rather than via DriverManager, which depends on the context class loader. */
  private static final Driver DRIVER = new Driver();

  private Connector() {}

  public static Connection connect(DbTarget t) {
    Properties p = new Properties();
    p.setProperty("user", t.user());
    if (t.password() != null) {
      p.setProperty("password", t.password());
    }
    p.setProperty("connectTimeout", "5");
    p.setProperty("socketTimeout", "0"); // long benchmark queries must not be cut off
    // connectTimeout covers only the TCP connect; this also bounds a peer that accepts and stays
    // silent (a wrong service on the port, a server stuck in recovery).
    p.setProperty("loginTimeout", "15");
    p.setProperty("ApplicationName", "dbrace");
    // Without it pgjdbc sends application_name by a SET after login, which pg_stat_statements
    // counts as a statement; with it the name travels in the startup packet.
    p.setProperty("assumeMinServerVersion", "9.0");
    ssl(p, t);
    try {
      Connection c = DRIVER.connect(t.jdbcUrl(), p);
      if (c == null) {
        throw new DbException("pgjdbc does not accept the URL " + t.jdbcUrl());
      }
      return c;
    } catch (SQLException e) {
      throw classify(t, e);
    }
  }

  /** The target's sslmode in pgjdbc's words (libpq's), and its root certificate when it has one. */
  static void ssl(Properties p, DbTarget t) {
    p.setProperty("sslmode", t.sslMode().libpq());
    if (t.sslRootCert() != null) {
      p.setProperty("sslrootcert", t.sslRootCert());
    }
  }

  static DbException classify(DbTarget t, SQLException e) {
    String where = "PostgreSQL at " + hostPort(t);
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String msg = switch (state) {
      case "28P01" -> where + " rejected user " + t.user() + ": password authentication failed";
      case "28000" -> where + " rejected user " + t.user() + ": " + serverText(e);
      case "3D000" -> where + " has no database \"" + t.database() + "\"";
      case "08004" -> t.password() == null
          ? where + " requires a password for user " + t.user()
              + " and none was given (URL, PGPASSWORD or pgpass file)"
          : where + " rejected the connection: " + serverText(e);
      case "53300" -> where + " has no free connection slots: " + serverText(e);
      case "57P03" -> where + " is not accepting connections yet: " + serverText(e);
      default -> transport(t, e);
    };
    return new DbException(scrub(msg, t.password()), e);
  }

  /** Failures below the protocol: the cause chain holds the socket exception that tells them apart. */
  private static String transport(DbTarget t, SQLException e) {
    String prefix = "cannot reach PostgreSQL at " + hostPort(t) + ": ";
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof UnknownHostException) {
        return prefix + "unknown host " + t.host();
      } else if (c instanceof ConnectException ce) {
        return prefix + (ce.getMessage() != null && ce.getMessage().contains("timed out")
            ? "connection timed out after 5 s" : "connection refused");
      } else if (c instanceof NoRouteToHostException) {
        return prefix + "no route to host";
      } else if (c instanceof SocketTimeoutException) {
        return prefix + "connection timed out after 5 s";
      }
    }
    if (e.getMessage() != null && e.getMessage().contains("timed out")) {
      return prefix + "no answer within 15 s";
    }
    return "cannot connect to PostgreSQL at " + hostPort(t) + " as " + t.user() + ": " + serverText(e);
  }

  private static String serverText(SQLException e) {
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null
        && p.getServerErrorMessage().getMessage() != null) {
      return p.getServerErrorMessage().getMessage();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  public static String hostPort(DbTarget t) {
    return (t.host().contains(":") ? "[" + t.host() + "]" : t.host()) + ":" + t.port();
  }

  /** Belt and braces: no server or driver text we pass on may echo the password (every engine's connector uses it). */
  public static String scrub(String msg, String password) {
    return password == null || password.length() < 3 ? msg : msg.replace(password, "***");
  }
}
