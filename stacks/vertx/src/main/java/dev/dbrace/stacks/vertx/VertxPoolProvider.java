package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.Engine;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code vertx}: a Vert.x {@code Pool}; an operation holds one connection for all its
 * statements, and a connection runs one command at a time. Options: {@code
 * cachePreparedStatements} (default true), {@code eventLoops} (default: number of cores).
 */
public final class VertxPoolProvider extends VertxProviderBase {

  /** Runs an operation's statements in one transaction when it asks for one. */
  @Override
  public boolean transactions() {
    return true;
  }

  @Override
  public String name() {
    return "vertx";
  }

  @Override
  public String description() {
    return "Vert.x reactive PostgreSQL / MySQL client, Pool with prepared-statement cache (one command per connection at a time)";
  }

  @Override
  public Map<String, String> versions(Engine engine) {
    Map<String, String> v = new LinkedHashMap<>(versions());
    v.remove(engine == Engine.MARIADB ? "vertx-pg-client" : "vertx-mysql-client");
    return v;
  }

  /** The PG client on PostgreSQL, the MySQL client on MariaDB/MySQL. */
  @Override
  public Set<Engine> engines() {
    return Set.of(Engine.POSTGRESQL, Engine.MARIADB);
  }

  @Override
  boolean pipelined() {
    return false;
  }
}
