package dev.dbrace.stacks.firebird;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import dev.dbrace.core.spi.Engine;
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
 * What both Jaybird stacks share: Firebird only, the HikariCP pool, option checks and versions.
 * Subclasses only choose the executor the blocking calls run on. Stateless, thread-safe.
 */
abstract class FirebirdStackProvider implements StackProvider {

  /** {@code local} (default) or the variant's other hand-off; see the subclasses. */
  static final String HANDOFF = "handoff";

  /** The executor operations run on; shut down by {@link Stack#close()}. */
  abstract ExecutorService newExecutor(StackConfig config);

  @Override
  public Set<Engine> engines() {
    return Set.of(Engine.FIREBIRD);
  }

  @Override
  public Map<String, String> versions() {
    // Jaybird's manifest version carries its build ("6.0.5 (build: variant=jaybird ...)"): keep the version.
    String jaybird = LibraryVersion.of("org.firebirdsql.jdbc", "jaybird", org.firebirdsql.jdbc.FBDriver.class);
    return Map.of("Jaybird", jaybird.split(" ", 2)[0],
        "HikariCP", LibraryVersion.of("com.zaxxer", "HikariCP", HikariDataSource.class));
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    if (config.engine() != Engine.FIREBIRD) {
      throw new IllegalArgumentException("stack " + name() + " speaks Firebird only, not " + config.engine().label());
    }
    HikariConfig hikari = hikariConfig(config);
    FirebirdSql[] sql = FirebirdSql.all(config.sql());
    ExecutorService executor = newExecutor(config);
    try {
      HikariDataSource pool = newPool(hikari);
      try {
        warm(pool);
      } catch (Throwable e) {
        pool.close();
        throw e;
      }
      return new FirebirdStack(pool, executor, sql);
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
    for (String key : config.options().keySet()) {
      if (!HANDOFF.equals(key)) {
        throw new IllegalArgumentException("unknown option '" + key + "' for stack " + name()
            + "; known options: " + new TreeSet<>(Set.of(HANDOFF)));
      }
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
    // UTF8 like the datasets (fortune holds Japanese); processName shows in MON$ATTACHMENTS.
    hikari.addDataSourceProperty("encoding", "UTF8");
    hikari.addDataSourceProperty("processName", config.applicationName());
    return hikari;
  }

  private static HikariDataSource newPool(HikariConfig hikari) throws SQLException {
    try {
      return new HikariDataSource(hikari);
    } catch (HikariPool.PoolInitializationException e) {
      // Unwrap, so a wrong password reports Jaybird's own message.
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
        ResultSet rs = s.executeQuery("SELECT 1 FROM rdb$database")) {
      if (!rs.next() || rs.getInt(1) != 1) {
        throw new SQLException("SELECT 1 FROM rdb$database did not return 1");
      }
    }
  }
}
