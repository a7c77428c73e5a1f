package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.LibraryVersion;
import java.util.LinkedHashMap;
import java.util.Map;

/** Library versions as the jars on the classpath declare them. */
final class Versions {
  private static volatile Map<String, String> cached;

  private Versions() {}

  static Map<String, String> get() {
    Map<String, String> v = cached;
    if (v == null) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("vertx-core", LibraryVersion.of("io.vertx", "vertx-core", io.vertx.core.Vertx.class));
      m.put("vertx-sql-client", LibraryVersion.of("io.vertx", "vertx-sql-client", io.vertx.sqlclient.Pool.class));
      m.put("vertx-pg-client", LibraryVersion.of("io.vertx", "vertx-pg-client", io.vertx.pgclient.PgBuilder.class));
      m.put("vertx-mysql-client", LibraryVersion.of("io.vertx", "vertx-mysql-client", io.vertx.mysqlclient.MySQLBuilder.class));
      m.put("netty", LibraryVersion.of("io.netty", "netty-transport", io.netty.channel.Channel.class));
      cached = v = java.util.Collections.unmodifiableMap(m);
    }
    return v;
  }
}
