package dev.dbrace.core.experiment;

import java.util.Map;

/**
 * Runner to experiment worker, one JSON line on its stdin. Like a stack's run spec it holds no
 * password: the worker reads it from {@link dev.dbrace.core.run.RunSpec#PASSWORD_ENV}.
 *
 * @param options every declared option, defaults filled in
 * @param prior for a companion part: what the parts before it measured; null for the main part
 */
public record ExperimentSpec(
    String experiment, String host, int port, String database, String user, String applicationName,
    Map<String, String> options, ExperimentResult prior) {

  public ExperimentSpec {
    options = Map.copyOf(options);
  }

  public ExperimentSpec(String experiment, String host, int port, String database, String user,
      String applicationName, Map<String, String> options) {
    this(experiment, host, port, database, user, applicationName, options, null);
  }

  /** The same experiment for a companion part, told what the parts before it measured. */
  public ExperimentSpec after(ExperimentResult measured) {
    return new ExperimentSpec(experiment, host, port, database, user, applicationName, options, measured);
  }
}
