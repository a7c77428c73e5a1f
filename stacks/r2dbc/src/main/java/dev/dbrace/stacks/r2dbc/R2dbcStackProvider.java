package dev.dbrace.stacks.r2dbc;

import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import io.netty.util.Version;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.mariadb.r2dbc.MariadbConnectionFactory;
import reactor.core.publisher.Mono;
import reactor.pool.Pool;

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
  public Set<Engine> engines() {
    return Set.of(Engine.POSTGRESQL, Engine.MARIADB);
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("r2dbc-postgresql",
        LibraryVersion.of("org.postgresql", "r2dbc-postgresql", PostgresqlConnectionFactory.class));
    v.put("r2dbc-mariadb", LibraryVersion.of("org.mariadb", "r2dbc-mariadb", MariadbConnectionFactory.class));
    v.put("r2dbc-pool", LibraryVersion.of("io.r2dbc", "r2dbc-pool", ConnectionPool.class));
    v.put("r2dbc-spi", LibraryVersion.of("io.r2dbc", "r2dbc-spi", io.r2dbc.spi.Connection.class));
    v.put("reactor-core", LibraryVersion.of("io.projectreactor", "reactor-core", Mono.class));
    v.put("reactor-netty", LibraryVersion.of("io.projectreactor.netty", "reactor-netty-core", reactor.netty.Connection.class));
    v.put("reactor-pool", LibraryVersion.of("io.projectreactor.addons", "reactor-pool", Pool.class));
    v.put("netty", LibraryVersion.of("io.netty", "netty-common", Version.class));
    return v;
  }

  @Override
  public Map<String, String> versions(Engine engine) {
    Map<String, String> v = new LinkedHashMap<>(versions());
    v.remove(engine == Engine.MARIADB ? "r2dbc-postgresql" : "r2dbc-mariadb");
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
