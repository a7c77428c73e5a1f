package dev.dbrace.stacks.vertx;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** Library versions as the jars on the classpath declare them. */
final class Versions {
  private static volatile Map<String, String> cached;

  private Versions() {}

  static Map<String, String> get() {
    Map<String, String> v = cached;
    if (v == null) {
      Map<String, String> m = new LinkedHashMap<>();
      m.put("vertx-core", of("io.vertx", "vertx-core", io.vertx.core.Vertx.class));
      m.put("vertx-sql-client", of("io.vertx", "vertx-sql-client", io.vertx.sqlclient.Pool.class));
      m.put("vertx-pg-client", of("io.vertx", "vertx-pg-client", io.vertx.pgclient.PgBuilder.class));
      m.put("netty", of("io.netty", "netty-transport", io.netty.channel.Channel.class));
      cached = v = java.util.Collections.unmodifiableMap(m);
    }
    return v;
  }

  /**
   * The version in the jar's {@code META-INF/maven/group/artifact/pom.properties}, else the
   * manifest's Implementation-Version of {@code anchor}'s package, else "unknown".
   */
  static String of(String group, String artifact, Class<?> anchor) {
    String resource = "META-INF/maven/" + group + "/" + artifact + "/pom.properties";
    ClassLoader cl = anchor.getClassLoader();
    try (InputStream in = cl == null ? ClassLoader.getSystemResourceAsStream(resource) : cl.getResourceAsStream(resource)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String version = p.getProperty("version");
        if (version != null && !version.isBlank()) {
          return version.trim();
        }
      }
    } catch (IOException e) {
      // fall back to the manifest
    }
    String version = anchor.getPackage() == null ? null : anchor.getPackage().getImplementationVersion();
    return version == null ? "unknown" : version;
  }
}
