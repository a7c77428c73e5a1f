package dev.dbrace.stacks.jdbcbase;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.dbrace.core.spi.StackConfig;
import java.sql.SQLException;

/**
 * The HikariCP pool every JDBC-based stack uses (the raw JDBC stacks and Hibernate ORM alike), so
 * they differ by what runs on it, not by pool settings: {@code --pool} connections, all opened up
 * front, autocommit, a 30 s borrow timeout, and on PostgreSQL the race's sslmode. Stateless, hence thread-safe.
 */
public final class JdbcPools {

  private JdbcPools() {}

  /** The shared settings for stack {@code name}; the caller adds its driver's data-source properties. */
  public static HikariConfig config(String name, StackConfig config) {
    if (config.pool() < 1) {
      throw new IllegalArgumentException("pool must be at least 1, got " + config.pool());
    }
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName(name);
    hikari.setJdbcUrl(config.jdbcUrl());
    hikari.setUsername(config.user());
    hikari.setPassword(config.password());
    hikari.setMaximumPoolSize(config.pool());
    hikari.setMinimumIdle(config.pool());
    hikari.setConnectionTimeout(30_000);
    hikari.setAutoCommit(true);
    // Open the first connection in the constructor and fail there, with the driver's exception.
    hikari.setInitializationFailTimeout(1);
    if (config.sslMode() != null) {
      // pgjdbc takes libpq's sslmode words and its root-certificate default (~/.postgresql/root.crt)
      hikari.addDataSourceProperty("sslmode", config.sslMode().libpq());
      if (config.sslRootCert() != null) {
        hikari.addDataSourceProperty("sslrootcert", config.sslRootCert());
      }
    }
    return hikari;
  }

  /** Opens the pool; a failure to connect is the driver's own exception (e.g. "password authentication failed"). */
  public static HikariDataSource open(HikariConfig hikari) throws SQLException {
    try {
      return new HikariDataSource(hikari);
    } catch (HikariPool.PoolInitializationException e) {
      if (e.getCause() instanceof SQLException cause) {
        throw cause;
      }
      throw e;
    }
  }
}
