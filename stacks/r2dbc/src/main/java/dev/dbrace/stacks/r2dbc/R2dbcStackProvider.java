package dev.dbrace.stacks.r2dbc;

import dev.dbrace.core.spi.Stack;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.core.spi.StackProvider;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/** {@code r2dbc}: r2dbc-postgresql behind r2dbc-pool, driven through Reactor without blocking. */
public final class R2dbcStackProvider implements StackProvider {

  @Override
  public String name() {
    return "r2dbc";
  }

  @Override
  public String description() {
    return "r2dbc-postgresql + r2dbc-pool on Reactor (non-blocking)";
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("r2dbc-postgresql",
        version("org.postgresql", "r2dbc-postgresql", io.r2dbc.postgresql.PostgresqlConnectionFactory.class));
    v.put("r2dbc-pool", version("io.r2dbc", "r2dbc-pool", io.r2dbc.pool.ConnectionPool.class));
    v.put("r2dbc-spi", version("io.r2dbc", "r2dbc-spi", io.r2dbc.spi.Connection.class));
    v.put("reactor-core", version("io.projectreactor", "reactor-core", reactor.core.publisher.Mono.class));
    v.put("reactor-netty", version("io.projectreactor.netty", "reactor-netty-core", reactor.netty.Connection.class));
    v.put("reactor-pool", version("io.projectreactor.addons", "reactor-pool", reactor.pool.Pool.class));
    v.put("netty", version("io.netty", "netty-common", io.netty.util.Version.class));
    return v;
  }

  @Override
  public Stack open(StackConfig config) throws Exception {
    return R2dbcStack.open(config);
  }

  /**
   * The version of the jar that holds {@code anchor}: its Maven pom.properties when the jar has
   * one, else the jar manifest's Implementation-Version, else "unknown".
   */
  static String version(String groupId, String artifactId, Class<?> anchor) {
    String path = "META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
    ClassLoader loader = anchor.getClassLoader();
    try (InputStream in = loader == null ? null : loader.getResourceAsStream(path)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isBlank()) {
          return v.trim();
        }
      }
    } catch (IOException ignored) {
      // fall back to the manifest
    }
    Package pkg = anchor.getPackage();
    String v = pkg == null ? null : pkg.getImplementationVersion();
    return v == null || v.isBlank() ? "unknown" : v.trim();
  }
}
