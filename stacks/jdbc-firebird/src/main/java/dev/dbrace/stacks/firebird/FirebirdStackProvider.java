package dev.dbrace.stacks.firebird;

import com.zaxxer.hikari.HikariConfig;
import dev.dbrace.core.spi.Engine;
import dev.dbrace.core.spi.LibraryVersion;
import dev.dbrace.core.spi.StackConfig;
import dev.dbrace.stacks.jdbcbase.JdbcStackProviderBase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.firebirdsql.jdbc.FBDriver;

/**
 * What both Jaybird stacks share: Firebird only, Jaybird's settings and versions. Subclasses only
 * choose the executor the blocking calls run on. Stateless, thread-safe.
 */
abstract class FirebirdStackProvider extends JdbcStackProviderBase {

  @Override
  public Set<Engine> engines() {
    return Set.of(Engine.FIREBIRD);
  }

  @Override
  public Map<String, String> versions() {
    // Jaybird's manifest version carries its build ("6.0.5 (build: variant=jaybird ...)"): keep the version.
    String jaybird = LibraryVersion.of("org.firebirdsql.jdbc", "jaybird", FBDriver.class);
    Map<String, String> v = new LinkedHashMap<>();
    v.put("Jaybird", jaybird.split(" ", 2)[0]);
    v.putAll(hikariVersion());
    return v;
  }

  @Override
  protected String pingQuery(StackConfig config) {
    return "SELECT 1 FROM rdb$database";
  }

  @Override
  protected void configure(HikariConfig hikari, StackConfig config) {
    // UTF8 like the datasets (fortune holds Japanese); processName shows in MON$ATTACHMENTS.
    hikari.addDataSourceProperty("encoding", "UTF8");
    hikari.addDataSourceProperty("processName", config.applicationName());
  }
}
