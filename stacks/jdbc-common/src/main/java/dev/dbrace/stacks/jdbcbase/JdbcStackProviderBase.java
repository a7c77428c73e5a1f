package dev.dbrace.stacks.jdbcbase;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.PositionalSql;
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
 * What every blocking JDBC stack shares: the HikariCP pool sized and filled to {@code --pool}, the
 * option check, a first round trip before any load, and {@link JdbcStack}. A subclass names the
 * executor, its driver's data-source properties and its options. Stateless, thread-safe.
 */
public abstract class JdbcStackProviderBase implements StackProvider {

  /** The executor operations run on; shut down by {@link Stack#close()}. */
  protected abstract ExecutorService newExecutor(StackConfig config);

  /** The keys {@code config.options()} may hold; any other is an error. */
  protected Set<String> knownOptions() {
    return Set.of(JdbcExecutors.HANDOFF);
  }

  /** The driver's own settings for this engine (application name, encoding, options). */
  protected abstract void configure(HikariConfig hikari, StackConfig config);

  /** A query that returns the single integer 1 on the engine. */
  protected String pingQuery(StackConfig config) {
    return "SELECT 1";
  }

  /** Runs an operation's statements in one transaction when it asks for one. */
  @Override
  public boolean transactions() {
    return true;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    if (!engines().contains(config.engine())) {
      throw new IllegalArgumentException("stack " + name() + " does not speak " + config.engine().label());
    }
    HikariConfig hikari = hikariConfig(config);
    PositionalSql[] sql = PositionalSql.all(config.sql());
    ExecutorService executor = newExecutor(config);
    try {
      HikariDataSource pool = JdbcPools.open(hikari);
      try {
        warm(pool, pingQuery(config));
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
  public HikariConfig hikariConfig(StackConfig config) {
    HikariConfig hikari = JdbcPools.config(name(), config);
    for (String key : config.options().keySet()) {
      if (!knownOptions().contains(key)) {
        throw new IllegalArgumentException("unknown option '" + key + "' for stack " + name()
            + "; known options: " + new TreeSet<>(knownOptions()));
      }
    }
    configure(hikari, config);
    return hikari;
  }

  /** One round trip, so connect and authentication problems show before any load. */
  private static void warm(HikariDataSource pool, String ping) throws SQLException {
    try (Connection c = pool.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(ping)) {
      if (!rs.next() || rs.getInt(1) != 1) {
        throw new SQLException(ping + " did not return 1");
      }
    }
  }

  /** An integer option's value; a malformed one is an error naming the option. */
  protected static int parseInt(String key, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " must be an integer, got '" + value + "'");
    }
  }

  /** The engine-independent part of {@link #versions()}. */
  protected static Map<String, String> hikariVersion() {
    return Map.of("HikariCP", LibraryVersion.of("com.zaxxer", "HikariCP", HikariDataSource.class));
  }
}
