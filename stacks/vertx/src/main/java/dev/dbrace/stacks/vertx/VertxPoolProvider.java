package dev.dbrace.stacks.vertx;

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
  public java.util.Map<String, String> versions(dev.dbrace.core.spi.Engine engine) {
    java.util.Map<String, String> v = new java.util.LinkedHashMap<>(versions());
    v.remove(engine == dev.dbrace.core.spi.Engine.MARIADB ? "vertx-pg-client" : "vertx-mysql-client");
    return v;
  }

  /** The PG client on PostgreSQL, the MySQL client on MariaDB/MySQL. */
  @Override
  public java.util.Set<dev.dbrace.core.spi.Engine> engines() {
    return java.util.Set.of(dev.dbrace.core.spi.Engine.POSTGRESQL, dev.dbrace.core.spi.Engine.MARIADB);
  }

  @Override
  boolean pipelined() {
    return false;
  }
}
