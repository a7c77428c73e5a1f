package dev.dbrace.stacks.hibernate.orm;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.stacks.jdbcbase.JdbcPools;
import dev.dbrace.stacks.ormbase.OrmStatements;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.hibernate.Version;
import org.hibernate.jpa.HibernatePersistenceConfiguration;
import org.postgresql.util.DriverInfo;

/**
 * What both Hibernate ORM stacks share: HikariCP, the session factory, the workload mapping and
 * versions. Subclasses only choose the executor the blocking sessions run on. Stateless.
 */
public abstract class OrmStackProvider implements StackProvider {

  /** The executor operations run on; shut down by {@link Stack#close()}. */
  abstract ExecutorService newExecutor(StackConfig config);

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("hibernate-core", Version.getVersionString());
    v.put("pgjdbc", DriverInfo.DRIVER_VERSION);
    v.put("HikariCP", LibraryVersion.of("com.zaxxer", "HikariCP", HikariDataSource.class));
    return v;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    if (!config.options().isEmpty()) {
      throw new IllegalArgumentException("stack " + name() + " has no option "
          + String.join(", ", new TreeSet<>(config.options().keySet())) + " (it takes none)");
    }
    if (config.pool() < 1) {
      throw new IllegalArgumentException("pool must be at least 1, got " + config.pool());
    }
    OrmStatements.Action[] actions = OrmStatements.map(name(), config.sql());
    ExecutorService executor = newExecutor(config);
    HikariDataSource pool = null;
    SessionFactory sessions = null;
    try {
      pool = newPool(config);
      sessions = sessionFactory(pool);
      warm(sessions);
      return new OrmStack(sessions, pool, executor, actions);
    } catch (Throwable e) {
      executor.shutdownNow();
      if (sessions != null) {
        sessions.close();
      }
      if (pool != null) {
        pool.close();
      }
      throw e;
    }
  }

  /** The JDBC stacks' very pool ({@link JdbcPools}), so the two differ by Hibernate alone. */
  private HikariDataSource newPool(StackConfig config) throws SQLException {
    HikariConfig hikari = JdbcPools.config(name(), config);
    hikari.addDataSourceProperty("ApplicationName", config.applicationName());
    return JdbcPools.open(hikari);
  }

  /**
   * Hibernate as a service would configure it for reads, minus anything that would blur what is
   * measured: no second-level or query cache, no statistics, no SQL logging, and no schema tool
   * (nothing is created, altered or validated on the lab tables).
   */
  private SessionFactory sessionFactory(HikariDataSource pool) {
    HibernatePersistenceConfiguration cfg = new HibernatePersistenceConfiguration(name())
        .managedClass(World.class)
        .managedClass(Fortune.class)
        .property("jakarta.persistence.nonJtaDataSource", pool)
        .property("jakarta.persistence.schema-generation.database.action", "none")
        .property("hibernate.hbm2ddl.auto", "none")
        .property("jakarta.persistence.sharedCache.mode", "NONE")
        .property("hibernate.cache.use_second_level_cache", "false")
        .property("hibernate.cache.use_query_cache", "false")
        .property("hibernate.generate_statistics", "false")
        .property("hibernate.show_sql", "false")
        .property("hibernate.format_sql", "false")
        .property("hibernate.highlight_sql", "false")
        // Sessions run in autocommit without a transaction, as the JDBC stacks do; hold the
        // connection from the first statement to the session's close: one connection per operation
        // (by default Hibernate would give it back to the pool after each statement in autocommit).
        .property("hibernate.connection.handling_mode", "DELAYED_ACQUISITION_AND_HOLD");
    return cfg.createEntityManagerFactory().unwrap(SessionFactory.class);
  }

  /**
   * One entity load through the whole stack, so connection problems show in open(). A fortune,
   * not a world row: the runner counts the server's executions of the workload's statements from
   * the moment the worker starts, and this one is not the workload's.
   */
  private static void warm(SessionFactory sessions) {
    try (Session s = sessions.openSession()) {
      s.find(Fortune.class, 1);
    }
  }

}
