package dev.dbrace.stacks.hibernate.reactive;

import io.vertx.core.net.PemTrustOptions;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.SslMode;
import io.vertx.sqlclient.SqlConnectOptions;
import java.net.URI;
import java.util.Map;
import org.hibernate.reactive.pool.impl.DefaultSqlClientPoolConfiguration;

/**
 * Hibernate Reactive's own pool configuration plus what its URL cannot say: the connections'
 * {@code application_name}, by which the runner finds the stack's backends on the server, and the
 * race's sslmode with libpq's meaning (the modes that do not verify trust any certificate,
 * verify-ca checks the chain against sslrootcert, verify-full the host name too). Instantiated by
 * Hibernate from its class name ({@code hibernate.vertx.pool.configuration_class}), hence public.
 */
public final class ConnectionSettingsPoolConfiguration extends DefaultSqlClientPoolConfiguration {

  /** The setting that carries the name from the stack to this configuration. */
  static final String APPLICATION_NAME = "dbrace.application_name";
  /** libpq's sslmode word. */
  static final String SSL_MODE = "dbrace.sslmode";
  /** The root certificate file for verify-ca and verify-full. */
  static final String SSL_ROOT_CERT = "dbrace.sslrootcert";

  private String applicationName;
  private String sslMode;
  private String sslRootCert;

  @Override
  public void configure(@SuppressWarnings("rawtypes") Map configuration) {
    super.configure(configuration);
    applicationName = text(configuration.get(APPLICATION_NAME));
    sslMode = text(configuration.get(SSL_MODE));
    sslRootCert = text(configuration.get(SSL_ROOT_CERT));
  }

  @Override
  public SqlConnectOptions connectOptions(URI uri) {
    SqlConnectOptions options = super.connectOptions(uri);
    if (applicationName != null) {
      options.addProperty("application_name", applicationName);
    }
    if (sslMode != null) {
      // Hibernate hands over plain SqlConnectOptions, which the driver would copy into PgConnectOptions
      // without any TLS setting: make them PgConnectOptions here (PgConnectOptions.wrap keeps those as they are)
      PgConnectOptions pg = options instanceof PgConnectOptions p ? p : new PgConnectOptions(options);
      options = pg;
      SslMode mode = SslMode.of(sslMode);
      pg.setSslMode(mode);
      switch (mode) {
        case DISABLE -> { }
        case ALLOW, PREFER, REQUIRE -> pg.setTrustAll(true);
        case VERIFY_CA, VERIFY_FULL -> pg.setPemTrustOptions(new PemTrustOptions().addCertPath(sslRootCert))
            .setHostnameVerificationAlgorithm(mode == SslMode.VERIFY_FULL ? "HTTPS" : "");
      }
    }
    return options;
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
