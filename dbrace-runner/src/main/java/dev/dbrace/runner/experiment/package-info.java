/**
 * Named experiments (E3's deep dives): the catalog of built experiment modules and
 * {@code ExperimentSession}, one experiment from database to experiment.json.
 */
package dev.dbrace.runner.experiment;
