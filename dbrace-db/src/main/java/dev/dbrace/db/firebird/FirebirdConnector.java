package dev.dbrace.db.firebird;

import dev.dbrace.db.DbException;
import dev.dbrace.db.DbTarget;
import dev.dbrace.db.postgres.Connector;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.firebirdsql.jdbc.FBDriver;

/**
 * Opens Jaybird connections for a Firebird {@link DbTarget} and turns Jaybird's failures into one
 * line that never contains the password. Stateless, hence thread-safe.
 */
public final class FirebirdConnector {

  /** Used directly rather than via DriverManager, which depends on the context class loader. */
  private static final FBDriver DRIVER = new FBDriver();
  private static final int ISC_LOGIN = 335544472;
  private static final int ISC_IO_ERROR = 335544344;
  private static final int ISC_NETWORK_ERROR = 335544721;

  private FirebirdConnector() {}

  public static Connection connect(DbTarget t) {
    try {
      return DRIVER.connect(t.jdbcUrl(), properties(t));
    } catch (SQLException e) {
      throw classify(t, e);
    }
  }

  /** What every dbrace connection to Firebird sends: UTF8 (fortune holds Japanese), a 5 s connect timeout. */
  static Properties properties(DbTarget t) {
    Properties p = new Properties();
    p.setProperty("user", t.user());
    if (t.password() != null) {
      p.setProperty("password", t.password());
    }
    p.setProperty("encoding", "UTF8");
    p.setProperty("connectTimeout", "5");
    p.setProperty("processName", "dbrace");
    return p;
  }

  static DbException classify(DbTarget t, SQLException e) {
    String where = "Firebird at " + Connector.hostPort(t);
    String msg = switch (e.getErrorCode()) {
      case ISC_LOGIN -> t.password() == null
          ? where + " rejected user " + t.user() + ": no password given (URL, ISC_PASSWORD or DBRACE_PASSWORD)"
          : where + " rejected user " + t.user() + ": wrong user name or password";
      case ISC_IO_ERROR -> where + " cannot open database " + t.database() + ": " + firstLine(e);
      case ISC_NETWORK_ERROR -> "cannot reach " + where + ": " + firstLine(e);
      default -> "cannot connect to " + where + " as " + t.user() + ": " + firstLine(e);
    };
    return new DbException(Connector.scrub(msg, t.password()), e);
  }

  private static String firstLine(SQLException e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.lines().findFirst().orElse(m).replaceAll("\\s*\\[SQLState:.*$", "");
  }
}
