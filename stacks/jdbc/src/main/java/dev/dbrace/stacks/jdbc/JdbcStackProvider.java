package dev.dbrace.stacks.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;

/**
 * What both JDBC stacks share: the HikariCP pool, option checks and versions. Subclasses only
 * choose the executor the blocking calls run on. Stateless, thread-safe.
 */
abstract class JdbcStackProvider implements StackProvider {

  /** pgjdbc connection property, set per data source. */
  static final String PREPARE_THRESHOLD = "prepareThreshold";

  /** The keys {@code config.options()} may hold; any other is an error. */
  Set<String> knownOptions() {
    return Set.of(PREPARE_THRESHOLD);
  }

  /** The executor operations run on; shut down by {@link Stack#close()}. */
  abstract ExecutorService newExecutor(StackConfig config);

  @Override
  public Map<String, String> versions() {
    return Map.of(
        "pgjdbc", org.postgresql.util.DriverInfo.DRIVER_VERSION, "HikariCP", LibraryVersion.of("com.zaxxer", "HikariCP", HikariDataSource.class));
  }

  /** Runs an operation's statements in one transaction when it asks for one. */
  @Override
  public boolean transactions() {
    return true;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    HikariConfig hikari = hikariConfig(config);
    JdbcSql[] sql = JdbcSql.all(config.sql());
    ExecutorService executor = newExecutor(config);
    try {
      HikariDataSource pool = newPool(hikari);
      try {
        warm(pool);
      } catch (Throwable e) {
        pool.close();
        throw e;
      }
      return new JdbcStack(pool, executor, sql);
    } catch (Throwable e) {
      executor.shutdownNow();
      throw e;
    }
  }

  /** Fails on any setting we would otherwise pass on wrong or let HikariCP "correct". */
  HikariConfig hikariConfig(StackConfig config) {
    if (config.pool() < 1) {
      throw new IllegalArgumentException("pool must be at least 1, got " + config.pool());
    }
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName(name());
    hikari.setJdbcUrl(config.jdbcUrl());
    hikari.setUsername(config.user());
    hikari.setPassword(config.password());
    hikari.setMaximumPoolSize(config.pool());
    hikari.setMinimumIdle(config.pool());
    hikari.setConnectionTimeout(30_000);
    hikari.setAutoCommit(true);
    // Open the first connection in the constructor and fail there, with the driver's exception.
    hikari.setInitializationFailTimeout(1);
    hikari.addDataSourceProperty("ApplicationName", config.applicationName());
    for (Map.Entry<String, String> option : config.options().entrySet()) {
      if (!knownOptions().contains(option.getKey())) {
        throw new IllegalArgumentException(
            "unknown option '" + option.getKey() + "' for stack " + name() + "; known options: "
                + new TreeSet<>(knownOptions()));
      }
    }
    String threshold = config.options().get(PREPARE_THRESHOLD);
    if (threshold != null) {
      hikari.addDataSourceProperty(PREPARE_THRESHOLD, parseInt(PREPARE_THRESHOLD, threshold));
    }
    return hikari;
  }

  private static HikariDataSource newPool(HikariConfig hikari) throws SQLException {
    try {
      return new HikariDataSource(hikari);
    } catch (HikariPool.PoolInitializationException e) {
      // Unwrap, so a wrong password reports PSQLException "password authentication failed".
      if (e.getCause() instanceof SQLException cause) {
        throw cause;
      }
      throw e;
    }
  }

  /** One round trip, so connect and authentication problems show before any load. */
  private static void warm(HikariDataSource pool) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1")) {
      if (!rs.next() || rs.getInt(1) != 1) {
        throw new SQLException("SELECT 1 did not return 1");
      }
    }
  }

  private static int parseInt(String key, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be an integer, got '" + value + "'");
    }
  }

}
