package dev.dbrace.core.spi;

import java.util.List;
import java.util.Map;

/**
 * Everything a stack needs to open. Immutable.
 *
 * @param host database host
 * @param port database port
 * @param database database name
 * @param user user name
 * @param password password, may be null; never logged or serialized (toString hides it)
 * @param pool connection pool size, the same for every stack in a race
 * @param threads platform threads for blocking stacks that use a fixed pool (Tomcat's 200 by default);
 *     {@link #ELASTIC_THREADS} asks them for an elastic pool instead, a thread per operation in flight
 * @param sql every statement the workload will execute, with {@code $1, $2 ...} placeholders;
 *     {@link Statement#sqlId()} indexes this list, so stacks can prepare or translate up front
 * @param applicationName set as the connections' application_name, so the runner can find them
 * @param options stack-specific settings ({@code --stack-opt key=value}); unknown keys must be rejected
 * @param engine the database engine; {@link #jdbcUrl()} is in its dialect
 * @param sslMode how to negotiate TLS (PostgreSQL; null means libpq's default, prefer); null on the
 *     other engines, where dbrace offers no TLS setting. A stack that cannot connect this way must
 *     fail its open, naming itself, rather than connect another way
 * @param sslRootCert the root certificate file for {@link SslMode#verifies() verify-ca/verify-full},
 *     or null for the driver's own default
 */
public record StackConfig(
    String host,
    int port,
    String database,
    String user,
    String password,
    int pool,
    int threads,
    List<String> sql,
    String applicationName,
    Map<String, String> options,
    Engine engine,
    SslMode sslMode,
    String sslRootCert) {

  /** {@code threads} for {@code --threads elastic}: a cached pool that grows with the operations in flight. */
  public static final int ELASTIC_THREADS = 0;

  /** Whether the platform-thread stacks are asked for an elastic pool rather than a fixed one. */
  public boolean elasticThreads() {
    return threads == ELASTIC_THREADS;
  }

  public StackConfig {
    sql = List.copyOf(sql);
    options = Map.copyOf(options);
    engine = engine == null ? Engine.POSTGRESQL : engine;
    if (engine != Engine.POSTGRESQL && (sslMode != null || sslRootCert != null)) {
      throw new IllegalArgumentException("sslmode is PostgreSQL's; dbrace has no TLS setting for " + engine.label());
    }
    sslMode = engine == Engine.POSTGRESQL && sslMode == null ? SslMode.DEFAULT : sslMode;
  }

  /** A config on {@code engine} with libpq's default TLS mode on PostgreSQL. */
  public StackConfig(String host, int port, String database, String user, String password, int pool,
      int threads, List<String> sql, String applicationName, Map<String, String> options, Engine engine) {
    this(host, port, database, user, password, pool, threads, sql, applicationName, options, engine, null, null);
  }

  /** A PostgreSQL config, the engine when none is named. */
  public StackConfig(String host, int port, String database, String user, String password, int pool,
      int threads, List<String> sql, String applicationName, Map<String, String> options) {
    this(host, port, database, user, password, pool, threads, sql, applicationName, options,
        Engine.POSTGRESQL, null, null);
  }

  /** The JDBC URL without credentials, in the engine's dialect. */
  public String jdbcUrl() {
    return engine.jdbcUrl(host, port, database);
  }

  /** The SQL text with {@code $n} placeholders replaced by JDBC's {@code ?}. */
  public static String toJdbcPlaceholders(String sql) {
    return sql.replaceAll("\\$\\d+", "?");
  }

  @Override
  public String toString() {
    return "StackConfig[" + engine + ":" + user + "@" + host + ":" + port + "/" + database + ", pool=" + pool
        + ", threads=" + threads + ", options=" + options + (sslMode == null ? "" : ", sslmode=" + sslMode) + "]";
  }
}
