package dev.dbrace.stacks.hibernate.reactive;

import io.vertx.sqlclient.SqlConnectOptions;
import java.net.URI;
import java.util.Map;
import org.hibernate.reactive.pool.impl.DefaultSqlClientPoolConfiguration;

/**
 * Hibernate Reactive's own pool configuration plus the connections' {@code application_name}, by
 * which the runner finds the stack's backends on the server. Instantiated by Hibernate from its
 * class name ({@code hibernate.vertx.pool.configuration_class}), hence public.
 */
public final class ApplicationNamePoolConfiguration extends DefaultSqlClientPoolConfiguration {

  /** The setting that carries the name from the stack to this configuration. */
  static final String APPLICATION_NAME = "dbrace.application_name";

  private String applicationName;

  @Override
  public void configure(@SuppressWarnings("rawtypes") Map configuration) {
    super.configure(configuration);
    Object name = configuration.get(APPLICATION_NAME);
    applicationName = name == null ? null : name.toString();
  }

  @Override
  public SqlConnectOptions connectOptions(URI uri) {
    SqlConnectOptions options = super.connectOptions(uri);
    if (applicationName != null) {
      options.addProperty("application_name", applicationName);
    }
    return options;
  }
}
