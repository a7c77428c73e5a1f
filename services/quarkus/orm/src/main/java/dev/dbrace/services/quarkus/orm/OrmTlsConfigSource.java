package dev.dbrace.services.quarkus.orm;

import dev.dbrace.services.quarkus.common.DbTls;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The race's sslmode and root certificate (the contract's environment) as this service's datasource
 * properties ({@link DbTls#jdbc}): computed, since which properties apply depends on the mode.
 * Found by ServiceLoader; between application.properties (250) and the environment (300).
 */
public final class OrmTlsConfigSource implements ConfigSource {
  private final Map<String, String> properties = DbTls.jdbc(System.getenv());

  @Override
  public Set<String> getPropertyNames() {
    return properties.keySet();
  }

  @Override
  public String getValue(String name) {
    return properties.get(name);
  }

  @Override
  public String getName() {
    return "dbrace-tls";
  }

  @Override
  public int getOrdinal() {
    return 275;
  }
}
