package dev.dbrace.stacks.hibernate.reactive;

import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import dev.dbrace.stacks.ormbase.OrmStatements;
import io.netty.channel.Channel;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.pgclient.PgPool;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.hibernate.Version;
import org.hibernate.boot.registry.StandardServiceRegistry;
import org.hibernate.cfg.Configuration;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.provider.ReactiveServiceRegistryBuilder;
import org.hibernate.reactive.provider.Settings;
import org.hibernate.reactive.vertx.VertxInstance;

/**
 * {@code hibernate-reactive}: Hibernate Reactive (Mutiny API) on its Vert.x 4.5 PostgreSQL pool.
 * Stateless.
 */
public final class HibernateReactiveProvider implements StackProvider {

  @Override
  public String name() {
    return "hibernate-reactive";
  }

  @Override
  public String description() {
    return "Hibernate Reactive (Mutiny, a session per operation, no 2nd-level cache) on the Vert.x 4.5"
        + " PostgreSQL pool, event loops = cores";
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("hibernate-reactive-core", LibraryVersion.manifest(Mutiny.class));
    v.put("hibernate-core", Version.getVersionString());
    v.put("vertx-pg-client", LibraryVersion.of("io.vertx", "vertx-pg-client", PgPool.class));
    v.put("vertx-core", LibraryVersion.of("io.vertx", "vertx-core", Vertx.class));
    v.put("netty", LibraryVersion.of("io.netty", "netty-transport", Channel.class));
    return v;
  }

  /** Its Vert.x PG client verifies a certificate only against trust options it is given (sslrootcert). */
  @Override
  public boolean verifiesWithoutRootCert() {
    return false;
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
    // The raw vertx stack's default: one event loop per core.
    Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(Runtime.getRuntime().availableProcessors()));
    StandardServiceRegistry registry = null;
    Mutiny.SessionFactory sessions = null;
    try {
      Configuration cfg = configuration(config);
      registry = new ReactiveServiceRegistryBuilder()
          .applySettings(cfg.getProperties())
          .addService(VertxInstance.class, (VertxInstance) () -> vertx)
          .build();
      sessions = cfg.buildSessionFactory(registry).unwrap(Mutiny.SessionFactory.class);
      ReactiveStack stack = new ReactiveStack(vertx, registry, sessions, actions);
      warm(stack);
      return stack;
    } catch (Throwable e) {
      try {
        if (sessions != null) {
          sessions.close();
        }
        if (registry != null) {
          ReactiveServiceRegistryBuilder.destroy(registry);
        }
      } finally {
        vertx.close();
      }
      throw e;
    }
  }

  /**
   * The same choices as the hibernate-orm stacks: no second-level or query cache, no statistics, no
   * SQL logging, no schema tool; the pool of {@code config.pool()} connections.
   */
  private static Configuration configuration(StackConfig config) {
    Configuration cfg = new Configuration()
        .addAnnotatedClass(World.class)
        .addAnnotatedClass(Fortune.class)
        .setProperty("jakarta.persistence.jdbc.url",
            "jdbc:postgresql://" + config.host() + ":" + config.port() + "/" + config.database())
        .setProperty("jakarta.persistence.jdbc.user", config.user())
        .setProperty("hibernate.connection.pool_size", Integer.toString(config.pool()))
        .setProperty(Settings.SQL_CLIENT_POOL_CONFIG, ConnectionSettingsPoolConfiguration.class.getName())
        .setProperty("jakarta.persistence.schema-generation.database.action", "none")
        .setProperty("hibernate.hbm2ddl.auto", "none")
        .setProperty("jakarta.persistence.sharedCache.mode", "NONE")
        .setProperty("hibernate.cache.use_second_level_cache", "false")
        .setProperty("hibernate.cache.use_query_cache", "false")
        .setProperty("hibernate.generate_statistics", "false")
        .setProperty("hibernate.show_sql", "false")
        .setProperty("hibernate.format_sql", "false")
        .setProperty("hibernate.highlight_sql", "false");
    if (config.password() != null) {
      cfg.setProperty("jakarta.persistence.jdbc.password", config.password());
    }
    if (config.applicationName() != null) {
      cfg.setProperty(ConnectionSettingsPoolConfiguration.APPLICATION_NAME, config.applicationName());
    }
    cfg.setProperty(ConnectionSettingsPoolConfiguration.SSL_MODE, config.sslMode().libpq());
    if (config.sslMode().verifies()) {
      // the Vert.x client has no default root certificate: refused here rather than connected another way
      if (config.sslRootCert() == null) {
        throw new IllegalArgumentException("stack hibernate-reactive: sslmode=" + config.sslMode()
            + " needs sslrootcert in the URL (the Vert.x PG client has no default root certificate)");
      }
      cfg.setProperty(ConnectionSettingsPoolConfiguration.SSL_ROOT_CERT, config.sslRootCert());
    }
    return cfg;
  }

  /**
   * One entity load through the whole stack, so connection problems show in open(). A fortune,
   * not a world row: the runner counts the server's executions of the workload's statements from
   * the moment the worker starts, and this one is not the workload's.
   */
  private static void warm(ReactiveStack stack) throws Exception {
    try {
      stack.inSession(s -> s.find(Fortune.class, 1)).toCompletableFuture().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      // The driver's own exception (e.g. "password authentication failed"), not a wrapper.
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }


}
