package dev.dbrace.db;

import dev.dbrace.db.firebird.FirebirdConnector;
import dev.dbrace.db.mariadb.MariaDbConnector;
import dev.dbrace.db.postgres.Connector;
import dev.dbrace.db.postgres.PgPass;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.SslMode;

/**
 * Where to connect. {@link #toString()}, {@link #redactedUrl()}, {@link #jdbcUrl()} and every
 * error message never reveal the password; only {@link #password()} returns it.
 *
 * <p>Immutable, hence thread-safe; {@link #connect()} may be called from any thread.
 *
 * @param host host name or IP address (IPv6 without brackets)
 * @param port TCP port
 * @param database database name
 * @param user user name
 * @param password password, or null to send none (trust or peer authentication)
 * @param engine PostgreSQL, MariaDB or Firebird; for Firebird, {@code database} is a file path or an alias
 * @param sslMode how every connection to a PostgreSQL target negotiates TLS (null there means
 *     libpq's default, prefer); null on the other engines
 * @param sslRootCert the root certificate file for verify-ca/verify-full, or null for each
 *     driver's default
 */
public record DbTarget(String host, int port, String database, String user, String password,
    Engine engine, SslMode sslMode, String sslRootCert) {

  /** A PostgreSQL target with libpq's default TLS mode. */
  public DbTarget(String host, int port, String database, String user, String password) {
    this(host, port, database, user, password, Engine.POSTGRESQL);
  }

  /** A target on {@code engine}, with libpq's default TLS mode on PostgreSQL. */
  public DbTarget(String host, int port, String database, String user, String password, Engine engine) {
    this(host, port, database, user, password, engine, null, null);
  }

  public DbTarget {
    engine = engine == null ? Engine.POSTGRESQL : engine;
    if (engine != Engine.POSTGRESQL && (sslMode != null || sslRootCert != null)) {
      throw new IllegalArgumentException("sslmode is PostgreSQL's: dbrace has no TLS setting for " + engine.label());
    }
    sslMode = engine == Engine.POSTGRESQL && sslMode == null ? SslMode.DEFAULT : sslMode;
    if (sslRootCert != null && !sslMode.verifies()) {
      // libpq would quietly verify under require when the file exists; say which mode is meant instead
      throw new IllegalArgumentException("sslrootcert is used by sslmode=verify-ca or verify-full only, not "
          + sslMode.libpq());
    }
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host is empty");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port " + port + " is not in 1..65535");
    }
    if (database == null || database.isBlank()) {
      throw new IllegalArgumentException("database is empty");
    }
    if (user == null || user.isBlank()) {
      throw new IllegalArgumentException("user is empty");
    }
  }

  /**
   * Parses {@code postgresql://user[:pw]@host[:port]/db}, {@code postgres://...} or
   * {@code jdbc:postgresql://host:port/db?user=..&password=..}. The password comes from the URL,
   * else env {@code PGPASSWORD}, else the pgpass file ({@code host:port:db:user:pw}, {@code *}
   * wildcards, {@code \:} escapes). A missing user becomes env {@code PGUSER} or "postgres", a
   * missing port 5432, a missing database the user name.
   *
   * <p>{@code firebird://user@host[:port]//path/db.fdb} (or {@code /alias}) is a Firebird target:
   * the password from the URL, else env {@code ISC_PASSWORD}, else {@code DBRACE_PASSWORD}; a
   * missing user becomes env {@code ISC_USER} or "SYSDBA", a missing port 3050.
   *
   * <p>{@code mariadb://user@host[:port]/db} (or {@code mysql://}, {@code jdbc:mariadb://}) is a
   * MariaDB/MySQL target: the password from the URL, else env {@code MYSQL_PWD}, else
   * {@code DBRACE_PASSWORD}; a missing user becomes env {@code USER} or "root", a missing port 3306.
   *
   * <p>TLS, PostgreSQL only, as libpq takes it: {@code sslmode} (disable, allow, prefer, require,
   * verify-ca, verify-full) from the URL, else env {@code PGSSLMODE}, else prefer; {@code sslrootcert}
   * from the URL, else env {@code PGSSLROOTCERT} (a readable file; verify modes only). On the other
   * engines either parameter in the URL is refused.
   *
   * @param env environment variables (usually {@code System.getenv()}); null means none
   * @param pgpassFile the password file, may be null or absent
   * @throws IllegalArgumentException with a one-line message, without the password, if malformed
   */
  public static DbTarget parse(String url, Map<String, String> env, Path pgpassFile) {
    Map<String, String> e = env == null ? Map.of() : env;
    TargetUrl.Parts p = TargetUrl.parse(url);
    if (p.engine() != Engine.POSTGRESQL && (p.sslmode() != null || p.sslrootcert() != null)) {
      throw new IllegalArgumentException(DbException.oneLine("malformed " + p.engine().label() + " URL '"
          + TargetUrl.redact(url) + "': sslmode and sslrootcert are PostgreSQL's; dbrace has no TLS setting for "
          + p.engine().label()));
    }
    if (p.engine() == Engine.FIREBIRD) {
      return firebird(p, e);
    }
    if (p.engine() == Engine.MARIADB) {
      return mariadb(p, e);
    }
    String user = p.user() != null ? p.user() : nonBlank(e.get("PGUSER"), "postgres");
    int port = p.port() != null ? p.port() : 5432;
    String database = p.database() != null ? p.database() : user;
    String password = p.password();
    if (password == null) {
      password = nonBlank(e.get("PGPASSWORD"), null);
    }
    if (password == null) {
      password = PgPass.lookup(pgpassFile, p.host(), port, database, user).orElse(null);
    }
    SslMode mode = p.sslmode() != null ? SslMode.of(p.sslmode()) : SslMode.DEFAULT;
    if (p.sslmode() == null && nonBlank(e.get("PGSSLMODE"), null) != null) {
      try {
        mode = SslMode.of(e.get("PGSSLMODE"));
      } catch (IllegalArgumentException bad) {
        throw new IllegalArgumentException("PGSSLMODE: " + bad.getMessage());
      }
    }
    // The environment's root certificate serves the modes that verify; the URL's is checked against its mode.
    String rootCert = p.sslrootcert() != null ? p.sslrootcert()
        : mode.verifies() ? nonBlank(e.get("PGSSLROOTCERT"), null) : null;
    if (rootCert != null && !Files.isReadable(Path.of(rootCert))) {
      throw new IllegalArgumentException("sslrootcert " + rootCert + " is not a readable file");
    }
    return new DbTarget(p.host(), port, database, user, password, Engine.POSTGRESQL, mode, rootCert);
  }

  private static DbTarget firebird(TargetUrl.Parts p, Map<String, String> e) {
    if (p.database() == null) {
      throw new IllegalArgumentException("malformed Firebird URL: no database; expected"
          + " firebird://user@host:port//path/to/db.fdb");
    }
    String user = p.user() != null ? p.user() : nonBlank(e.get("ISC_USER"), "SYSDBA");
    String password = p.password() != null ? p.password()
        : nonBlank(e.get("ISC_PASSWORD"), nonBlank(e.get("DBRACE_PASSWORD"), null));
    return new DbTarget(p.host(), p.port() != null ? p.port() : 3050, p.database(), user, password,
        Engine.FIREBIRD);
  }

  private static DbTarget mariadb(TargetUrl.Parts p, Map<String, String> e) {
    if (p.database() == null) {
      throw new IllegalArgumentException("malformed MariaDB URL: no database; expected mariadb://user@host:port/db");
    }
    String user = p.user() != null ? p.user() : nonBlank(e.get("USER"), "root");
    String password = p.password() != null ? p.password()
        : nonBlank(e.get("MYSQL_PWD"), nonBlank(e.get("DBRACE_PASSWORD"), null));
    return new DbTarget(p.host(), p.port() != null ? p.port() : 3306, p.database(), user, password, Engine.MARIADB);
  }

  /**
   * {@code postgresql://user@host:port/db} or {@code firebird://user@host:port//path/db.fdb}: safe
   * to print and log.
   */
  public String redactedUrl() {
    if (engine == Engine.FIREBIRD) {
      return "firebird://" + encode(user) + "@" + hostPort() + "/" + database;
    }
    if (engine == Engine.MARIADB) {
      return "mariadb://" + encode(user) + "@" + hostPort() + "/" + encode(database);
    }
    return "postgresql://" + encode(user) + "@" + hostPort() + "/" + encode(database);
  }

  /** {@code jdbc:postgresql://host:port/db} or {@code jdbc:firebird://host:port//path}, without credentials. */
  public String jdbcUrl() {
    return switch (engine) {
      case FIREBIRD -> engine.jdbcUrl(host, port, database);
      case MARIADB -> "jdbc:mariadb://" + hostPort() + "/" + encode(database);
      case POSTGRESQL -> "jdbc:postgresql://" + hostPort() + "/" + encode(database);
    };
  }

  /**
   * Opens a pgjdbc (PostgreSQL) or Jaybird (Firebird) connection (connectTimeout 5 s, no socketTimeout, ApplicationName "dbrace").
   *
   * @throws DbException with one line telling unreachable, unknown host, rejected credentials and
   *     missing database apart; never containing the password
   */
  public Connection connect() {
    return switch (engine) {
      case FIREBIRD -> FirebirdConnector.connect(this);
      case MARIADB -> MariaDbConnector.connect(this);
      case POSTGRESQL -> Connector.connect(this);
    };
  }

  @Override
  public String toString() {
    return "DbTarget[" + redactedUrl() + (password == null ? "" : ", password=***")
        + (sslMode == null ? "" : ", sslmode=" + sslMode) + "]";
  }

  private String hostPort() {
    return Connector.hostPort(this);
  }

  private static String nonBlank(String s, String fallback) {
    return s == null || s.isEmpty() ? fallback : s;
  }

  /** Percent-encodes all but URL-safe characters, so odd database names survive the round trip. */
  private static String encode(String s) {
    StringBuilder b = new StringBuilder();
    for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (x & 0xff);
      if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '-' || c == '_' || c == '.' || c == '~') {
        b.append(c);
      } else {
        b.append('%').append(String.format("%02X", x & 0xff));
      }
    }
    return b.toString();
  }
}
