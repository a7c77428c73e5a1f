package dev.dbrace.core.experiment;

/** One {@code --opt name=value} an experiment accepts; {@code defaultValue} is used when it is not given. */
public record ExperimentOption(String name, String defaultValue, String description) {}
