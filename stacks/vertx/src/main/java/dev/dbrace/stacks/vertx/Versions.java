package dev.dbrace.stacks.vertx;

import dev.dbrace.core.spi.LibraryVersion;
import io.netty.channel.Channel;
import io.vertx.core.Vertx;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.pgclient.PgBuilder;
import io.vertx.sqlclient.Pool;
import java.util.Collections;
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
      m.put("vertx-core", LibraryVersion.of("io.vertx", "vertx-core", Vertx.class));
      m.put("vertx-sql-client", LibraryVersion.of("io.vertx", "vertx-sql-client", Pool.class));
      m.put("vertx-pg-client", LibraryVersion.of("io.vertx", "vertx-pg-client", PgBuilder.class));
      m.put("vertx-mysql-client", LibraryVersion.of("io.vertx", "vertx-mysql-client", MySQLBuilder.class));
      m.put("netty", LibraryVersion.of("io.netty", "netty-transport", Channel.class));
      cached = v = Collections.unmodifiableMap(m);
    }
    return v;
  }
}
