package dev.dbrace.core.experiment;

import dev.dbrace.core.spi.SslMode;
import java.util.Map;

/**
 * Runner to experiment worker, one JSON line on its stdin. Like a stack's run spec it holds no
 * password: the worker reads it from {@link dev.dbrace.core.run.RunSpec#PASSWORD_ENV}.
 *
 * @param options every declared option, defaults filled in
 * @param prior for a companion part: what the parts before it measured; null for the main part
 * @param sslMode how every part's connections negotiate TLS: the race URL's sslmode (null means libpq's
 *     default, prefer), the same for pgjdbc, R2DBC and Vert.x
 * @param sslRootCert the root certificate for verify-ca/verify-full, or null for each driver's default
 */
public record ExperimentSpec(
    String experiment, String host, int port, String database, String user, String applicationName,
    Map<String, String> options, ExperimentResult prior, SslMode sslMode, String sslRootCert) {

  public ExperimentSpec {
    options = Map.copyOf(options);
    sslMode = sslMode == null ? SslMode.DEFAULT : sslMode;
  }

  /** With libpq's default TLS mode. */
  public ExperimentSpec(String experiment, String host, int port, String database, String user,
      String applicationName, Map<String, String> options, ExperimentResult prior) {
    this(experiment, host, port, database, user, applicationName, options, prior, null, null);
  }

  public ExperimentSpec(String experiment, String host, int port, String database, String user,
      String applicationName, Map<String, String> options) {
    this(experiment, host, port, database, user, applicationName, options, null);
  }

  /** The same experiment for a companion part, told what the parts before it measured. */
  public ExperimentSpec after(ExperimentResult measured) {
    return new ExperimentSpec(experiment, host, port, database, user, applicationName, options, measured, sslMode,
        sslRootCert);
  }
}
