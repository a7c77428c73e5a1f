/**
 * What spikes ({@code runner.spike}) and faults ({@code runner.fault}) share: a run's measured intervals
 * with their counts ({@link dev.dbrace.runner.recovery.IntervalSeries}) and the rule by which one of them
 * counts as recovered from a disturbance ({@link dev.dbrace.runner.recovery.RecoveryRule}).
 */
package dev.dbrace.runner.recovery;
