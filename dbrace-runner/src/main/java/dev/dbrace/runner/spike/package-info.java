/**
 * Load spikes ({@code --spike}): the per-second series of a run with spikes, each spike's peak p99,
 * time to recover and what was dropped ({@link dev.dbrace.runner.spike.SpikeRecovery}), and the probe
 * that puts them in the run's record.
 */
package dev.dbrace.runner.spike;
