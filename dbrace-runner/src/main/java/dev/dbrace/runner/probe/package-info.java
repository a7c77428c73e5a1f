/**
 * What is measured around a run, from outside the worker: {@code RunProbe} (the extension point: before,
 * JVM arguments, measured-phase start, after) and its server-counter, TLS and JFR probes; /proc sampling
 * ({@code ProcSampler}, {@code ProcStats}); the JFR thread-state summary; the machine's description.
 */
package dev.dbrace.runner.probe;
