package dev.dbrace.stacks.r2dbc;

import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code r2dbc}: r2dbc-postgresql (PostgreSQL) or r2dbc-mariadb (MariaDB/MySQL) behind r2dbc-pool,
 * driven through Reactor without blocking.
 */
public final class R2dbcStackProvider implements StackProvider {

  @Override
  public String name() {
    return "r2dbc";
  }

  @Override
  public String description() {
    return "r2dbc-postgresql / r2dbc-mariadb + r2dbc-pool on Reactor (non-blocking)";
  }

  @Override
  public java.util.Set<dev.dbrace.core.spi.Engine> engines() {
    return java.util.Set.of(dev.dbrace.core.spi.Engine.POSTGRESQL, dev.dbrace.core.spi.Engine.MARIADB);
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("r2dbc-postgresql",
        LibraryVersion.of("org.postgresql", "r2dbc-postgresql", io.r2dbc.postgresql.PostgresqlConnectionFactory.class));
    v.put("r2dbc-mariadb", LibraryVersion.of("org.mariadb", "r2dbc-mariadb", org.mariadb.r2dbc.MariadbConnectionFactory.class));
    v.put("r2dbc-pool", LibraryVersion.of("io.r2dbc", "r2dbc-pool", io.r2dbc.pool.ConnectionPool.class));
    v.put("r2dbc-spi", LibraryVersion.of("io.r2dbc", "r2dbc-spi", io.r2dbc.spi.Connection.class));
    v.put("reactor-core", LibraryVersion.of("io.projectreactor", "reactor-core", reactor.core.publisher.Mono.class));
    v.put("reactor-netty", LibraryVersion.of("io.projectreactor.netty", "reactor-netty-core", reactor.netty.Connection.class));
    v.put("reactor-pool", LibraryVersion.of("io.projectreactor.addons", "reactor-pool", reactor.pool.Pool.class));
    v.put("netty", LibraryVersion.of("io.netty", "netty-common", io.netty.util.Version.class));
    return v;
  }

  @Override
  public Map<String, String> versions(dev.dbrace.core.spi.Engine engine) {
    Map<String, String> v = new LinkedHashMap<>(versions());
    v.remove(engine == dev.dbrace.core.spi.Engine.MARIADB ? "r2dbc-postgresql" : "r2dbc-mariadb");
    return v;
  }

  /** Runs an operation's statements in one transaction when it asks for one. */
  @Override
  public boolean transactions() {
    return true;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    return R2dbcStack.open(config);
  }

}
