package dev.dbrace.core.experiment;

import java.util.Map;

/**
 * Runner to experiment worker, one JSON line on its stdin. Like a stack's run spec it holds no
 * password: the worker reads it from {@link dev.dbrace.core.run.RunSpec#PASSWORD_ENV}.
 *
 * @param options every declared option, defaults filled in
 */
public record ExperimentSpec(
    String experiment, String host, int port, String database, String user, String applicationName,
    Map<String, String> options) {

  public ExperimentSpec {
    options = Map.copyOf(options);
  }
}
