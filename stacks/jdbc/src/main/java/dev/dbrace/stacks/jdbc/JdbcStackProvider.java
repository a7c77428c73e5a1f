package dev.dbrace.stacks.jdbc;

import com.zaxxer.hikari.HikariConfig;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcExecutors;
import dev.dbrace.stacks.jdbcbase.JdbcStackProviderBase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.mariadb.jdbc.Driver;
import org.postgresql.util.DriverInfo;

/**
 * What both JDBC stacks share: the driver per engine (pgjdbc on PostgreSQL, MariaDB Connector/J on
 * MariaDB/MySQL), its options and versions. Subclasses only choose the executor the blocking calls
 * run on. Stateless, thread-safe.
 */
abstract class JdbcStackProvider extends JdbcStackProviderBase {

  /** pgjdbc connection property, set per data source (PostgreSQL only). */
  static final String PREPARE_THRESHOLD = "prepareThreshold";
  /** MariaDB Connector/J connection property (MariaDB only); the driver's default is false. */
  static final String SERVER_PREPARE = "useServerPrepStmts";

  @Override
  public Set<Engine> engines() {
    return Set.of(Engine.POSTGRESQL, Engine.MARIADB);
  }

  @Override
  protected Set<String> knownOptions() {
    return Set.of(PREPARE_THRESHOLD, SERVER_PREPARE, JdbcExecutors.HANDOFF);
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("pgjdbc", DriverInfo.DRIVER_VERSION);
    v.put("MariaDB Connector/J", LibraryVersion.of("org.mariadb.jdbc", "mariadb-java-client", Driver.class));
    v.putAll(hikariVersion());
    return v;
  }

  @Override
  public Map<String, String> versions(Engine engine) {
    Map<String, String> v = new LinkedHashMap<>(versions());
    v.remove(engine == Engine.MARIADB ? "pgjdbc" : "MariaDB Connector/J");
    return v;
  }

  @Override
  protected void configure(HikariConfig hikari, StackConfig config) {
    Map<String, String> options = config.options();
    if (config.engine() == Engine.MARIADB) {
      if (options.containsKey(PREPARE_THRESHOLD)) {
        throw new IllegalArgumentException("option " + PREPARE_THRESHOLD + " is pgjdbc's; on MariaDB use " + SERVER_PREPARE);
      }
      // Shows in information_schema.PROCESSLIST's session attributes (performance_schema).
      hikari.addDataSourceProperty("connectionAttributes", "program_name:" + config.applicationName());
      String serverPrepare = options.get(SERVER_PREPARE);
      if (serverPrepare != null) {
        if (!serverPrepare.equals("true") && !serverPrepare.equals("false")) {
          throw new IllegalArgumentException("option " + SERVER_PREPARE + " must be true or false, got '" + serverPrepare + "'");
        }
        hikari.addDataSourceProperty(SERVER_PREPARE, serverPrepare);
      }
      return;
    }
    if (options.containsKey(SERVER_PREPARE)) {
      throw new IllegalArgumentException("option " + SERVER_PREPARE + " is MariaDB Connector/J's; on PostgreSQL use " + PREPARE_THRESHOLD);
    }
    hikari.addDataSourceProperty("ApplicationName", config.applicationName());
    String threshold = options.get(PREPARE_THRESHOLD);
    if (threshold != null) {
      hikari.addDataSourceProperty(PREPARE_THRESHOLD, parseInt(PREPARE_THRESHOLD, threshold));
    }
  }
}
