package dev.dbrace.db.mariadb;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.Connector;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.mariadb.jdbc.Driver;

/**
 * Opens MariaDB Connector/J connections for a MariaDB {@link DbTarget} and turns the driver's
 * failures into one line that never contains the password. Stateless, hence thread-safe.
 */
public final class MariaDbConnector {

  /** Used directly rather than via DriverManager, which depends on the context class loader. */
  private static final Driver DRIVER = new Driver();
  private static final int ER_ACCESS_DENIED = 1045;
  private static final int ER_BAD_DB = 1049;
  private static final int ER_TOO_MANY_CONNECTIONS = 1040;

  private MariaDbConnector() {}

  public static Connection connect(DbTarget t) {
    try {
      Connection c = DRIVER.connect(t.jdbcUrl(), properties(t));
      if (c == null) {
        throw new DbException("MariaDB Connector/J does not accept the URL " + t.jdbcUrl());
      }
      return c;
    } catch (SQLException e) {
      throw classify(t, e);
    }
  }

  /**
   * What every dbrace connection to MariaDB sends: a 5 s connect timeout, the program name, and
   * multi-statement scripts on (a scenario's schema and seed files run as one script each, as on
   * PostgreSQL). Only dbrace's own connections get it, never a stack's.
   */
  static Properties properties(DbTarget t) {
    Properties p = new Properties();
    p.setProperty("user", t.user());
    if (t.password() != null) {
      p.setProperty("password", t.password());
    }
    p.setProperty("connectTimeout", "5000");
    p.setProperty("connectionAttributes", "program_name:dbrace");
    p.setProperty("allowMultiQueries", "true");
    return p;
  }

  static DbException classify(DbTarget t, SQLException e) {
    String where = "MariaDB at " + Connector.hostPort(t);
    String msg = switch (e.getErrorCode()) {
      case ER_ACCESS_DENIED -> t.password() == null
          ? where + " rejected user " + t.user() + ": no password given (URL, MYSQL_PWD or DBRACE_PASSWORD)"
          : where + " rejected user " + t.user() + ": wrong user name or password";
      case ER_BAD_DB -> where + " has no database \"" + t.database() + "\"";
      case ER_TOO_MANY_CONNECTIONS -> where + " has no free connection slots: " + firstLine(e);
      default -> transport(t, e);
    };
    return new DbException(Connector.scrub(msg, t.password()), e);
  }

  private static String transport(DbTarget t, SQLException e) {
    String prefix = "cannot reach MariaDB at " + Connector.hostPort(t) + ": ";
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof UnknownHostException) {
        return prefix + "unknown host " + t.host();
      } else if (c instanceof ConnectException) {
        return prefix + "connection refused";
      } else if (c instanceof SocketTimeoutException) {
        return prefix + "connection timed out after 5 s";
      }
    }
    return "cannot connect to MariaDB at " + Connector.hostPort(t) + " as " + t.user() + ": " + firstLine(e);
  }

  private static String firstLine(SQLException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse(m);
  }
}
